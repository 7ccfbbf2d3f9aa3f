import { and, asc, count, desc, eq, getTableColumns, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Currency } from '#domain/markets';
import { moneyFromMinor } from '#domain/money';
import { pendingProcessingDays } from '#domain/pending-rule';
import { disputesPerDay, type Dispute, type DisputeBody, type DisputeReason } from '#domain/schemas/disputes';
import type { Database, Executor } from '../../db/client';
import { isCheckViolation, isUniqueViolation } from '../../db/errors';
import { afterPageKey, pageKeyTime, type PageKey } from '../../db/page-keys';
import { containingPattern, idPattern } from '../../db/text-match';
import { disputeCounts, disputeScans, disputes, products, scans, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { listTotalsFrom } from '../../http/page-cursor';
import type { ListTotals } from '#domain/schemas/operator-answers';
import { recordAudit, type Actor } from '../audit/audit';
import type { MoneyMoveGuard } from '../audit/approvals';
import { findCustomer } from '../accounts/customers';
import { appendLedgerEntry } from '../wallet/ledger';
import { expirePendingScans } from '../wallet/scans';
import { claimsAgainst, type ClaimView } from '../wallet/claims';
import { reencodeDisputePhoto } from './photo';

type DisputeRow = typeof disputes.$inferSelect;
/** A dispute read for a list: whether it has a photo, not the photo (loaded by GET …/photo when asked). */
type ListedDisputeRow = Omit<DisputeRow, 'photoJpeg'> & { hasPhoto: boolean };

const { photoJpeg: photoColumn, ...columnsButPhoto } = getTableColumns(disputes);
const listedDisputeColumns = { ...columnsButPhoto, hasPhoto: sql<boolean>`${photoColumn} is not null` };

const dayMs = 86_400_000;

async function scanIdsOf(executor: Executor, disputeId: string): Promise<string[]> {
  const rows = await executor
    .select({ scanId: disputeScans.scanId })
    .from(disputeScans)
    .where(eq(disputeScans.disputeId, disputeId))
    .orderBy(asc(disputeScans.scanId));
  return rows.map((row) => row.scanId);
}

export function disputeView(row: DisputeRow | ListedDisputeRow, scanIds: readonly string[]): Dispute {
  const currency = row.currency;
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    note: row.note,
    has_photo: 'hasPhoto' in row ? row.hasPhoto : row.photoJpeg !== null,
    transaction_ids: scanIds.map((id) => `scan:${id}`),
    amount: moneyFromMinor(row.amountMinor, currency),
    answer: row.answer,
    credited: row.status === 'CREDITED' ? moneyFromMinor(row.amountMinor, currency) : null,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}

/** The scans a history line stands for, locked, with their deposits. */
async function scansOfLine(tx: Executor, userId: string, countryCode: string, transactionId: string) {
  const columns = {
    id: scans.id,
    code: scans.containerCode,
    status: scans.status,
    scannedAt: scans.scannedAt,
    createdAt: scans.createdAt,
    resolvedAt: scans.resolvedAt,
    depositMinor: products.depositMinor,
  };
  if (transactionId.startsWith('scan:')) {
    return tx
      .select(columns)
      .from(scans)
      .innerJoin(products, eq(products.id, scans.productId))
      .where(and(eq(scans.id, transactionId.slice('scan:'.length)), eq(scans.userId, userId)))
      .for('update', { of: scans });
  }
  // A pending day is a calendar day in the customer's market time zone, as history_rows groups it.
  const day = transactionId.slice('scan-pending:'.length);
  return tx
    .select(columns)
    .from(scans)
    .innerJoin(products, eq(products.id, scans.productId))
    .where(
      and(
        eq(scans.userId, userId),
        eq(scans.status, 'PENDING'),
        sql`(${scans.scannedAt} at time zone market_time_zone(${countryCode}))::date = ${day}::date`,
      ),
    )
    .orderBy(asc(scans.id))
    .for('update', { of: scans });
}

function isDisputable(scan: { status: string; scannedAt: Date; createdAt: Date; resolvedAt: Date | null }, now: Date): boolean {
  const lifetime = pendingProcessingDays * dayMs;
  if (scan.status === 'REJECTED') return true;
  // From when the server received it, as its hold expires: a scan dated 7 days back is not late after 25.
  if (scan.status === 'PENDING') return scan.createdAt.getTime() <= now.getTime() - lifetime;
  // Cancelled because it waited 32 days (a check-in or a new scan expired it): the customer may say they did return it.
  return scan.status === 'CANCELLED' && scan.resolvedAt !== null && scan.resolvedAt.getTime() - scan.scannedAt.getTime() >= lifetime;
}

function replayOf(row: DisputeRow, userId: string, scanIds: readonly string[], transactionId: string) {
  const lineIds = scanIds.map((id) => `scan:${id}`);
  // The same phone resending: same owner, and the line it named is (or became) one of the dispute's lines.
  const sameLine = transactionId.startsWith('scan-pending:') || lineIds.includes(transactionId);
  if (row.userId !== userId || !sameLine) throw new ApiError(409, 'IDEMPOTENCY_CONFLICT', { id: 'invalidValue' });
  return { created: false, dispute: disputeView(row, scanIds) };
}

/**
 * POST /disputes: a customer says a history line is wrong. Checks, in the order a person meets
 * them: the photo (decoded as a JPEG, size, re-encoded: photo.ts), then in one transaction that holds the customer's row
 * (FOR NO KEY UPDATE: two filings of one customer take turns, scans and credits do not wait):
 * a resend of the same id (answered as the first time), the daily limit, the line's scans
 * (theirs, rejected, or pending 32 days, or cancelled after waiting that long), a dispute
 * already covering one of them. Scans still pending are expired now (CANCELLED, as a check-in
 * would: past 32 days they hold nothing), so no later check-in can credit them besides the
 * dispute. The primary key of dispute_scans is the last word on "one dispute per scan".
 */
export async function fileDispute(
  db: Database,
  userId: string,
  body: DisputeBody,
  now: Date,
  limits: { perDay: number } = { perDay: disputesPerDay },
): Promise<{ created: boolean; dispute: Dispute }> {
  const photo = body.photo === undefined ? null : await reencodeDisputePhoto(body.photo);
  try {
    return await db.transaction(async (tx) => {
      const user = await findCustomer(tx, userId, { lockRow: true });

      const [existing] = await tx.select().from(disputes).where(eq(disputes.id, body.id)).limit(1);
      if (existing) return replayOf(existing, userId, await scanIdsOf(tx, existing.id), body.transaction_id);

      const [today] = await tx
        .select({ filed: count() })
        .from(disputes)
        .where(and(eq(disputes.userId, userId), gte(disputes.createdAt, new Date(now.getTime() - dayMs))));
      if (Number(today?.filed ?? 0) >= limits.perDay) throw new ApiError(422, 'TOO_MANY_DISPUTES');

      const lines = await scansOfLine(tx, userId, user.countryCode, body.transaction_id);
      if (lines.length === 0) throw new ApiError(404, 'NOT_FOUND', { transaction_id: 'invalidValue' });
      if (!lines.every((scan) => isDisputable(scan, now)))
        throw new ApiError(422, 'DISPUTE_NOT_ALLOWED', { transaction_id: 'invalidValue' });
      const taken = await tx
        .select({ scanId: disputeScans.scanId })
        .from(disputeScans)
        .where(
          inArray(
            disputeScans.scanId,
            lines.map((scan) => scan.id),
          ),
        )
        .limit(1);
      if (taken.length > 0) throw new ApiError(409, 'DISPUTE_EXISTS', { transaction_id: 'invalidValue' });

      const pendingCodes = lines.filter((scan) => scan.status === 'PENDING').map((scan) => scan.code);
      if (pendingCodes.length > 0) await expirePendingScans(tx, now, pendingCodes);

      const [row] = await tx
        .insert(disputes)
        .values({
          id: body.id,
          userId,
          status: 'OPEN',
          reason: body.reason,
          note: body.note ? body.note : null,
          photoJpeg: photo ? photo.toString('base64') : null,
          amountMinor: lines.reduce((sum, scan) => sum + scan.depositMinor, 0),
          currency: user.currency,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('dispute insert returned nothing');
      await tx.insert(disputeScans).values(lines.map((scan) => ({ scanId: scan.id, disputeId: row.id })));
      return { created: true, dispute: disputeView(row, lines.map((scan) => scan.id).sort()) };
    });
  } catch (error) {
    // A concurrent resend of this very dispute, or another dispute of the same scan, committed first.
    if (isUniqueViolation(error, 'disputes_pkey')) {
      const [raced] = await db.select().from(disputes).where(eq(disputes.id, body.id)).limit(1);
      if (raced) return replayOf(raced, userId, await scanIdsOf(db, raced.id), body.transaction_id);
    }
    if (isUniqueViolation(error, 'dispute_scans_pkey')) throw new ApiError(409, 'DISPUTE_EXISTS', { transaction_id: 'invalidValue' });
    throw error;
  }
}

export type Resolution = { outcome: 'CREDIT'; answer?: string } | { outcome: 'UPHOLD'; answer: string };

/**
 * The one place a dispute is settled (the ops API and CLI both come here; anything that must
 * follow a settlement, such as telling the customer, hangs off this function or off the change
 * of `disputes.status`). One transaction:
 *
 * 1. the dispute row is locked (FOR UPDATE): parallel settlements of one dispute take turns,
 *    and each later one re-reads the row after the first committed;
 * 2. not OPEN any more: the same outcome answers the row as it is (a repeat, nothing moves),
 *    another outcome is 409 DISPUTE_NOT_OPEN;
 * 3. CREDIT appends one DISPUTE_CREDIT ledger entry keyed `dispute:<id>` (unique: a second one is
 *    refused by the database, whoever writes it) and the row keeps its id (unique too, and the
 *    CHECK ties CREDITED to having it); UPHOLD needs an answer (CHECK). CREDIT is refused while a
 *    claim on a disputed container is open (409 CONTAINER_CLAIM_OPEN: the claimant may be who
 *    returned it) or once a claim against a disputed scan was awarded (409
 *    CONTAINER_CLAIM_AWARDED: the claimant was paid); a trigger refuses both as well.
 */
export async function resolveDispute(
  db: Database,
  actor: Actor,
  id: string,
  resolution: Resolution,
  now: Date,
  /** The approval limits of a credit (audit/approvals.ts); none when an approval runs it. */
  guard?: MoneyMoveGuard,
): Promise<{ changed: boolean; dispute: Dispute }> {
  const wanted = resolution.outcome === 'CREDIT' ? 'CREDITED' : 'UPHELD';
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(disputes).where(eq(disputes.id, id)).limit(1).for('update');
      if (!row) throw new ApiError(404, 'NOT_FOUND');
      if (row.status !== 'OPEN') {
        if (row.status === wanted) return { changed: false, dispute: disputeView(row, await scanIdsOf(tx, id)) };
        throw new ApiError(409, 'DISPUTE_NOT_OPEN');
      }
      let ledgerEntryId: number | null = null;
      if (resolution.outcome === 'CREDIT') {
        const disputed = await tx
          .select({ id: scans.id, code: scans.containerCode })
          .from(disputeScans)
          .innerJoin(scans, eq(scans.id, disputeScans.scanId))
          .where(eq(disputeScans.disputeId, id));
        const claims = await claimsAgainst(tx, disputed);
        if (claims.some((claim) => claim.status === 'OPEN')) throw new ApiError(409, 'CONTAINER_CLAIM_OPEN');
        if (claims.some((claim) => claim.status === 'AWARDED')) throw new ApiError(409, 'CONTAINER_CLAIM_AWARDED');
        const entry = await appendLedgerEntry(tx, {
          userId: row.userId,
          amountMinor: row.amountMinor,
          currency: row.currency,
          kind: 'DISPUTE_CREDIT',
          idempotencyKey: `dispute:${row.id}`,
          // The answer stays on the dispute, which deletion erases; the ledger is kept for years.
          createdAt: now,
        });
        ledgerEntryId = entry.id;
        await guard?.(tx, [{ userId: row.userId, amountMinor: row.amountMinor, currency: row.currency }]);
      }
      const [updated] = await tx
        .update(disputes)
        .set({ status: wanted, answer: resolution.answer ?? null, ledgerEntryId, resolvedAt: now })
        .where(and(eq(disputes.id, id), eq(disputes.status, 'OPEN')))
        .returning();
      if (!updated) throw new Error('locked dispute was not open');
      // The answer stays on the dispute (erasable); the entry names the dispute and what it paid.
      await recordAudit(tx, actor, {
        action: wanted === 'CREDITED' ? 'dispute.credit' : 'dispute.uphold',
        recordType: 'dispute',
        recordId: id,
        ...(wanted === 'CREDITED' ? { amountMinor: row.amountMinor, currency: row.currency } : {}),
        detail: { user_id: row.userId, ...(ledgerEntryId === null ? {} : { ledger_entry_id: ledgerEntryId }) },
      });
      return { changed: true, dispute: disputeView(updated, await scanIdsOf(tx, id)) };
    });
  } catch (error) {
    if (isCheckViolation(error, 'disputes_claimed_not_credited')) throw new ApiError(409, 'CONTAINER_CLAIM_OPEN');
    // Defence in depth: should two settlements ever pass the lock, the key refuses the second credit.
    if (isUniqueViolation(error, 'ledger_entries_idempotency_key')) {
      const [row] = await db.select().from(disputes).where(eq(disputes.id, id)).limit(1);
      if (row?.status === wanted) return { changed: false, dispute: disputeView(row, await scanIdsOf(db, id)) };
      throw new ApiError(409, 'DISPUTE_NOT_OPEN');
    }
    throw error;
  }
}

