import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ListTotals, PendingPayout } from '#domain/schemas/operator-answers';
import type { CountryCode, Currency } from '#domain/markets';
import { minorFromDecimal, moneyFromMinor } from '#domain/money';
import { currencyOf } from '#domain/markets';
import { checkWithdrawalAmount, isPaymentMethod, withdrawalFeeMinor, type PaymentMethod } from '#domain/payment-methods';
import type { Withdrawal, WithdrawalBody } from '#domain/schemas/payments';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { afterPageKey, pageKeyTime, type PageKey } from '../../db/page-keys';
import { paymentMethods, users, withdrawals } from '../../db/schema';
import { containingPattern } from '../../db/text-match';
import { ApiError } from '../../http/api-error';
import { listTotalsFrom } from '../../http/page-cursor';
import { recordAudit, type Actor, type AuditChange } from '../audit/audit';
import type { PaymentCipher } from '../payments/encryption';
import { findCustomer } from '../accounts/customers';
import { openDetails, shownAccount } from '../payments/payment-methods';
import { appendLedgerEntry, balanceMinorOf } from '../wallet/ledger';
import type { PayoutInstruction, PayoutProvider, PayoutSubmission } from './payout-provider';

type WithdrawalRow = typeof withdrawals.$inferSelect;

export function withdrawalView(row: WithdrawalRow): Withdrawal {
  const currency = row.currency;
  return {
    id: row.id,
    status: row.status,
    amount: moneyFromMinor(row.amountMinor, currency),
    fee: moneyFromMinor(row.feeMinor, currency),
    payout_amount: moneyFromMinor(row.amountMinor - row.feeMinor, currency),
    withdraw_type: row.method,
    account_name: row.accountName,
    account_number: row.accountNumber,
    created_at: row.createdAt.toISOString(),
  };
}

