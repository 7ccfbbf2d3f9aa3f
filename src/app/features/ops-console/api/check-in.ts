import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { checkInResultSchema, type CheckInResult } from '#domain/schemas/operator-answers';
import { opsRequest } from '../ops-api';

const answer = z.object({ data: checkInResultSchema });

/**
 * POST /ops/checkins: credits the pending scans of the batch. Sending the same batch again finds
 * nothing pending, so a retry after a lost answer never credits twice.
 */
export async function checkInContainers(body: { codes: string[]; note?: string }): Promise<CheckInResult> {
  return answer.parse(await opsRequest('/checkins', { method: 'POST', body })).data;
}

export function useCheckInContainers() {
  return useMutation({ mutationFn: checkInContainers });
}
