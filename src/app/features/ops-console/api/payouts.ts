import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pendingPayoutSchema, type PendingPayout } from '#domain/schemas/operator-answers';
import { opsRequest } from '../ops-api';

const answer = z.object({ data: z.array(pendingPayoutSchema) });

/** GET /ops/payouts: pending withdrawals, oldest first. */
export async function fetchPendingPayouts(signal?: AbortSignal): Promise<PendingPayout[]> {
  return answer.parse(await opsRequest('/payouts', { signal })).data;
}

export const pendingPayoutsQueryKey = ['ops', 'payouts'] as const;

export const pendingPayoutsQueryOptions = () =>
  queryOptions({ queryKey: pendingPayoutsQueryKey, queryFn: ({ signal }) => fetchPendingPayouts(signal) });

export function usePendingPayouts() {
  return useQuery(pendingPayoutsQueryOptions());
}
