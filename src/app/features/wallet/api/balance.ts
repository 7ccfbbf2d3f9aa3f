import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Balance } from '#domain/schemas/wallet';
import { apiRequestChecked } from '../../../lib/api';
import { askAgainAfterRestart, walletQueryScope } from '../../../lib/query-client';
import { rememberBalance } from '../../../lib/last-balance';
import { currentLocale } from '../../../lib/i18n';

/** GET /user/balance */
export async function fetchBalance(signal?: AbortSignal): Promise<Balance> {
  const { data: balance } = await apiRequestChecked('/user/balance', { auth: true, signal }, () =>
    import('#domain/schemas/wallet').then((schemas) => schemas.balanceResponse),
  );
  rememberBalance(balance.balance, currentLocale());
  return balance;
}

export const balanceQueryKey = [...walletQueryScope, 'balance'] as const;

export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: balanceQueryKey,
    queryFn: ({ signal }) => fetchBalance(signal),
    // Shown at once from the persisted cache, then asked again (a check-in may have happened since);
    // one second spares the mount a second call right after the route loader's.
    staleTime: 1_000,
    meta: askAgainAfterRestart,
  });

export function useBalance() {
  return useQuery(balanceQueryOptions());
}
