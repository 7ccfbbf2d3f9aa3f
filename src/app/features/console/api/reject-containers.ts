import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { rejectResultSchema, type RejectResult } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';
import type { RejectRequest } from '#domain/schemas/operator-requests';

const answer = z.object({ data: rejectResultSchema });

/**
 * POST /ops/rejections: the pending scans of these containers are rejected, no money moves, and
 * each customer reads the reason. Codes with nothing pending are listed, so a retry is safe.
 */
export async function rejectContainers(body: RejectRequest): Promise<RejectResult> {
  return answer.parse(await consoleRequest('/rejections', { method: 'POST', body })).data;
}

export function useRejectContainers() {
  return useMutation({ mutationFn: rejectContainers });
}
