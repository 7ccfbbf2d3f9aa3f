import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { payoutFilesSchema, type PayoutFiles } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';
import { pendingPayoutsQueryKey } from './payouts';

const exportAnswer = z.object({ data: payoutFilesSchema });

/**
 * POST /ops/payouts/export: a new batch of the payouts no export listed yet, or an earlier batch
 * written again (what of it is still pending; the server audits it as a re-export).
 */
export async function exportPayouts(repeatBatch?: string): Promise<PayoutFiles> {
  const body = repeatBatch ? { repeat_batch: repeatBatch } : {};
  return exportAnswer.parse(await consoleRequest('/payouts/export', { method: 'POST', body })).data;
}

export function useExportPayouts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (repeatBatch?: string) => exportPayouts(repeatBatch),
    // The listed payouts now carry their batch.
    onSuccess: () => client.invalidateQueries({ queryKey: pendingPayoutsQueryKey }),
  });
}
