import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { checkInUndoResultSchema, type CheckInUndoResult } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: checkInUndoResultSchema });

/**
 * POST /ops/checkins/{batch_id}/undo: within 15 minutes, the batch's scans wait for a check-in again
 * and their credits are taken back. Undoing twice answers the first undo, so a retry is safe.
 */
export async function undoCheckIn(batchId: string): Promise<CheckInUndoResult> {
  return answer.parse(await consoleRequest(`/checkins/${encodeURIComponent(batchId)}/undo`, { method: 'POST', body: {} })).data;
}

export function useUndoCheckIn() {
  return useMutation({ mutationFn: undoCheckIn });
}