async function findByKey(executor: Executor, userId: string, key: string): Promise<WithdrawalRow | undefined> {
  const [row] = await executor
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** A retry answers what the first request got; the same key with another amount or method is a client bug. */
function replayOf(row: WithdrawalRow, amountMinor: number | undefined, method: PaymentMethod | undefined) {
  if (row.amountMinor !== amountMinor || (method !== undefined && row.method !== method)) {
    throw new ApiError(409, 'IDEMPOTENCY_CONFLICT', { 'Idempotency-Key': 'invalidValue' });
  }
  return { created: false, withdrawal: withdrawalView(row) };
}

/**
 * POST /withdrawals. Checks in the order a person fixes them: email verified, a replay of the
 * same key, the amount (minimum, balance), a payment method on file. Then one transaction:
 *
 * 1. the withdrawal row claims (user_id, idempotency_key): a concurrent request with the same
 *    key waits on the unique index and, once the first commits, finds its row (no second one);
 * 2. the WITHDRAWAL ledger entry takes the amount out: its trigger UPDATEs the customer's
 *    balance row, which locks it, so concurrent withdrawals of one customer apply one after
 *    the other to the latest balance, and CHECK (balance_minor >= 0) refuses the one that would
 *    go below zero (then nothing of it stays). No SELECT … FOR UPDATE is needed: the row lock
 *    is taken by the update itself and held to commit, and only for this customer's row.
 *
 * The balance read before the transaction only gives the friendly message early; the database
 * decides. A refused request stores nothing, so a retry of it is judged again.
 */
export async function requestWithdrawal(
  db: Database,
  cipher: PaymentCipher,
  userId: string,
  idempotencyKey: string,
  body: WithdrawalBody,
  now: Date,
  linePayMarkets: readonly CountryCode[] = [],
): Promise<{ created: boolean; withdrawal: Withdrawal }> {
  const customer = await findCustomer(db, userId, { linePayMarkets });
  if (!customer.emailVerified) throw new ApiError(403, 'EMAIL_NOT_VERIFIED');
  const currency = currencyOf(customer.countryCode);
  const amountMinor = minorFromDecimal(body.amount, currency);

  const first = await findByKey(db, userId, idempotencyKey);
  if (first) return replayOf(first, amountMinor, body.withdraw_type);

  const problem = checkWithdrawalAmount(customer.countryCode, amountMinor, await balanceMinorOf(db, userId));
  if (problem === 'amountInvalid') throw new ApiError(400, 'VALIDATION_FAILED', { amount: 'amountInvalid' });
  if (problem === 'amountAboveBalance') {
    // A retry racing its own first request finds the balance already lowered by it: answer the first.
    const raced = await findByKey(db, userId, idempotencyKey);
    if (raced) return replayOf(raced, amountMinor, body.withdraw_type);
    throw new ApiError(422, 'AMOUNT_ABOVE_BALANCE', { amount: 'amountAboveBalance' });
  }
  if (problem === 'amountBelowMinimum') throw new ApiError(422, 'AMOUNT_BELOW_MINIMUM', { amount: 'amountBelowMinimum' });
  const amount = amountMinor!;

  const [stored] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, userId),
        body.withdraw_type ? eq(paymentMethods.method, body.withdraw_type) : eq(paymentMethods.isDefault, true),
      ),
    )
    .limit(1);
  if (!stored || !isPaymentMethod(stored.method)) throw new ApiError(422, 'PAYMENT_METHOD_MISSING', { withdraw_type: 'required' });
  const method = stored.method;
  if (!customer.offered.includes(method)) throw new ApiError(422, 'PAYMENT_METHOD_UNAVAILABLE', { withdraw_type: 'invalidValue' });
  const shown = shownAccount(openDetails(cipher, userId, method, stored.details));

  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(withdrawals)
        .values({
          userId,
          idempotencyKey,
          amountMinor: amount,
          feeMinor: withdrawalFeeMinor(customer.countryCode, amount),
          currency,
          method,
          status: 'PENDING',
          // The same sealed value: it is bound to (user, method), which the row keeps.
          payoutDetails: stored.details,
          accountName: shown.name,
          accountNumber: shown.number,
          createdAt: now,
        })
        .onConflictDoNothing({ target: [withdrawals.userId, withdrawals.idempotencyKey] })
        .returning();
      if (!row) {
        const raced = await findByKey(tx, userId, idempotencyKey);
        if (!raced) throw new Error('withdrawal key conflict without a row');
        return replayOf(raced, amountMinor, body.withdraw_type);
      }
      try {
        await appendLedgerEntry(tx, {
          userId,
          amountMinor: -amount,
          currency,
          kind: 'WITHDRAWAL',
          idempotencyKey: `withdrawal:${row.id}`,
          createdAt: now,
        });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE')
          throw new ApiError(422, 'AMOUNT_ABOVE_BALANCE', { amount: 'amountAboveBalance' });
        throw error;
      }
      return { created: true, withdrawal: withdrawalView(row) };
    });
  } catch (error) {
    // PGlite and some poolers surface the key conflict as an error rather than waiting: same answer.
    if (isUniqueViolation(error, 'withdrawals_user_idempotency_key')) {
      const raced = await findByKey(db, userId, idempotencyKey);
      if (raced) return replayOf(raced, amountMinor, body.withdraw_type);
    }
    throw error;
  }
}

/** For account deletion: a pending withdrawal blocks it (docs/product.md, Account deletion). */
export async function hasPendingWithdrawal(executor: Executor, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'PENDING')))
    .limit(1);
  return row !== undefined;
}

export type Settlement = { status: 'COMPLETED'; reference?: string } | { status: 'FAILED' | 'CANCELLED'; reason: string };

/**
 * A payout's outcome. COMPLETED keeps the money out; FAILED or CANCELLED returns it with a
 * WITHDRAWAL_REVERSAL entry keyed `withdrawal-reversal:<id>` (unique: never twice). Settling
 * again with the same outcome answers the row as it is; another outcome is refused.
 */
