import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { DisputeReason } from '#domain/schemas/disputes';
import { disputesPage, type DisputesPage } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';

/** Which disputes care looks at: the open ones to decide, or those decided (the history); a search and a reason narrow either. */
export interface DisputeFilter {
  status: 'open' | 'resolved';
  /** Part of the customer's email, the dispute's id, or a container code; empty for all. */
  q: string;
  reason?: DisputeReason;
}

/**
 * GET /ops/disputes: a page of open disputes (oldest first) or resolved ones (newest decision
 * first), as searched, with the deposits they all hold at stake.
 */
export async function fetchDisputes(filter: DisputeFilter, cursor: string | null, signal?: AbortSignal): Promise<DisputesPage> {
  const query = new URLSearchParams({ status: filter.status });
  if (filter.q !== '') query.set('q', filter.q);
  if (filter.reason !== undefined) query.set('reason', filter.reason);
  if (cursor !== null) query.set('cursor', cursor);
  return disputesPage.parse(await consoleRequest(`/disputes?${query.toString()}`, { signal }));
}

/** Every list of disputes, whatever its tab and search: a decision changes them all. */
export const disputesQueryKey = ['ops', 'disputes'] as const;

export const disputesQueryOptions = (filter: DisputeFilter) =>
  infiniteQueryOptions({
    queryKey: [...disputesQueryKey, filter],
    queryFn: ({ signal, pageParam }) => fetchDisputes(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
    // Another tab or search keeps the list in place until its answer comes, rather than a blank page.
    placeholderData: keepPreviousData,
  });

export function useDisputes(filter: DisputeFilter) {
  return useInfiniteQuery(disputesQueryOptions(filter));
}