export interface OperatorDispute extends Dispute {
  user_id: string;
  email: string | null;
  /** The customer's locale: care answers in its language. */
  locale: string;
  /** The disputed scans: code, product, how the scan ended, the refusal reason the customer saw. */
  scans: { scan_id: string; code: string; product_id: string; status: string; reason: string | null; scanned_at: string }[];
  /**
   * Other people's claims on the disputed containers (open ones, and any made against these
   * scans): the claimant may be who returned it. For operators only; the customer never sees them.
   */
  claims: ClaimView[];
}

export interface DisputeListFilter {
  /** open (the default), resolved (credited or upheld), or all. */
  status?: 'open' | 'resolved' | 'all';
  currency?: Currency;
  /** Part of the customer's email, the dispute's id, or a container code at stake. */
  q?: string;
  reason?: DisputeReason;
}

export interface DisputePageOptions extends DisputeListFilter {
  limit?: number;
  after?: PageKey;
}

function disputeConditions(filter: DisputeListFilter): (SQL | undefined)[] {
  const status = filter.status ?? 'open';
  const q = filter.q;
  return [
    status === 'open' ? eq(disputes.status, 'OPEN') : status === 'resolved' ? ne(disputes.status, 'OPEN') : undefined,
    filter.currency === undefined ? undefined : eq(disputes.currency, filter.currency),
    filter.reason === undefined ? undefined : eq(disputes.reason, filter.reason),
    q === undefined
      ? undefined
      : or(
          idPattern.test(q) ? eq(disputes.id, q.toLowerCase()) : undefined,
          sql`${disputes.userId} in (select ${users.id} from ${users} where ${users.email} ilike ${containingPattern(q)})`,
          sql`${disputes.id} in (select ${disputeScans.disputeId} from ${disputeScans} inner join ${scans} on ${scans.id} = ${disputeScans.scanId}
                where upper(${scans.containerCode}) = upper(${q}))`,
        ),
  ];
}

