import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { CheckInUndoResult, RecentCheckIn } from '#domain/schemas/operator-answers';
import { moneyFromMinor } from '#domain/money';
import type { Database, Executor } from '../../db/client';
import { checkinBatches, customerNews, ledgerEntries, scans } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { recordAudit, type Actor } from '../audit/audit';
import { isCheckViolation } from '../../db/errors';
import { lockCustomers, retryLockConflicts } from './customer-locks';

/**
 * How long after a check-in its batch can be undone: long enough for the person at the facility
 * to notice a bag checked in by mistake, short enough that customers have rarely spent the credit.
 * Later, care corrects a balance with an adjustment.
 */
export const checkInUndoMinutes = 15;

/**
 * Undo a check-in batch, all of it or nothing, in one transaction, checked in this order:
 * 1. the batch exists (404), else
 * 2. it was undone already: the first undo's answer again, nothing changes;
 * 3. it is at most `checkInUndoMinutes` old (409 CHECKIN_UNDO_TOO_LATE);
 * 4. its scans, locked, go back to PENDING (the credit, batch and resolution cleared: the CHECK
 *    `scans_completed_has_credit` holds), and the history triggers rebuild the customer's rows;
 * 5. each customer's credit is taken back by a DEPOSIT_REVERSAL ledger entry keyed
 *    `checkin-undo:<batch>:<customer>` (unique: never twice); the balance CHECK refuses one that
 *    would go below zero, a customer who withdrew the money already (409 CHECKIN_CREDIT_SPENT,
 *    and nothing of the batch changes);
 * 6. the batch's "containers credited" news is removed, so the notices no longer say it;
 * 7. one audit entry, `checkin.undo`, with the total taken back.
 * Locks, in the order of every write of several customers (checkIn): the batch row, then its
 * customers by user id (lockCustomers) before 4, then their scans (one statement), their balances
 * by user id (one insert), the audit chain last. A deadlock or serialization failure all the same
 * runs the undo again, up to three times in all, then answers 503 SERVICE_BUSY.
 */
export async function undoCheckIn(db: Database, actor: Actor, batchId: string, now: Date): Promise<CheckInUndoResult> {
  return retryLockConflicts(() => undoCheckInOnce(db, actor, batchId, now));
}

async function undoCheckInOnce(db: Database, actor: Actor, batchId: string, now: Date): Promise<CheckInUndoResult> {
  return db.transaction(async (tx) => {
    const [batch] = await tx.select().from(checkinBatches).where(eq(checkinBatches.id, batchId)).limit(1).for('update');
    if (!batch) throw new ApiError(404, 'NOT_FOUND');
    const credits = await tx
      .select({ userId: ledgerEntries.userId, amountMinor: ledgerEntries.amountMinor, currency: ledgerEntries.currency })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.checkinBatchId, batchId), eq(ledgerEntries.kind, 'DEPOSIT_CREDIT')))
      .orderBy(ledgerEntries.userId);
    if (batch.undoneAt) {
      return { batch_id: batchId, undone_at: batch.undoneAt.toISOString(), scans: batch.undoneScans ?? 0, customers: credits.length };
    }
    if (now.getTime() - batch.createdAt.getTime() > checkInUndoMinutes * 60_000) throw new ApiError(409, 'CHECKIN_UNDO_TOO_LATE');

    await lockCustomers(
      tx,
      credits.map((credit) => credit.userId),
    );
    const reopened = await tx
      .update(scans)
      .set({ status: 'PENDING', creditedMinor: null, checkinBatchId: null, resolvedAt: null })
      .where(and(eq(scans.checkinBatchId, batchId), eq(scans.status, 'COMPLETED')))
      .returning({ id: scans.id });
    if (credits.length > 0) {
      try {
        // One insert, its rows by user id (as `credits` is read): the balance rows in that order.
        await tx.insert(ledgerEntries).values(
          credits.map((credit) => ({
            userId: credit.userId,
            amountMinor: -credit.amountMinor,
            currency: credit.currency,
            kind: 'DEPOSIT_REVERSAL' as const,
            idempotencyKey: `checkin-undo:${batchId}:${credit.userId}`,
            comment: `checkin-undo:${batchId}`,
            createdAt: now,
          })),
        );
      } catch (error) {
        if (isCheckViolation(error, 'balances_not_negative')) throw new ApiError(409, 'CHECKIN_CREDIT_SPENT');
        throw error;
      }
    }
    await tx.delete(customerNews).where(and(eq(customerNews.kind, 'SCAN_CREDITED'), eq(customerNews.rowId, `scan-batch:${batchId}`)));
    await tx.update(checkinBatches).set({ undoneAt: now, undoneScans: reopened.length }).where(eq(checkinBatches.id, batchId));
    const currencies = new Set(credits.map((credit) => credit.currency));
    const [currency] = currencies;
    await recordAudit(tx, actor, {
      action: 'checkin.undo',
      recordType: 'checkin_batch',
      recordId: batchId,
      ...(currencies.size === 1 && currency
        ? { amountMinor: -credits.reduce((sum, credit) => sum + credit.amountMinor, 0), currency }
        : {}),
      detail: { scans: reopened.length, customers: credits.length, scan_ids: reopened.map((row) => row.id).sort() },
    });
    return { batch_id: batchId, undone_at: now.toISOString(), scans: reopened.length, customers: credits.length };
  });
}

/**
 * The person's own check-ins of the last `checkInUndoMinutes`, newest first: what the console lists
 * under "Recent batches", each with its undo, whatever became of the page that sent it (a reload,
 * a batch kept offline and sent later, another device).
 */
export async function recentCheckIns(db: Executor, person: string, now: Date): Promise<RecentCheckIn[]> {
  const since = new Date(now.getTime() - checkInUndoMinutes * 60_000);
  const batches = await db
    .select()
    .from(checkinBatches)
    .where(and(eq(checkinBatches.checkedInBy, person), gt(checkinBatches.createdAt, since)))
    .orderBy(desc(checkinBatches.createdAt))
    .limit(50);
  if (batches.length === 0) return [];
  const ids = batches.map((batch) => batch.id);
  const credits = await db
    .select({
      batchId: ledgerEntries.checkinBatchId,
      currency: ledgerEntries.currency,
      amountMinor: sql<number>`sum(${ledgerEntries.amountMinor})::bigint`.mapWith(Number),
      customers: sql<number>`count(distinct ${ledgerEntries.userId})::int`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.checkinBatchId, ids), eq(ledgerEntries.kind, 'DEPOSIT_CREDIT')))
    .groupBy(ledgerEntries.checkinBatchId, ledgerEntries.currency);
  const credited = await db
    .select({ batchId: scans.checkinBatchId, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(scans)
    .where(inArray(scans.checkinBatchId, ids))
    .groupBy(scans.checkinBatchId);
  return batches.map((batch) => {
    const own = credits.filter((row) => row.batchId === batch.id);
    return {
      batch_id: batch.id,
      created_at: batch.createdAt.toISOString(),
      undo_until: new Date(batch.createdAt.getTime() + checkInUndoMinutes * 60_000).toISOString(),
      undone_at: batch.undoneAt?.toISOString() ?? null,
      // An undone batch's scans no longer name it: the undo counted them.
      containers: batch.undoneAt ? (batch.undoneScans ?? 0) : (credited.find((row) => row.batchId === batch.id)?.count ?? 0),
      customers: own.reduce((sum, row) => sum + row.customers, 0),
      deposits: own.map((row) => moneyFromMinor(row.amountMinor, row.currency)),
    };
  });
}
