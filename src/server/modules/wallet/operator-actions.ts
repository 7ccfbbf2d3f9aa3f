import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { containerCodeFromRandom, validateContainerCode } from '#domain/container-codes';
import { checkInResultSchema } from '#domain/schemas/operator-answers';
import { rejectionText, type RejectReasonCode } from '#domain/reject-reasons';
import { isSupportedLocale } from '#domain/markets';
import { languageOf, type Language } from '#domain/locales';
import type { Currency } from '#domain/markets';
import { minorFromDecimal, moneyFromMinor, type Money } from '#domain/money';
import type { Database, Executor } from '../../db/client';
import { isCheckViolation, isOutOfRange, isUniqueViolation } from '../../db/errors';
import { checkinBatches, checkinRequests, containers, ledgerEntries, products, scans, users } from '../../db/schema';
import { expirePendingScans } from './scans';
import { openClaimsOn, type ClaimView } from './claims';
import { ApiError } from '../../http/api-error';
import { currencyOf } from '#domain/markets';
import { findProduct, productName } from './catalogue';
import { appendLedgerEntry, balanceAndVersion, balanceMinorOf } from './ledger';
import { lockCustomers, retryLockConflicts } from './customer-locks';
import { afterPageKey, pageKeyTime, type PageKey } from '../../db/page-keys';
import { recordAudit, type Actor } from '../audit/audit';
import type { MoneyMove, MoneyMoveGuard } from '../audit/approvals';
import type { AnswersOfWrite, AnswersOnWrite } from './answers-on-write';

/**
 * What operators do: the HTTP routes under /ops and the ops CLI
 * call these same functions. Each one is a single database transaction, and each that changes
 * something writes its one audit entry in it, naming `actor`. Entries point at the record changed
 * and carry no free text (notes, reasons, comments): the trail cannot be erased, and those can
 * hold personal data, which stays on the record where erasure reaches it.
 */

/** Bare codes as typed or scanned at the facility; those that are not codes at all come back apart. */
function normalizeCodes(raw: readonly string[]): { codes: string[]; invalid: string[] } {
  const codes = new Set<string>();
  const invalid: string[] = [];
  for (const entry of raw) {
    const result = validateContainerCode(entry);
    if (result.ok) codes.add(result.code);
    else invalid.push(entry);
  }
  return { codes: [...codes], invalid };
}

export interface CheckInResult {
  /** Null when no container of the batch had a pending scan (nothing was written). */
  batch_id: string | null;
  checked_in: { code: string; scan_id: string; user_id: string; product_id: string; deposit: Money }[];
  /** Known codes with no pending scan (never scanned, or already checked in, rejected or cancelled). */
  not_pending: string[];
  /** Codes whose pending scan was received more than 32 days ago: cancelled now, not credited. */
  expired: string[];
  /** Codes whose pending scan was not credited because a claim on the container is open. */
  held: string[];
  /**
   * Open claims on these containers (people who scanned a code someone else's scan held), whether
   * that first scan is pending, expired or disputed: nobody is credited for the container until an
   * operator resolves them (ops claims award|dismiss), since the first scan may be a shelf photo.
   */
  competing_claims: {
    code: string;
    first_scan: ClaimView['first_scan'];
    claims: { id: string; user_id: string; scanned_at: string; received_at: string }[];
  }[];
  /** Not an issued code, or not a code at all. */
  unknown: string[];
}

/**
 * A facility check-in: every pending scan of these containers becomes COMPLETED and
 * its customer is credited the product's deposit, one ledger entry per customer for
 * the batch. Checking in the same containers again finds nothing pending: a retry
 * never credits twice. A container with an open claim is held (its scan stays pending)
 * until an operator resolves the claim, then checked in again.
 *
 * Batches run at once (several workers, a script) and share customers, so the transaction takes
 * its locks in this order, the one every write of several customers keeps (docs/data.md,
 * Writes at once):
 * 1. the customers whose pending scans the containers hold (read without a lock), by user id
 *    (lockCustomers: their version rows);
 * 2. those scans, by scan id (FOR UPDATE); a scan recorded between 1 and 2 adds its customer now;
 * 3. the operator's own turn, when the approval guard counts fresh codes (a per-person advisory lock);
 * 4. the customers' balances, by user id, as the batch's ledger entries go in (one statement);
 * 5. last, the audit entry, whose chain lock (one for every writer) is then held only to the commit.
 * Expired scans are cancelled and the batch's scans credited (one statement) under the locks of
 * 1 and 2. A deadlock or serialization failure all the same (a writer keeping another order) runs
 * the batch again, up to three times in all, then answers 503 SERVICE_BUSY: never a 500.
 */