export async function settleWithdrawal(
  db: Database,
  actor: Actor,
  id: string,
  settlement: Settlement,
  now: Date,
): Promise<{ changed: boolean; withdrawal: Withdrawal }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1).for('update');
    if (!row) throw new ApiError(404, 'NOT_FOUND');
    if (row.status !== 'PENDING') {
      if (row.status === settlement.status) return { changed: false, withdrawal: withdrawalView(row) };
      throw new ApiError(409, 'WITHDRAWAL_NOT_PENDING');
    }
    const [updated] = await tx
      .update(withdrawals)
      .set({
        status: settlement.status,
        resolvedAt: now,
        providerReference: settlement.status === 'COMPLETED' ? (settlement.reference ?? null) : row.providerReference,
        reason: settlement.status === 'COMPLETED' ? null : settlement.reason,
      })
      .where(eq(withdrawals.id, id))
      .returning();
    if (settlement.status !== 'COMPLETED') {
      await appendLedgerEntry(tx, {
        userId: row.userId,
        amountMinor: row.amountMinor,
        currency: row.currency,
        kind: 'WITHDRAWAL_REVERSAL',
        idempotencyKey: `withdrawal-reversal:${row.id}`,
        comment: settlement.reason,
        createdAt: now,
      });
    }
    // The reason stays on the withdrawal (and its reversal); the entry names it and the money.
    await recordAudit(tx, actor, {
      action: settlement.status === 'COMPLETED' ? 'payout.complete' : settlement.status === 'FAILED' ? 'payout.fail' : 'payout.cancel',
      recordType: 'withdrawal',
      recordId: id,
      amountMinor: row.amountMinor,
      currency: row.currency,
      detail: { user_id: row.userId, fee_minor: row.feeMinor, payout_reference: row.payoutReference },
    });
    return { changed: true, withdrawal: withdrawalView(updated!) };
  });
}

export interface PayoutListFilter {
  /** pending (the default): oldest first, to be paid; settled: COMPLETED, FAILED or CANCELLED, newest settled first. */
  status?: 'pending' | 'settled';
  currency?: Currency;
  /** The customer's market (their account's country). */
  market?: CountryCode;
  method?: PaymentMethod;
  /** The export batch that listed the payout. */
  batch?: string;
  /** The payout reference (RT + 16 hex digits, whole) or part of the customer's email. */
  q?: string;
}

export interface PayoutPageOptions extends PayoutListFilter {
  limit?: number;
  after?: PageKey;
}

function payoutConditions(filter: PayoutListFilter): (SQL | undefined)[] {
  const q = filter.q;
  return [
    filter.status === 'settled' ? ne(withdrawals.status, 'PENDING') : eq(withdrawals.status, 'PENDING'),
    filter.currency === undefined ? undefined : eq(withdrawals.currency, filter.currency),
    filter.method === undefined ? undefined : eq(withdrawals.method, filter.method),
    filter.batch === undefined ? undefined : eq(withdrawals.exportBatch, filter.batch),
    filter.market === undefined
      ? undefined
      : sql`${withdrawals.userId} in (select ${users.id} from ${users} where ${users.countryCode} = ${filter.market})`,
    q === undefined
      ? undefined
      : or(
          payoutReferencePattern.test(q.toUpperCase()) ? eq(withdrawals.payoutReference, q.toUpperCase()) : undefined,
          sql`${withdrawals.userId} in (select ${users.id} from ${users} where ${users.email} ilike ${containingPattern(q)})`,
        ),
  ];
}

/**
 * A page of payouts from `after` on: pending ones oldest first (an index range of
 * withdrawals_pending_idx), settled ones newest settled first (withdrawals_settled_idx).
 */
