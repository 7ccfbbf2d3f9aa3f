import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { claimsPage, type ClaimsPage } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';

/**
 * GET /ops/claims?status=open: a page of competing claims on containers, oldest first, each with its
 * claimant's open and refused claims, and how many are open in all.
 */
export async function fetchOpenClaims(cursor: string | null, signal?: AbortSignal): Promise<ClaimsPage> {
  const query = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
  return claimsPage.parse(await consoleRequest(`/claims?status=open${query}`, { signal }));
}

export const openClaimsQueryKey = ['ops', 'claims', 'open'] as const;

export const openClaimsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: openClaimsQueryKey,
    queryFn: ({ signal, pageParam }) => fetchOpenClaims(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });

export function useOpenClaims() {
  return useInfiniteQuery(openClaimsQueryOptions());
}