/**
 * A page of disputes: open ones oldest first (disputes_open_idx), resolved ones newest resolved
 * first (the history care looks back on), all oldest first (disputes_created_idx), from `after` on.
 */
export function disputesPageQuery(db: Executor, options: DisputePageOptions = {}) {
  const resolved = options.status === 'resolved';
  const time = resolved ? disputes.resolvedAt : disputes.createdAt;
  return db
    .select({ dispute: listedDisputeColumns, email: users.email, locale: users.locale, pageAt: pageKeyTime(time) })
    .from(disputes)
    .innerJoin(users, eq(users.id, disputes.userId))
    .where(and(...disputeConditions(options), afterPageKey(time, disputes.id, options.after, resolved ? 'desc' : 'asc')))
    .orderBy(...(resolved ? [desc(time), desc(disputes.id)] : [asc(time), asc(disputes.id)]))
    .limit(options.limit ?? 200);
}

/**
 * The scans of a page of disputes: an index-only range of dispute_scans (dispute_id, scan_id)
 * per dispute, then each scan by its key, never the whole of dispute_scans.
 */
export function disputeScansQuery(db: Executor, disputeIds: readonly string[]) {
  return db
    .select({ disputeId: disputeScans.disputeId, scan: scans })
    .from(disputeScans)
    .innerJoin(scans, eq(scans.id, disputeScans.scanId))
    .where(inArray(disputeScans.disputeId, [...disputeIds]))
    .orderBy(asc(scans.id));
}