export function pendingPayoutsQuery(db: Executor, options: PayoutPageOptions = {}) {
  const settled = options.status === 'settled';
  const time = settled ? withdrawals.resolvedAt : withdrawals.createdAt;
  return db
    .select({ withdrawal: withdrawals, pageAt: pageKeyTime(time) })
    .from(withdrawals)
    .where(and(...payoutConditions(options), afterPageKey(time, withdrawals.id, options.after, settled ? 'desc' : 'asc')))
    .orderBy(...(settled ? [desc(time), desc(withdrawals.id)] : [asc(time), asc(withdrawals.id)]))
    .limit(options.limit ?? 1000);
}

/**
 * What the listed payouts add up to, per currency (what leaves the bank: amount − fee), in one grouped
 * query. Pending and unfiltered (the badge, the CLI, the first screen): an index-only scan of
 * withdrawals_pending_totals_idx, which carries the amounts, so the totals never read the payouts' rows.
 */
export function pendingPayoutTotalsQuery(db: Executor, filter: PayoutListFilter = {}) {
  return db
    .select({
      currency: withdrawals.currency,
      rows: count(),
      minor: sql<number>`coalesce(sum(${withdrawals.amountMinor} - ${withdrawals.feeMinor}), 0)::bigint`.mapWith(Number),
    })
    .from(withdrawals)
    .where(and(...payoutConditions(filter)))
    .groupBy(withdrawals.currency);
}

export async function pendingPayoutTotals(db: Executor, filter: PayoutListFilter = {}): Promise<ListTotals> {
  return listTotalsFrom(await pendingPayoutTotalsQuery(db, filter));
}

/**
 * The payouts of a page. With `revealPaypal` (the payment key, passed only for a finance person
 * signed in to the console) each PayPal payout also carries the receiver's whole email, opened
 * from the payout's sealed details: PayPal's own lists are searched by it, and the masked form
 * cannot tell two receivers apart (docs/operators.md, The console's payouts).
 */
export async function listPendingPayouts(
  db: Database,
  options: PayoutPageOptions = {},
  revealPaypal?: PaymentCipher,
): Promise<(PendingPayout & { pageKey: PageKey })[]> {
  const rows = await pendingPayoutsQuery(db, options);
  return rows.map(({ withdrawal: row, pageAt }) => ({
    ...withdrawalView(row),
    ...(revealPaypal && row.method === 'PAYPAL' && row.payoutDetails
      ? { receiver_email: paypalEmailOf(openDetails(revealPaypal, row.userId, 'PAYPAL', row.payoutDetails)) }
      : {}),
    user_id: row.userId,
    payout_reference: row.payoutReference,
    exported_at: row.exportedAt?.toISOString() ?? null,
    export_batch: row.exportBatch,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    reason: row.reason,
    provider_reference: row.providerReference,
    pageKey: { at: pageAt, id: row.id },
  }));
}

function paypalEmailOf(details: ReturnType<typeof openDetails>): string | undefined {
  return details.method === 'PAYPAL' ? details.account.email : undefined;
}

