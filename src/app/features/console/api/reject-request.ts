import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { approvalSchema, type Approval } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { approvalsQueryKey } from './approvals';

const answer = z.object({ data: approvalSchema });

/** POST /ops/approvals/{id}/reject: nothing moves. The person who asked cannot (409 APPROVAL_SAME_PERSON). */
export async function rejectRequest(id: string): Promise<Approval> {
  return answer.parse(await consoleRequest(`/approvals/${encodeURIComponent(id)}/reject`, { method: 'POST', body: {} })).data;
}

export function useRejectRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rejectRequest(id),
    onSuccess: () => client.invalidateQueries({ queryKey: approvalsQueryKey }),
  });
}
