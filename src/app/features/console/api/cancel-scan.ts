import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { cancelledScanSchema, type CancelledScan } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';
import type { CancelScanRequest } from '#domain/schemas/operator-requests';

const answer = z.object({ data: cancelledScanSchema });

/**
 * POST /ops/cancellations: cancels a pending scan, named by its id or its container's code; `reason`
 * is shown to the customer. A scan no longer pending is refused (409 SCAN_NOT_PENDING): a completed
 * one is corrected with an adjustment.
 */
export async function cancelScan(scan: { scan_id: string } | { code: string }, reason: string | undefined): Promise<CancelledScan> {
  const body: CancelScanRequest = reason ? { ...scan, reason } : scan;
  return answer.parse(await consoleRequest('/cancellations', { method: 'POST', body })).data;
}

export function useCancelScan() {
  return useMutation({
    mutationFn: ({ scan, reason }: { scan: { scan_id: string } | { code: string }; reason?: string }) => cancelScan(scan, reason),
  });
}
