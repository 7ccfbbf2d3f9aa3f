import { queryOptions, useQuery } from '@tanstack/react-query';
import { balanceResponse, type Balance } from '#domain/schemas/wallet';
import { apiRequest } from '../../../lib/api';
import { askAgainAfterRestart, walletQueryScope } from '../../../lib/query-client';
import { rememberBalance } from '../../../lib/last-balance';
import { currentLocale } from '../../../lib/i18n';

/** GET /user/balance */
export async function fetchBalance(signal?: AbortSignal): Promise<Balance> {
  const balance = balanceResponse.parse(await apiRequest('/user/balance', { auth: true, signal })).data;
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
