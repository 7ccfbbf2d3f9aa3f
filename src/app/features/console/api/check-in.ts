import { z } from 'zod';
import { classify, type OutboxEntry, type SendResult } from '#domain/outbox';
import { checkInResultSchema, type CheckInResult } from '#domain/schemas/operator-answers';
import { approvalSchema, type Approval } from '#domain/schemas/operators';
import { isApiError } from '../../../lib/api';
import { consoleRequest } from '../console-api';
import type { CheckInRequest } from '#domain/schemas/operator-requests';

/** 200: the batch was checked in; 202: codes issued in the last 24 hours passed the approval limits, the batch waits for a second operator. */
const answer = z.union([z.object({ data: checkInResultSchema }), z.object({ data: approvalSchema })]);
const keptPayload = z.object({ id: z.uuid(), codes: z.array(z.string()).min(1) });

export type CheckInOutcome = { kind: 'checked-in'; result: CheckInResult } | { kind: 'awaiting-approval'; approval: Approval };

/**
 * POST /ops/checkins with the batch's idempotency key (`id`): the same key sent again gets the
 * first answer back and credits nothing twice, so a batch kept on the phone may be sent until an
 * answer arrives (docs/api.md, `POST /ops/checkins`).
 */
export async function checkInContainers(body: CheckInRequest): Promise<CheckInOutcome> {
  const { data } = answer.parse(await consoleRequest('/checkins', { method: 'POST', body }));
  return 'requested_by' in data ? { kind: 'awaiting-approval', approval: data } : { kind: 'checked-in', result: data };
}

/**
 * The sender of the kept batches (checkin-queue.ts): one batch, its answer handed to `onAnswer`,
 * and what the outbox's round makes of it (no answer, 401, 5xx: kept and sent again; another
 * refusal: kept aside with the server's message).
 */
export function keptCheckInSender(onAnswer: (entry: OutboxEntry, outcome: CheckInOutcome) => void) {
  return async (entry: OutboxEntry): Promise<SendResult> => {
    const payload = keptPayload.safeParse(entry.payload);
    if (!payload.success) return classify(400, 'VALIDATION_FAILED', '');
    try {
      const outcome = await checkInContainers(payload.data);
      onAnswer(entry, outcome);
      return classify(200, '', '');
    } catch (error) {
      if (isApiError(error)) return classify(error.status, error.code, error.message);
      // An answer the schema does not know: the server did answer; sending again gets the same.
      return classify(502, 'UNKNOWN', '');
    }
  };
}