export async function checkIn(
  db: Database,
  actor: Actor,
  rawCodes: readonly string[],
  now: Date,
  note?: string,
  /**
   * The approval limits for codes issued in the last 24 hours (audit/approvals.ts): throws
   * ApprovalNeeded, rolling the batch back. None when an approval runs the batch.
   */
  guard?: MoneyMoveGuard,
  /**
   * The sender's idempotency key: the answer is kept under it (with the actor's person), and the
   * same key again gets that answer back, with nothing credited a second time.
   */
  idempotencyKey?: string,
): Promise<CheckInResult> {
  if (idempotencyKey) {
    const stored = await storedCheckIn(db, actor.person, idempotencyKey);
    if (stored) return stored;
  }
  try {
    return await retryLockConflicts(async () => {
      try {
        return await checkInOnce(db, actor, rawCodes, now, note, guard, idempotencyKey);
      } catch (error) {
        // A claim recorded after this batch read the claims: the trigger refused the credit; read them again.
        if (isCheckViolation(error, 'scans_claimed_not_credited'))
          return checkInOnce(db, actor, rawCodes, now, note, guard, idempotencyKey);
        throw error;
      }
    });
  } catch (error) {
    // The same key sent twice at once: the first to commit answered, this one rolled back.
    if (idempotencyKey && isUniqueViolation(error, 'checkin_requests_pkey')) {
      const stored = await storedCheckIn(db, actor.person, idempotencyKey);
      if (stored) return stored;
    }
    throw error;
  }
}

