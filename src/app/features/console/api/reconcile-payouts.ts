import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { reconciliationSchema, type ReconciliationAnswer } from '#domain/schemas/operator-answers';
import type { payoutReconcileBody } from '#domain/schemas/operator-requests';
import { consoleRequest } from '../console-api';
import { pendingPayoutsQueryKey } from './payouts';

const answer = z.object({ data: reconciliationSchema });

/** POST /ops/payouts/reconcile: the bank's or PayPal's answer settles the payouts it names, each once. */
export type ReconcileUploadBody = z.input<typeof payoutReconcileBody>;

export async function reconcilePayouts(body: ReconcileUploadBody): Promise<ReconciliationAnswer> {
  return answer.parse(await consoleRequest('/payouts/reconcile', { method: 'POST', body })).data;
}

export function useReconcilePayouts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reconcilePayouts,
    // Settled payouts leave the pending list.
    onSuccess: () => client.invalidateQueries({ queryKey: pendingPayoutsQueryKey }),
  });
}
