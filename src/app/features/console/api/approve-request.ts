import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { approvalSchema, type Approval } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { approvalsQueryKey } from './approvals';
import { disputesQueryKey } from './disputes';

const answer = z.object({ data: approvalSchema });

/**
 * POST /ops/approvals/{id}/approve: the adjustment or dispute credit runs now, as the approver.
 * The person who asked cannot (409 APPROVAL_SAME_PERSON).
 */
export async function approveRequest(id: string): Promise<Approval> {
  return answer.parse(await consoleRequest(`/approvals/${encodeURIComponent(id)}/approve`, { method: 'POST', body: {} })).data;
}

export function useApproveRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => approveRequest(id),
    // An approved dispute credit settles its dispute: the disputes queue changes too.
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: approvalsQueryKey }), client.invalidateQueries({ queryKey: disputesQueryKey })]),
  });
}