/** The answer a check-in sent with this key by this person had, if one was. */
export async function storedCheckIn(db: Executor, person: string, idempotencyKey: string): Promise<CheckInResult | undefined> {
  const [row] = await db
    .select({ answer: checkinRequests.answer })
    .from(checkinRequests)
    .where(and(eq(checkinRequests.person, person), eq(checkinRequests.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ? checkInResultSchema.parse(row.answer) : undefined;
}

/** How long a freshly issued code's credit counts as money moved by hand (docs/operators.md, Duties kept apart). */
const freshCodeSeconds = 24 * 3600;

/**
 * The deposits these scans would credit for codes issued in the last 24 hours, by customer: codes
 * that went from the printer to a credit within a day are what one person holding both duties
 * would make, so they count against the approval limits as a hand-made credit would.
 */
async function freshCredits(
  tx: Executor,
  pending: readonly { scan: typeof scans.$inferSelect; product: typeof products.$inferSelect }[],
  now: Date,
): Promise<MoneyMove[]> {
  const since = new Date(now.getTime() - freshCodeSeconds * 1000);
  const fresh = await tx
    .select({ code: containers.code })
    .from(containers)
    .where(
      and(
        inArray(
          containers.code,
          pending.map((row) => row.scan.containerCode),
        ),
        gt(containers.createdAt, since),
      ),
    );
  const freshCodes = new Set(fresh.map((row) => row.code));
  const byCustomer = new Map<string, MoneyMove>();
  for (const { scan, product } of pending) {
    if (!freshCodes.has(scan.containerCode)) continue;
    const key = `${scan.userId}:${product.currency}`;
    const move = byCustomer.get(key) ?? { userId: scan.userId, amountMinor: 0, currency: product.currency };
    move.amountMinor += product.depositMinor;
    byCustomer.set(key, move);
  }
  return [...byCustomer.values()];
}

async function checkInOnce(
  db: Database,
  actor: Actor,
  rawCodes: readonly string[],
  now: Date,
  note: string | undefined,
  guard: MoneyMoveGuard | undefined,
  idempotencyKey: string | undefined,
): Promise<CheckInResult> {
  const { codes, invalid } = normalizeCodes(rawCodes);
  return db.transaction(async (tx) => {
    /** Keeps the answer under the sender's key, in this transaction: both commit or neither. */
    const answered = async (result: CheckInResult) => {
      if (idempotencyKey) {
        await tx
          .insert(checkinRequests)
          .values({ person: actor.person, idempotencyKey, batchId: result.batch_id, answer: result, createdAt: now });
      }
      return result;
    };
    const { known, holders } = await containersAndHolders(tx, codes);
    await lockCustomers(tx, holders);
    const locked = known.length
      ? await tx
          .select({ scan: scans, product: products })
          .from(scans)
          .innerJoin(products, eq(products.id, scans.productId))
          .where(and(inArray(scans.containerCode, known), eq(scans.status, 'PENDING')))
          .orderBy(scans.id)
          .for('update', { of: scans })
      : [];
    const lockedHolders = new Set(holders);
    const late = locked.map((row) => row.scan.userId).filter((userId) => !lockedHolders.has(userId));
    if (late.length > 0) await lockCustomers(tx, late);
    const expiredScans = locked.length ? await expirePendingScans(tx, now, known) : [];
    const expired = new Set(expiredScans.map((row) => row.code));
    const live = locked.filter((row) => !expired.has(row.scan.containerCode));
    const claims = await openClaimsOn(tx, known);
    const claimed = new Set(claims.map((claim) => claim.code));
    const pending = live.filter((row) => !claimed.has(row.scan.containerCode));
    const held = live.filter((row) => claimed.has(row.scan.containerCode)).map((row) => row.scan.containerCode);
    const lockedCodes = new Set(locked.map((row) => row.scan.containerCode));
    const result: CheckInResult = {
      batch_id: null,
      checked_in: [],
      not_pending: known.filter((code) => !lockedCodes.has(code)),
      expired: [...expired],
      held,
      competing_claims: competingClaims(claims),
      unknown: [...invalid, ...codes.filter((code) => !known.includes(code))],
    };
    if (pending.length === 0) {
      // Cancelling expired scans is a change too: with no batch entry to count them, they get their own.
      if (expiredScans.length > 0) await recordAudit(tx, actor, expiryChange(expiredScans));
      return answered(result);
    }
    if (guard) await guard(tx, await freshCredits(tx, pending, now));

    const [batch] = await tx
      .insert(checkinBatches)
      .values({ note: note ?? null, createdAt: now, checkedInBy: actor.person })
      .returning();
    if (!batch) throw new Error('batch insert returned nothing');
    result.batch_id = batch.id;

    // One statement for the whole batch: its triggers raise each customer's version and rebuild
    // their history once, not once a scan. The deposit credited is the product's as of now.
    const credited = await tx
      .update(scans)
      .set({
        status: 'COMPLETED',
        creditedMinor: sql`(select ${products.depositMinor} from ${products} where ${products.id} = ${scans.productId})`,
        checkinBatchId: batch.id,
        resolvedAt: now,
      })
      .where(
        and(
          inArray(
            scans.id,
            pending.map((row) => row.scan.id),
          ),
          eq(scans.status, 'PENDING'),
        ),
      )
      .returning({ id: scans.id, creditedMinor: scans.creditedMinor });
    const creditOf = new Map(credited.map((row) => [row.id, row.creditedMinor ?? 0]));

    const credits = new Map<string, { minor: number; currency: Currency }>();
    for (const { scan, product } of pending) {
      const deposit = creditOf.get(scan.id);
      if (deposit === undefined) continue;
      const credit = credits.get(scan.userId) ?? { minor: 0, currency: product.currency };
      credit.minor += deposit;
      credits.set(scan.userId, credit);
      result.checked_in.push({
        code: scan.containerCode,
        scan_id: scan.id,
        user_id: scan.userId,
        product_id: product.id,
        deposit: moneyFromMinor(deposit, product.currency),
      });
    }
    // One insert, its rows by user id: the balance rows are taken in that order.
    await tx.insert(ledgerEntries).values(
      [...credits]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([userId, credit]) => ({
          userId,
          amountMinor: credit.minor,
          currency: credit.currency,
          kind: 'DEPOSIT_CREDIT' as const,
          checkinBatchId: batch.id,
          createdAt: now,
        })),
    );
    const currencies = new Set([...credits.values()].map((credit) => credit.currency));
    const [currency] = currencies;
    await recordAudit(tx, actor, {
      action: 'checkin',
      recordType: 'checkin_batch',
      recordId: batch.id,
      // A batch of one customer's containers is about them; a batch of several, about the batch.
      ...(credits.size === 1 ? { subject: { type: 'customer', id: [...credits.keys()][0]! } } : {}),
      // A batch mixing markets has no one total: the ledger entries of the batch hold each.
      ...(currencies.size === 1 && currency
        ? { amountMinor: [...credits.values()].reduce((sum, credit) => sum + credit.minor, 0), currency }
        : {}),
      detail: { codes: result.checked_in.length, customers: credits.size, held: held.length, expired: expired.size },
    });
    return answered(result);
  });
}

/**
 * Which of these (valid) codes were ever issued, and the customers whose pending scans hold them,
 * in one statement and without a lock: the customers are locked next, before their scans.
 */
async function containersAndHolders(executor: Executor, codes: string[]): Promise<{ known: string[]; holders: string[] }> {
  if (codes.length === 0) return { known: [], holders: [] };
  const rows = await executor
    .select({ code: containers.code, userId: scans.userId })
    .from(containers)
    .leftJoin(scans, and(eq(scans.containerCode, containers.code), eq(scans.status, 'PENDING')))
    .where(inArray(containers.code, codes));
  return {
    known: [...new Set(rows.map((row) => row.code))],
    holders: [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))],
  };
}

