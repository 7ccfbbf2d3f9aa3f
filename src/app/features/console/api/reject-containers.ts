import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { rejectResultSchema, type RejectResult } from '#domain/schemas/operator-answers';
import type { RejectReasonCode } from '#domain/reject-reasons';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: rejectResultSchema });

/**
 * POST /ops/rejections: the pending scans of these containers are rejected, no money moves, and
 * each customer reads the reason. Codes with nothing pending are listed, so a retry is safe.
 */
export async function rejectContainers(body: { codes: string[]; reason?: string; reason_code?: RejectReasonCode }): Promise<RejectResult> {
  return answer.parse(await consoleRequest('/rejections', { method: 'POST', body })).data;
}

export function useRejectContainers() {
  return useMutation({ mutationFn: rejectContainers });
}
