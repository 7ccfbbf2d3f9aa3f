import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { payoutFilesSchema, type PayoutFiles } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';
import { pendingPayoutsQueryKey } from './payouts';

const exportAnswer = z.object({ data: payoutFilesSchema });

/** POST /ops/payouts/export: a new batch of the payouts no export listed yet, as files for the bank and PayPal. */
export async function exportPayouts(): Promise<PayoutFiles> {
  return exportAnswer.parse(await consoleRequest('/payouts/export', { method: 'POST', body: {} })).data;
}

export function useExportPayouts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: exportPayouts,
    // The listed payouts now carry their batch.
    onSuccess: () => client.invalidateQueries({ queryKey: pendingPayoutsQueryKey }),
  });
}