/** Scans a check-in found expired and cancelled: one is named as itself, several as the list of their ids (as a rejection's). */
function expiryChange(expired: readonly { scanId: string }[]) {
  const ids = expired.map((row) => row.scanId).sort();
  return ids.length === 1
    ? { action: 'checkin.expire', recordType: 'scan', recordId: ids[0]!, detail: { expired: 1 } }
    : { action: 'checkin.expire', recordType: 'scan_batch', recordId: ids.join(','), detail: { expired: ids.length } };
}

/** Open claims grouped by the scan they compete with. */
function competingClaims(claims: readonly ClaimView[]): CheckInResult['competing_claims'] {
  const groups = new Map<string, CheckInResult['competing_claims'][number]>();
  for (const claim of claims) {
    const group = groups.get(claim.first_scan.scan_id) ?? { code: claim.code, first_scan: claim.first_scan, claims: [] };
    group.claims.push({ id: claim.id, user_id: claim.user_id, scanned_at: claim.scanned_at, received_at: claim.received_at });
    groups.set(claim.first_scan.scan_id, group);
  }
  return [...groups.values()];
}

export interface RejectResult {
  rejected: { code: string; scan_id: string; user_id: string }[];
  not_pending: string[];
  unknown: string[];
}

/**
 * The facility refuses these containers (damaged, not ours…): REJECTED, no money, the reason shown
 * to the customer. Locks as a check-in does (its customers by id, then their scans by id), so a
 * rejection and a check-in of the same customers take turns instead of deadlocking; retried as one.
 */
/** Free text as the operator wrote it, or a reason from the list (with an optional note), said in each customer's language. */
export type RejectionReason = string | { code: RejectReasonCode; note?: string };

export async function reject(
  db: Database,
  actor: Actor,
  rawCodes: readonly string[],
  reason: RejectionReason,
  now: Date,
): Promise<RejectResult> {
  const { codes, invalid } = normalizeCodes(rawCodes);
  return retryLockConflicts(() => rejectOnce(db, actor, codes, invalid, reason, now));
}

