import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { claimsPage, type ClaimsPage } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';

/** Which claims care looks at: the open ones to decide, or those decided (the history), as searched. */
export interface ClaimFilter {
  status: 'open' | 'resolved';
  /** Part of the claimant's email, the claim's id, or the container code; empty for all. */
  q: string;
}

/**
 * GET /ops/claims: a page of competing claims on containers, open ones oldest first or resolved ones
 * newest decision first, each with its claimant's open and refused claims, and how many there are.
 */
export async function fetchClaims(filter: ClaimFilter, cursor: string | null, signal?: AbortSignal): Promise<ClaimsPage> {
  const query = new URLSearchParams({ status: filter.status });
  if (filter.q !== '') query.set('q', filter.q);
  if (cursor !== null) query.set('cursor', cursor);
  return claimsPage.parse(await consoleRequest(`/claims?${query.toString()}`, { signal }));
}

/** Every list of claims, whatever its tab and search: a decision changes them all. */
export const claimsQueryKey = ['ops', 'claims'] as const;

export const claimsQueryOptions = (filter: ClaimFilter) =>
  infiniteQueryOptions({
    queryKey: [...claimsQueryKey, filter],
    queryFn: ({ signal, pageParam }) => fetchClaims(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
    placeholderData: keepPreviousData,
  });

export function useClaims(filter: ClaimFilter) {
  return useInfiniteQuery(claimsQueryOptions(filter));
}
