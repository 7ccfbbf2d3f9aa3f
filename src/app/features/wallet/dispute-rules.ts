import type { Transaction } from '#domain/schemas/wallet';
import { pendingProcessingDays } from '#domain/pending-rule';

/**
 * Whether the customer may say "this isn't right" about a line: the server says so for rejected
 * and expired scans (`disputable`); a day of pending scans qualifies from `disputable_from` (32
 * days after the server received its latest scan), which depends on today and so is compared
 * here. The server checks again. An answer cached before the field existed falls back to the
 * day's latest scan time.
 */
export function canDispute(row: Transaction, now: Date): boolean {
  // A claim is decided by our team already (under review, or dismissed with the reason): nothing to dispute.
  if (row.category !== 'SCAN' || row.dispute || row.claim) return false;
  if (row.disputable) return true;
  if (row.status !== 'PENDING') return false;
  const from = row.disputable_from
    ? new Date(row.disputable_from).getTime()
    : new Date(row.created_at).getTime() + pendingProcessingDays * 86_400_000;
  return from <= now.getTime();
}