async function rejectOnce(
  db: Database,
  actor: Actor,
  codes: string[],
  invalid: string[],
  reason: RejectionReason,
  now: Date,
): Promise<RejectResult> {
  return db.transaction(async (tx) => {
    const { known, holders } = await containersAndHolders(tx, codes);
    await lockCustomers(tx, holders);
    const locked = known.length
      ? await tx
          .select({ id: scans.id, userId: scans.userId })
          .from(scans)
          .where(and(inArray(scans.containerCode, known), eq(scans.status, 'PENDING')))
          .orderBy(scans.id)
          .for('update')
      : [];
    const lockedHolders = new Set(holders);
    const late = locked.map((row) => row.userId).filter((userId) => !lockedHolders.has(userId));
    if (late.length > 0) await lockCustomers(tx, late);
    // One statement per wording: the operator's text as it is, or the listed reason in each customer's language.
    const groups = new Map<string, string[]>();
    const languages = typeof reason === 'string' ? new Map<string, Language>() : await customerLanguages(tx, locked);
    for (const row of locked) {
      const text = typeof reason === 'string' ? reason : rejectionText(languages.get(row.userId) ?? 'en', reason.code, reason.note);
      groups.set(text, [...(groups.get(text) ?? []), row.id]);
    }
    const rejected: RejectResult['rejected'] = [];
    for (const [text, ids] of groups) {
      rejected.push(
        ...(await tx
          .update(scans)
          .set({ status: 'REJECTED', reason: text, resolvedAt: now })
          .where(and(inArray(scans.id, ids), eq(scans.status, 'PENDING')))
          .returning({ code: scans.containerCode, scan_id: scans.id, user_id: scans.userId })),
      );
    }
    const done = new Set(rejected.map((row) => row.code));
    if (rejected.length > 0) {
      // One scan is named as itself, so its trail is found by its id; several, as the list of their ids.
      const ids = rejected.map((row) => row.scan_id).sort();
      await recordAudit(tx, actor, {
        action: 'reject',
        recordType: ids.length === 1 ? 'scan' : 'scan_batch',
        recordId: ids.join(','),
        detail: { codes: rejected.length, containers: rejected.map((row) => row.code).sort() },
      });
    }
    return {
      rejected,
      not_pending: known.filter((code) => !done.has(code)),
      unknown: [...invalid, ...codes.filter((code) => !known.includes(code))],
    };
  });
}

/** What these codes are (issued ones only, in the order given): product, its name in `language`, its deposit now. */
export async function lookUpContainers(db: Executor, rawCodes: readonly string[], language: Language) {
  const { codes } = normalizeCodes(rawCodes);
  if (codes.length === 0) return [];
  const rows = await db
    .select({ code: containers.code, product: products })
    .from(containers)
    .innerJoin(products, eq(products.id, containers.productId))
    .where(inArray(containers.code, codes));
  const byCode = new Map(rows.map((row) => [row.code, row.product]));
  return codes.flatMap((code) => {
    const product = byCode.get(code);
    return product
      ? [
          {
            code,
            product_id: product.id,
            product_name: productName(product, language),
            deposit: moneyFromMinor(product.depositMinor, product.currency),
          },
        ]
      : [];
  });
}

/** The language each of these scans' customers reads (their locale's), English for a locale no longer offered. */
async function customerLanguages(tx: Executor, rows: readonly { userId: string }[]): Promise<Map<string, Language>> {
  const ids = [...new Set(rows.map((row) => row.userId))];
  if (ids.length === 0) return new Map();
  const found = await tx.select({ id: users.id, locale: users.locale }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((row) => [row.id, isSupportedLocale(row.locale) ? languageOf(row.locale) : 'en']));
}

/**
 * Customer care cancels a pending scan (by its id, or the pending scan of a container):
 * CANCELLED, no money. A completed scan is not cancelled: an ADJUSTMENT corrects money.
 */
export async function cancelScan(
  db: Database,
  actor: Actor,
  target: { scanId: string } | { code: string },
  reason: string | undefined,
  now: Date,
): Promise<{ scan_id: string; code: string; user_id: string; status: 'CANCELLED' }> {
  let condition;
  if ('scanId' in target) {
    condition = eq(scans.id, target.scanId);
  } else {
    const parsed = validateContainerCode(target.code);
    if (!parsed.ok) throw new ApiError(400, 'CONTAINER_CODE_FORMAT', { code: 'invalidValue' });
    condition = and(eq(scans.containerCode, parsed.code), eq(scans.status, 'PENDING'));
  }
  return retryLockConflicts(() => cancelScanOnce(db, actor, condition, reason, now));
}

async function cancelScanOnce(db: Database, actor: Actor, condition: SQL | undefined, reason: string | undefined, now: Date) {
  return db.transaction(async (tx) => {
    // The customer before their scan, as every write of scans locks them (checkIn).
    const [owner] = await tx.select({ userId: scans.userId }).from(scans).where(condition).limit(1);
    if (!owner) throw new ApiError(404, 'NOT_FOUND');
    await lockCustomers(tx, [owner.userId]);
    const [scan] = await tx.select().from(scans).where(condition).limit(1).for('update');
    if (!scan) throw new ApiError(404, 'NOT_FOUND');
    if (scan.status !== 'PENDING') throw new ApiError(409, 'SCAN_NOT_PENDING');
    await tx
      .update(scans)
      .set({ status: 'CANCELLED', reason: reason ?? null, resolvedAt: now })
      .where(eq(scans.id, scan.id));
    await recordAudit(tx, actor, {
      action: 'scan.cancel',
      recordType: 'scan',
      recordId: scan.id,
      detail: { code: scan.containerCode, user_id: scan.userId },
    });
    return { scan_id: scan.id, code: scan.containerCode, user_id: scan.userId, status: 'CANCELLED' as const };
  });
}

