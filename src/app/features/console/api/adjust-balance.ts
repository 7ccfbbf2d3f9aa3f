import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { balanceAdjustmentSchema, type BalanceAdjustment } from '#domain/schemas/operator-answers';
import { approvalSchema, type Approval } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { approvalsQueryKey } from './approvals';
import type { AdjustmentRequest } from '#domain/schemas/operator-requests';

/** 201 (or 200 for a retry of the same id): the balance moved; 202: above the approval limit, a request for a second operator. */
const answer = z.union([z.object({ data: balanceAdjustmentSchema }), z.object({ data: approvalSchema })]);

export interface BalanceAdjustmentInput {
  /** Idempotency key: one per submission, kept when it is sent again, so a lost answer never moves the money twice. */
  id: string;
  /** The customer, by account id or by email. */
  customer: { user_id: string } | { email: string };
  /** Signed decimal in the customer's currency: "2.50" adds, "-2.50" takes off. */
  amount: string;
  comment: string;
}

export type AdjustmentOutcome = { kind: 'adjusted'; adjustment: BalanceAdjustment } | { kind: 'awaiting-approval'; approval: Approval };

/** POST /ops/adjustments: adds to or takes from a customer's balance, once per id however often it is sent. */
export async function adjustBalance(input: BalanceAdjustmentInput): Promise<AdjustmentOutcome> {
  const body = { id: input.id, ...input.customer, amount: input.amount, comment: input.comment } satisfies AdjustmentRequest;
  const { data } = answer.parse(await consoleRequest('/adjustments', { method: 'POST', body }));
  return 'requested_by' in data ? { kind: 'awaiting-approval', approval: data } : { kind: 'adjusted', adjustment: data };
}

export function useAdjustBalance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: adjustBalance,
    onSuccess: (outcome) => (outcome.kind === 'awaiting-approval' ? client.invalidateQueries({ queryKey: approvalsQueryKey }) : undefined),
  });
}
