import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { checkInResultSchema, type CheckInResult } from '#domain/schemas/operator-answers';
import { approvalSchema, type Approval } from '#domain/schemas/operators';
import { opsRequest } from '../ops-api';

/** 200: the batch was checked in; 202: codes issued in the last 24 hours passed the approval limits, the batch waits for a second operator. */
const answer = z.union([z.object({ data: checkInResultSchema }), z.object({ data: approvalSchema })]);

export type CheckInOutcome = { kind: 'checked-in'; result: CheckInResult } | { kind: 'awaiting-approval'; approval: Approval };

/**
 * POST /ops/checkins: credits the pending scans of the batch. Sending the same batch again finds
 * nothing pending, so a retry after a lost answer never credits twice.
 */
export async function checkInContainers(body: { codes: string[]; note?: string }): Promise<CheckInOutcome> {
  const { data } = answer.parse(await opsRequest('/checkins', { method: 'POST', body }));
  return 'requested_by' in data ? { kind: 'awaiting-approval', approval: data } : { kind: 'checked-in', result: data };
}

export function useCheckInContainers() {
  return useMutation({ mutationFn: checkInContainers });
}
