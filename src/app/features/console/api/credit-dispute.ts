import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { disputeSchema, type Dispute } from '#domain/schemas/disputes';
import { approvalSchema } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { disputesQueryKey } from './disputes';
import type { DisputeCreditRequest } from '#domain/schemas/operator-requests';

/** 200: the dispute credited; 202: above the approval limit, a request for a second operator. */
const answer = z.union([z.object({ data: disputeSchema }), z.object({ data: approvalSchema })]);

export type CreditOutcome = { kind: 'credited'; dispute: Dispute } | { kind: 'awaiting-approval' };

/** POST /ops/disputes/{id}/credit: credits the deposits at stake, once however often it is sent. */
export async function creditDispute(id: string, answerText: string | undefined): Promise<CreditOutcome> {
  const body: DisputeCreditRequest = answerText ? { answer: answerText } : {};
  const { data } = answer.parse(await consoleRequest(`/disputes/${encodeURIComponent(id)}/credit`, { method: 'POST', body }));
  return 'requested_by' in data ? { kind: 'awaiting-approval' } : { kind: 'credited', dispute: data };
}

export function useCreditDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer: answerText }: { id: string; answer?: string }) => creditDispute(id, answerText),
    onSuccess: () => client.invalidateQueries({ queryKey: disputesQueryKey }),
  });
}
