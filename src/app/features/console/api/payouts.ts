import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { payoutsPage, type PayoutsPage } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';

/** GET /ops/payouts: a page of pending withdrawals, oldest first, with what they all add up to. */
export async function fetchPendingPayouts(cursor: string | null, signal?: AbortSignal): Promise<PayoutsPage> {
  return payoutsPage.parse(
    await consoleRequest(cursor === null ? '/payouts' : `/payouts?cursor=${encodeURIComponent(cursor)}`, { signal }),
  );
}

export const pendingPayoutsQueryKey = ['ops', 'payouts'] as const;

export const pendingPayoutsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: pendingPayoutsQueryKey,
    queryFn: ({ signal, pageParam }) => fetchPendingPayouts(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });

export function usePendingPayouts() {
  return useInfiniteQuery(pendingPayoutsQueryOptions());
}