export interface AdjustmentInput {
  /** The operator's idempotency key (a UUID): a retry returns the first entry. */
  id?: string;
  userId?: string;
  email?: string;
  /** Decimal string in the customer's currency, signed: "2.50" credits, "-1.00" debits. */
  amount: string;
  comment: string;
}

export interface AdjustmentResult {
  id: number;
  user_id: string;
  amount: Money;
  comment: string;
  balance: Money;
  created_at: string;
}

/** Whose balance an adjustment moves, and by how much in their currency (what an approval is asked for). */
export async function adjustmentAmount(db: Database, input: Pick<AdjustmentInput, 'userId' | 'email' | 'amount'>) {
  const user = await resolveUser(db, input);
  const currency = currencyOf(user.countryCode);
  const amountMinor = minorFromDecimal(input.amount, currency);
  if (amountMinor === undefined || amountMinor === 0 || Math.abs(amountMinor) > 1_000_000_000) {
    throw new ApiError(400, 'VALIDATION_FAILED', { amount: 'invalidValue' });
  }
  return { user, currency, amountMinor };
}

async function resolveUser(db: Database, input: { userId?: string; email?: string }) {
  const condition = input.userId ? eq(users.id, input.userId) : input.email ? eq(users.email, input.email.trim().toLowerCase()) : undefined;
  if (!condition) throw new ApiError(400, 'VALIDATION_FAILED', { user_id: 'required' });
  const [user] = await db
    .select({ id: users.id, countryCode: users.countryCode })
    .from(users)
    .where(and(condition, isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw new ApiError(404, 'NOT_FOUND');
  return user;
}

function adjustmentView(entry: typeof ledgerEntries.$inferSelect, balanceMinor: number): AdjustmentResult {
  const currency = entry.currency;
  return {
    id: entry.id,
    user_id: entry.userId,
    amount: moneyFromMinor(entry.amountMinor, currency),
    comment: entry.comment ?? '',
    balance: moneyFromMinor(balanceMinor, currency),
    created_at: entry.createdAt.toISOString(),
  };
}

/** Customer care credits or debits a balance with a comment; a debit below zero is refused (the database decides). */
export async function adjustBalance(
  db: Database,
  actor: Actor,
  input: AdjustmentInput,
  now: Date,
  options: {
    /** What adjustmentAmount answered for this input, when the caller already asked. */
    resolved?: Awaited<ReturnType<typeof adjustmentAmount>>;
    /** The customer's answers kept in this process, recomputed inside the transaction (answers-on-write.ts). */
    answers?: AnswersOnWrite;
    /**
     * The approval limits (audit/approvals.ts): asked after the entry is in, so a retry is answered
     * as made; throws ApprovalNeeded, rolling the adjustment back. None when an approval runs it.
     */
    guard?: MoneyMoveGuard;
  } = {},
): Promise<{ created: boolean; adjustment: AdjustmentResult }> {
  const { user, currency, amountMinor } = options.resolved ?? (await adjustmentAmount(db, input));
  const key = input.id ? `adjustment:${input.id}` : undefined;

  // A retry (the same id) is found by its insert: the key's unique index refuses it before any
  // trigger runs, and the transaction ends there. Not asked first: every fresh adjustment would
  // pay a round trip for the rare retry, on the event loop the customers' reads share.
  const replay = async () => {
    if (!key) return undefined;
    const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key)).limit(1);
    if (!entry) return undefined;
    if (entry.userId !== user.id || entry.amountMinor !== amountMinor || entry.comment !== input.comment) {
      throw new ApiError(409, 'IDEMPOTENCY_CONFLICT', { id: 'invalidValue' });
    }
    return { created: false, adjustment: adjustmentView(entry, await balanceMinorOf(db, user.id)) };
  };

  let answersOfWrite: AnswersOfWrite | undefined;
  try {
    const result = await db.transaction(async (tx) => {
      // The customer first, as every write of several customers takes them (checkIn): the entry's
      // balance row after, never before, so an adjustment and a check-in of one customer take turns.
      await lockCustomers(tx, [user.id]);
      const entry = await appendLedgerEntry(tx, {
        userId: user.id,
        amountMinor,
        currency,
        kind: 'ADJUSTMENT',
        idempotencyKey: key,
        comment: input.comment,
        createdAt: now,
      });
      await options.guard?.(tx, [{ userId: user.id, amountMinor, currency }]);
      const read = await balanceAndVersion(tx, user.id, currency);
      answersOfWrite = await options.answers?.recompute(tx, { id: user.id, currency }, read);
      // Last before the commit: the audit chain's lock is held by every writer's entry to the end
      // of its transaction, so no other statement of this one runs while it holds it.
      await recordAudit(tx, actor, {
        action: 'balance.adjust',
        recordType: 'ledger_entry',
        recordId: String(entry.id),
        amountMinor,
        currency,
        detail: { user_id: user.id },
      });
      return { created: true, adjustment: adjustmentView(entry, read.balanceMinor) };
    });
    answersOfWrite?.keep();
    return result;
  } catch (error) {
    answersOfWrite?.drop();
    if (isUniqueViolation(error, 'ledger_entries_idempotency_key')) {
      const raced = await replay();
      if (raced) return raced;
    }
    // The balance column holds 32 bits: an adjustment that would carry it past them is refused.
    if (isOutOfRange(error)) throw new ApiError(422, 'VALIDATION_FAILED', { amount: 'invalidValue' });
    throw error;
  }
}