/** The deposits at stake in the disputes listed (as filtered), per currency, in one grouped query. */
/**
 * How many disputes the list holds and how much is at stake per currency. Without a search these are
 * the few rows of dispute_counts (kept by triggers, migration 0035), whatever the number of disputes;
 * a search adds up the disputes it matches.
 */
export function disputeTotalsQuery(db: Executor, filter: DisputeListFilter = {}) {
  if (filter.q !== undefined) {
    return db
      .select({
        currency: disputes.currency,
        rows: count(),
        minor: sql<number>`coalesce(sum(${disputes.amountMinor}), 0)::bigint`.mapWith(Number),
      })
      .from(disputes)
      .where(and(...disputeConditions(filter)))
      .groupBy(disputes.currency);
  }
  const status = filter.status ?? 'open';
  return db
    .select({
      currency: disputeCounts.currency,
      rows: sql<number>`sum(${disputeCounts.disputes})::bigint`.mapWith(Number),
      minor: sql<number>`sum(${disputeCounts.amountMinor})::bigint`.mapWith(Number),
    })
    .from(disputeCounts)
    .where(
      and(
        status === 'all' ? undefined : eq(disputeCounts.open, status === 'open'),
        filter.currency === undefined ? undefined : eq(disputeCounts.currency, filter.currency),
        filter.reason === undefined ? undefined : eq(disputeCounts.reason, filter.reason),
      ),
    )
    .groupBy(disputeCounts.currency)
    .having(sql`sum(${disputeCounts.disputes}) > 0`);
}

