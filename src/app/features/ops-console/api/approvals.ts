import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { approvalSchema, type Approval } from '#domain/schemas/operators';
import { opsRequest } from '../ops-api';

const answer = z.object({ data: z.array(approvalSchema) });

/** GET /ops/approvals?status=pending: adjustments and dispute credits waiting for a second operator, newest first. */
export async function fetchPendingApprovals(signal?: AbortSignal): Promise<Approval[]> {
  return answer.parse(await opsRequest('/approvals?status=pending', { signal })).data;
}

/** Every approvals list: a decision or a new request changes them all. */
export const approvalsQueryKey = ['ops', 'approvals'] as const;
export const pendingApprovalsQueryKey = [...approvalsQueryKey, 'pending'] as const;

export const pendingApprovalsQueryOptions = () =>
  queryOptions({ queryKey: pendingApprovalsQueryKey, queryFn: ({ signal }) => fetchPendingApprovals(signal) });

export function usePendingApprovals() {
  return useQuery(pendingApprovalsQueryOptions());
}
