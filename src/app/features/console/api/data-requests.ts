import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { dataRequestsPage, type DataRequestsPage } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';

/** GET /ops/dsar?status=open: a page of data-subject requests not answered yet, nearest deadline first. */
export async function fetchOpenDataRequests(cursor: string | null, signal?: AbortSignal): Promise<DataRequestsPage> {
  return dataRequestsPage.parse(
    await consoleRequest(`/dsar?status=open${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`, { signal }),
  );
}

export const openDataRequestsQueryKey = ['ops', 'dsar', 'open'] as const;

export const openDataRequestsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: openDataRequestsQueryKey,
    queryFn: ({ signal, pageParam }) => fetchOpenDataRequests(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });

export function useOpenDataRequests() {
  return useInfiniteQuery(openDataRequestsQueryOptions());
}
