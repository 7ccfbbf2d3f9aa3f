import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { disputesPage, type DisputesPage } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';

/** GET /ops/disputes?status=open: a page of open disputes, oldest first, with the deposits they all hold at stake. */
export async function fetchOpenDisputes(cursor: string | null, signal?: AbortSignal): Promise<DisputesPage> {
  const query = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
  return disputesPage.parse(await consoleRequest(`/disputes?status=open${query}`, { signal }));
}

export const openDisputesQueryKey = ['ops', 'disputes', 'open'] as const;

export const openDisputesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: openDisputesQueryKey,
    queryFn: ({ signal, pageParam }) => fetchOpenDisputes(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });

export function useOpenDisputes() {
  return useInfiniteQuery(openDisputesQueryOptions());
}
