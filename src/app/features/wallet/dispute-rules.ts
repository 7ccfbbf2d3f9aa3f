import type { Transaction } from '#domain/schemas/wallet';
import { pendingProcessingDays } from '#domain/schemas/wallet';

/**
 * Whether the customer may say "this isn't right" about a line: the server says so for rejected
 * and expired scans (`disputable`); a day of pending scans qualifies once its latest scan is 32
 * days old, which depends on today and so is worked out here. The server checks again.
 */
export function canDispute(row: Transaction, now: Date): boolean {
  if (row.category !== 'SCAN' || row.dispute) return false;
  if (row.disputable) return true;
  return row.status === 'PENDING' && new Date(row.created_at).getTime() <= now.getTime() - pendingProcessingDays * 86_400_000;
}