export async function disputeTotals(db: Executor, filter: DisputeListFilter = {}): Promise<ListTotals> {
  return listTotalsFrom(await disputeTotalsQuery(db, filter));
}

/** A page of disputes as operators read them (disputesPageQuery says in which order). */
export async function listDisputes(db: Database, options: DisputePageOptions = {}): Promise<(OperatorDispute & { pageKey: PageKey })[]> {
  const rows = await disputesPageQuery(db, options);
  if (rows.length === 0) return [];
  const scanRows = await disputeScansQuery(
    db,
    rows.map((row) => row.dispute.id),
  );
  const claims = await claimsAgainst(
    db,
    scanRows.map((row) => ({ id: row.scan.id, code: row.scan.containerCode })),
  );
  return rows.map(({ dispute, email, locale, pageAt }) => {
    const own = scanRows.filter((row) => row.disputeId === dispute.id).map((row) => row.scan);
    const ownIds = new Set(own.map((scan) => scan.id));
    const ownCodes = new Set(own.map((scan) => scan.containerCode));
    return {
      ...disputeView(
        dispute,
        own.map((scan) => scan.id),
      ),
      user_id: dispute.userId,
      email,
      locale,
      scans: own.map((scan) => ({
        scan_id: scan.id,
        code: scan.containerCode,
        product_id: scan.productId,
        status: scan.status,
        reason: scan.reason,
        scanned_at: scan.scannedAt.toISOString(),
      })),
      claims: claims.filter((claim) => ownIds.has(claim.first_scan.scan_id) || (claim.status === 'OPEN' && ownCodes.has(claim.code))),
      pageKey: { at: pageAt, id: dispute.id },
    };
  });
}

/** The photo of a dispute, for the operator looking at it. */
export async function disputePhoto(db: Database, id: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ photo: disputes.photoJpeg }).from(disputes).where(eq(disputes.id, id)).limit(1);
  if (!row) throw new ApiError(404, 'NOT_FOUND');
  return row.photo === null ? undefined : Buffer.from(row.photo, 'base64');
}

/** For the data export: the person's disputes with their notes and photos (base64 JPEG). */
export async function disputesOf(executor: Executor, userId: string) {
  const rows = await executor.select().from(disputes).where(eq(disputes.userId, userId)).orderBy(asc(disputes.createdAt));
  const result = [];
  for (const row of rows) result.push({ ...disputeView(row, await scanIdsOf(executor, row.id)), photo_jpeg_base64: row.photoJpeg });
  return result;
}

/** For account deletion: an open dispute is a pending item, like a pending scan. */
export async function hasOpenDispute(executor: Executor, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.userId, userId), eq(disputes.status, 'OPEN')))
    .limit(1);
  return row !== undefined;
}

/** For account deletion: notes and photos go; a credit stays in the ledger (keyed `dispute:<id>`, no personal data). */
export async function eraseDisputes(executor: Executor, userId: string): Promise<void> {
  await executor.delete(disputes).where(eq(disputes.userId, userId));
}

/** What crediting a dispute would pay, and whether it is still open (what an approval is asked for). */
export async function disputeCreditAmount(db: Executor, id: string) {
  const [row] = await db
    .select({ userId: disputes.userId, amountMinor: disputes.amountMinor, currency: disputes.currency, status: disputes.status })
    .from(disputes)
    .where(eq(disputes.id, id));
  if (!row) throw new ApiError(404, 'NOT_FOUND');
  return row;
}
