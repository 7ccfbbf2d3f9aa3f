import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { approvalsPage, type ApprovalsPage } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';

/** GET /ops/approvals?status=pending: a page of adjustments and dispute credits waiting for a second operator, newest first. */
export async function fetchPendingApprovals(cursor: string | null, signal?: AbortSignal): Promise<ApprovalsPage> {
  const query = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
  return approvalsPage.parse(await consoleRequest(`/approvals?status=pending${query}`, { signal }));
}

/** Every approvals list: a decision or a new request changes them all. */
export const approvalsQueryKey = ['ops', 'approvals'] as const;
export const pendingApprovalsQueryKey = [...approvalsQueryKey, 'pending'] as const;

export const pendingApprovalsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: pendingApprovalsQueryKey,
    queryFn: ({ signal, pageParam }) => fetchPendingApprovals(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });

export function usePendingApprovals() {
  return useInfiniteQuery(pendingApprovalsQueryOptions());
}