/** Issue new container codes for a product (crypto randomness; a rare collision is drawn again). */
export async function issueContainers(db: Database, actor: Actor, productId: string, count: number, now: Date): Promise<string[]> {
  if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new RangeError('count must be 1 to 10000');
  return db.transaction(async (tx) => {
    const product = await findProduct(tx, productId);
    if (!product) throw new ApiError(404, 'NOT_FOUND', { product_id: 'invalidValue' });
    const issued: string[] = [];
    while (issued.length < count) {
      const wanted = Math.min(500, count - issued.length);
      const batch = new Set<string>();
      while (batch.size < wanted) batch.add(containerCodeFromRandom(randomBytes(7)));
      const rows = await tx
        .insert(containers)
        .values([...batch].map((code) => ({ code, productId, createdAt: now })))
        .onConflictDoNothing({ target: containers.code })
        .returning({ code: containers.code });
      issued.push(...rows.map((row) => row.code));
    }
    await recordAudit(tx, actor, { action: 'containers.issue', recordType: 'product', recordId: productId, detail: { count } });
    return issued;
  });
}

/**
 * Issued codes nobody scanned (for trying the scanner with demo accounts), oldest issued first, a page
 * from `after` on: an index range of containers_unscanned_idx, whose rows a trigger on scans takes out
 * at a container's first scan (migration 0036).
 */
export interface UnscannedPageOptions {
  countryCode?: string | undefined;
  limit: number;
  /** The last code shown: its issue time and code. */
  after?: PageKey | undefined;
}

export function unscannedContainersQuery(db: Executor, options: UnscannedPageOptions) {
  return db
    .select({
      code: containers.code,
      productId: containers.productId,
      countryCode: products.countryCode,
      pageAt: pageKeyTime(containers.createdAt),
    })
    .from(containers)
    .innerJoin(products, eq(products.id, containers.productId))
    .where(
      and(
        isNull(containers.firstScannedAt),
        options.countryCode ? eq(products.countryCode, options.countryCode) : undefined,
        afterPageKey(containers.createdAt, containers.code, options.after),
      ),
    )
    .orderBy(containers.createdAt, containers.code)
    .limit(options.limit);
}

export async function unscannedContainers(
  db: Executor,
  options: UnscannedPageOptions,
): Promise<{ code: string; productId: string; countryCode: string; pageKey: PageKey }[]> {
  const rows = await unscannedContainersQuery(db, options);
  return rows.map(({ pageAt, ...row }) => ({ ...row, pageKey: { at: pageAt, id: row.code } }));
}