/** A batch name that sorts by time: what an operator passes to `payouts export --repeat`. */
export function newExportBatch(now: Date): string {
  return `${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;
}

export const payoutReferencePattern = /^RT[0-9A-F]{16}$/;

export interface PayoutExport extends PayoutSubmission {
  batch: string;
  /** True when the batch was an earlier one, asked for again. */
  repeated: boolean;
}

/**
 * Hands pending payouts to a provider (the manual one writes the CSV files). A new export first
 * claims the rows no export has listed yet, in one UPDATE … WHERE export_batch IS NULL: two
 * exports running at once never share a row, and a row exported once never reaches a second
 * file by accident, because uploading both files would pay the customer twice. The rows stay
 * PENDING until settled. `repeatBatch` writes an earlier batch again (the file was lost, or the
 * bank refused the upload), leaving out what was settled since.
 */
export async function exportPendingPayouts(
  db: Database,
  actor: Actor,
  cipher: PaymentCipher,
  provider: PayoutProvider,
  now: Date,
  /** `methods`: a new batch claims only payouts of these (the others go through another provider). */
  options: { repeatBatch?: string; methods?: readonly PaymentMethod[] } = {},
): Promise<PayoutExport> {
  const batch = options.repeatBatch ?? newExportBatch(now);
  const repeatBatch = options.repeatBatch;
  const instructionsOf = (rows: readonly WithdrawalRow[]): PayoutInstruction[] =>
    [...rows]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .flatMap((row) => {
        if (!row.payoutDetails || !isPaymentMethod(row.method)) return [];
        return [
          {
            withdrawalId: row.id,
            payoutReference: row.payoutReference,
            userId: row.userId,
            currency: row.currency,
            payoutMinor: row.amountMinor - row.feeMinor,
            destination: openDetails(cipher, row.userId, row.method, row.payoutDetails),
            requestedAt: row.createdAt,
          },
        ];
      });
  // The provider's refusal (a market's own account not configured) rolls the claim back: nothing is marked.
  const { rows, instructions } = repeatBatch
    ? await db.transaction(async (tx) => {
        const again = await tx
          .select()
          .from(withdrawals)
          .where(and(eq(withdrawals.exportBatch, repeatBatch), eq(withdrawals.status, 'PENDING')));
        const opened = instructionsOf(again);
        provider.check?.(opened);
        // Writing a batch again marks nothing, but hands its bank details out once more: that is an entry of its own.
        if (again.length > 0)
          await recordAudit(tx, actor, { ...payoutBatchChange(batch, provider.name, again), action: 'payouts.reexport' });
        return { rows: again, instructions: opened };
      })
    : await db.transaction(async (tx) => {
        const claimed = await tx
          .update(withdrawals)
          .set({ exportedAt: now, exportBatch: batch, provider: provider.name })
          .where(
            and(
              eq(withdrawals.status, 'PENDING'),
              isNull(withdrawals.exportBatch),
              options.methods === undefined ? undefined : inArray(withdrawals.method, [...options.methods]),
            ),
          )
          .returning();
        const opened = instructionsOf(claimed);
        provider.check?.(opened);
        // The entry that decides which payouts go to the bank, and hands their details out.
        if (claimed.length > 0) await recordAudit(tx, actor, payoutBatchChange(batch, provider.name, claimed));
        return { rows: claimed, instructions: opened };
      });
  let submission: PayoutSubmission;
  try {
    submission = await provider.submit(instructions, batch);
  } catch (error) {
    // The rows are claimed by this batch: they are written again with --repeat, never by a plain export.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${rows.length} payout(s) were marked as batch ${batch} but could not be handed over (${reason}); write them again with: payouts export --repeat ${batch}`,
    );
  }
  return { ...submission, batch, repeated: options.repeatBatch !== undefined };
}

function payoutBatchChange(batch: string, provider: string, rows: readonly WithdrawalRow[]): AuditChange {
  const currencies = new Set(rows.map((row) => row.currency));
  const [currency] = currencies;
  return {
    action: 'payouts.export',
    recordType: 'payout_batch',
    recordId: batch,
    // What the bank is asked to pay out (after fees); a batch of several currencies has no one total.
    ...(currencies.size === 1 && currency
      ? { amountMinor: rows.reduce((sum, row) => sum + row.amountMinor - row.feeMinor, 0), currency }
      : {}),
    // The payouts' ids, so that a search by one of them (or its reference) finds the export too.
    detail: { payouts: rows.length, provider, payout_ids: rows.map((row) => row.id).sort() },
  };
}

/** The withdrawal a payout reference (RT…, as the bank reports it) or an id names. */
export async function withdrawalIdOf(db: Database, idOrReference: string): Promise<string> {
  const reference = idOrReference.trim().toUpperCase();
  if (!payoutReferencePattern.test(reference)) return idOrReference;
  const [row] = await db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.payoutReference, reference)).limit(1);
  if (!row) throw new ApiError(404, 'NOT_FOUND');
  return row.id;
}
