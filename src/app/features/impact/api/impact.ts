import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Impact } from '#domain/schemas/impact';
import { apiRequestChecked } from '../../../lib/api';
import { askAgainAfterRestart, walletQueryScope } from '../../../lib/query-client';

/** GET /user/impact */
export async function fetchImpact(signal?: AbortSignal): Promise<Impact> {
  const answer = await apiRequestChecked('/user/impact', { auth: true, signal }, () =>
    import('#domain/schemas/impact').then((schemas) => schemas.impactResponse),
  );
  return answer.data;
}

// Under the wallet's scope: a scan or a withdrawal refreshes it with the balance.
export const impactQueryKey = [...walletQueryScope, 'impact'] as const;

export const impactQueryOptions = () =>
  queryOptions({
    queryKey: impactQueryKey,
    queryFn: ({ signal }) => fetchImpact(signal),
    // As the balance: the persisted answer shows at once (offline too), then it is asked again.
    staleTime: 1_000,
    meta: askAgainAfterRestart,
  });

export function useImpact() {
  return useQuery(impactQueryOptions());
}
