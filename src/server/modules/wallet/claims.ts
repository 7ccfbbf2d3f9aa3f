import type { ClaimStatus } from '#domain/schemas/wallet';
import { aliasedTable, and, asc, countDistinct, count, desc, eq, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { languageOf, type Language } from '#domain/locales';
import { isSupportedLocale } from '#domain/markets';
import type { Database, Executor } from '../../db/client';
import { isCheckViolation, isUniqueViolation } from '../../db/errors';
import { afterPageKey, pageKeyTime, type PageKey } from '../../db/page-keys';
import { containingPattern, idPattern } from '../../db/text-match';
import { claimRefusals, containers, disputeScans, disputes, scanClaims, scans, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { listTotalsFrom } from '../../http/page-cursor';
import type { ListTotals } from '#domain/schemas/operator-answers';
import { recordAudit, type Actor } from '../audit/audit';
import { lockCustomers, retryLockConflicts } from './customer-locks';

/**
 * Competing claims on a container (a second person scanning a code someone else's scan holds).
 * A claim stays OPEN until an operator resolves it; while it is open nobody is credited for the
 * container, by check-in or by dispute (migration 0017 refuses both). The operator then decides
 * who returned it:
 *
 * - AWARDED: the claimant. Every other pending scan of the code is cancelled, and the claimant
 *   holds the container with a pending scan of their own (their earlier one, or one made now),
 *   which the next check-in credits the usual way: money moves only through check-ins and
 *   disputes, so the history and the news stay as they are for every credit.
 * - DISMISSED: the first scan stands (a check-in credits it; its dispute may be credited).
 */

export interface ClaimView {
  id: string;
  code: string;
  status: ClaimStatus;
  /** The claimant. */
  user_id: string;
  email: string | null;
  /** When the claimant says they scanned it, and when the server received that scan. */
  scanned_at: string;
  received_at: string;
  /** The scan that held the container when the claim was made, and its state now. */
  first_scan: { scan_id: string; user_id: string; status: string; scanned_at: string; received_at: string };
  note: string | null;
  resolved_at: string | null;
}

const firstScans = aliasedTable(scans, 'first_scans');

function claimRowsQuery(executor: Executor, condition: SQL | undefined) {
  return executor
    .select({ claim: scanClaims, email: users.email, first: firstScans, pageAt: pageKeyTime(scanClaims.createdAt) })
    .from(scanClaims)
    .innerJoin(users, eq(users.id, scanClaims.userId))
    .innerJoin(firstScans, eq(firstScans.id, scanClaims.pendingScanId))
    .where(condition)
    .orderBy(asc(scanClaims.createdAt), asc(scanClaims.id));
}

async function claimRows(executor: Executor, condition: SQL | undefined) {
  return claimViews(await claimRowsQuery(executor, condition));
}

function claimViews(rows: Awaited<ReturnType<typeof claimRowsQuery>>) {
  return rows.map(({ claim, email, first }): ClaimView => ({
    id: claim.id,
    code: claim.containerCode,
    status: claim.status,
    user_id: claim.userId,
    email,
    scanned_at: claim.scannedAt.toISOString(),
    received_at: claim.createdAt.toISOString(),
    first_scan: {
      scan_id: first.id,
      user_id: first.userId,
      status: first.status,
      scanned_at: first.scannedAt.toISOString(),
      received_at: first.createdAt.toISOString(),
    },
    note: claim.note,
    resolved_at: claim.resolvedAt?.toISOString() ?? null,
  }));
}

/** Open claims on these containers, oldest first, whatever became of the scans they compete with. */
export function openClaimsOn(executor: Executor, codes: readonly string[]): Promise<ClaimView[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return claimRows(executor, and(inArray(scanClaims.containerCode, [...codes]), eq(scanClaims.status, 'OPEN')));
}

/**
 * The claims an operator looking at these scans must see: open ones on their containers, and
 * any (resolved too) made against the scans themselves.
 */
export function claimsAgainst(executor: Executor, scanList: readonly { id: string; code: string }[]): Promise<ClaimView[]> {
  if (scanList.length === 0) return Promise.resolve([]);
  return claimRows(
    executor,
    or(
      and(
        inArray(
          scanClaims.containerCode,
          scanList.map((scan) => scan.code),
        ),
        eq(scanClaims.status, 'OPEN'),
      ),
      inArray(
        scanClaims.pendingScanId,
        scanList.map((scan) => scan.id),
      ),
    ),
  );
}

export interface ClaimListFilter {
  /** open (the default), resolved (awarded or dismissed), or all. */
  status?: 'open' | 'resolved' | 'all';
  /** Part of the claimant's email, the claim's id, or the container code. */
  q?: string;
}

export interface ClaimPageOptions extends ClaimListFilter {
  limit?: number;
  after?: PageKey;
}

function claimConditions(filter: ClaimListFilter): (SQL | undefined)[] {
  const status = filter.status ?? 'open';
  const q = filter.q;
  return [
    status === 'open' ? eq(scanClaims.status, 'OPEN') : status === 'resolved' ? ne(scanClaims.status, 'OPEN') : undefined,
    q === undefined
      ? undefined
      : or(
          idPattern.test(q) ? eq(scanClaims.id, q.toLowerCase()) : undefined,
          sql`upper(${scanClaims.containerCode}) = upper(${q})`,
          sql`${scanClaims.userId} in (select ${users.id} from ${users} where ${users.email} ilike ${containingPattern(q)})`,
        ),
  ];
}

/**
 * A page of claims: open ones oldest first (scan_claims_open_idx), resolved ones newest resolved
 * first (the history), all oldest first (scan_claims_created_idx), from `after` on.
 */
export function claimsPageQuery(db: Executor, options: ClaimPageOptions = {}) {
  const resolved = options.status === 'resolved';
  const time = resolved ? scanClaims.resolvedAt : scanClaims.createdAt;
  return db
    .select({ claim: scanClaims, email: users.email, first: firstScans, pageAt: pageKeyTime(time) })
    .from(scanClaims)
    .innerJoin(users, eq(users.id, scanClaims.userId))
    .innerJoin(firstScans, eq(firstScans.id, scanClaims.pendingScanId))
    .where(and(...claimConditions(options), afterPageKey(time, scanClaims.id, options.after, resolved ? 'desc' : 'asc')))
    .orderBy(...(resolved ? [desc(time), desc(scanClaims.id)] : [asc(time), asc(scanClaims.id)]))
    .limit(options.limit ?? 200);
}

/** How many claims the list has (as filtered): a claim has no amount. */
export async function claimTotals(db: Executor, filter: ClaimListFilter = {}): Promise<ListTotals> {
  const [row] = await db
    .select({ rows: count() })
    .from(scanClaims)
    .where(and(...claimConditions(filter)));
  return listTotalsFrom([{ currency: null, rows: row?.rows ?? 0, minor: 0 }]);
}

/** A page of claims as operators read them (claimsPageQuery says in which order). */
export async function listClaims(db: Database, options: ClaimPageOptions = {}): Promise<(ClaimView & { pageKey: PageKey })[]> {
  const rows = await claimsPageQuery(db, options);
  const views = claimViews(rows);
  return views.map((view, index) => ({ ...view, pageKey: { at: rows[index]!.pageAt, id: view.id } }));
}

/** How far back care's list counts an account's refused claims. */
export const claimRefusalWindowDays = 30;

export interface ClaimantView {
  open_claims: number;
  /** Containers this account was refused a claim on in the last 30 days (a code tried again counts once). */
  refused_claims: number;
  /** refused_claims reached CLAIM_REFUSALS_FLAG: an account that keeps scanning codes others hold. */
  flagged: boolean;
}

/**
 * Each claim with what care needs to know of its claimant: how many claims they hold open and
 * how many they were refused lately (the limit of MAX_OPEN_CLAIMS, docs/operators.md, Claims per
 * account). Counted for the claimants of the page only, two grouped queries.
 */
export async function withClaimants(
  db: Database,
  claims: readonly ClaimView[],
  options: { now: Date; flagFrom: number },
): Promise<(ClaimView & { claimant: ClaimantView })[]> {
  const userIds = [...new Set(claims.map((claim) => claim.user_id))];
  if (userIds.length === 0) return [];
  const since = new Date(options.now.getTime() - claimRefusalWindowDays * 86_400_000);
  const [open, refused] = await Promise.all([
    db
      .select({ userId: scanClaims.userId, n: count() })
      .from(scanClaims)
      .where(and(inArray(scanClaims.userId, userIds), eq(scanClaims.status, 'OPEN')))
      .groupBy(scanClaims.userId),
    db
      .select({ userId: claimRefusals.userId, n: countDistinct(claimRefusals.containerCode) })
      .from(claimRefusals)
      .where(and(inArray(claimRefusals.userId, userIds), gte(claimRefusals.at, since)))
      .groupBy(claimRefusals.userId),
  ]);
  const openOf = new Map(open.map((row) => [row.userId, Number(row.n)]));
  const refusedOf = new Map(refused.map((row) => [row.userId, Number(row.n)]));
  return claims.map((claim) => {
    const refusedClaims = refusedOf.get(claim.user_id) ?? 0;
    return {
      ...claim,
      claimant: {
        open_claims: openOf.get(claim.user_id) ?? 0,
        refused_claims: refusedClaims,
        flagged: refusedClaims >= options.flagFrom,
      },
    };
  });
}

const awardedElsewhereReasons: Record<Language, string> = {
  en: 'Our team found that this container was returned by someone else.',
  fr: 'Notre équipe a constaté que ce contenant a été rendu par quelqu’un d’autre.',
  ja: '確認の結果、この容器は別の方によって返却されていました。',
};

export type ClaimResolution = { outcome: 'AWARD'; note?: string } | { outcome: 'DISMISS'; note?: string };

/**
 * The one place a claim is resolved (API and CLI). One transaction: the claim is locked, so
 * parallel resolutions take turns; resolving again with the same outcome answers the claim as it
 * is, another outcome is 409 CLAIM_NOT_OPEN. Awarding a claim whose first scan was credited
 * (checked in before claims held check-ins, or its dispute credited) is 409
 * CLAIM_FIRST_SCAN_CREDITED: that would pay the container twice, and a trigger refuses it too.
 * Awarding a claim whose claimant deleted their account is 409 CLAIMANT_ACCOUNT_DELETED: the
 * pseudonymous row that remains can hold no new scan, and nobody could be paid.
 * Locks, in the order of every write of several customers (checkIn): the claim, then the
 * customers an award touches (the claimant and whoever holds the container) by user id, then
 * their scans, the audit chain last. A deadlock or serialization failure all the same resolves
 * again, up to three times in all, then answers 503 SERVICE_BUSY.
 */
export async function resolveClaim(
  db: Database,
  actor: Actor,
  id: string,
  resolution: ClaimResolution,
  now: Date,
): Promise<{ changed: boolean; claim: ClaimView; scan_id: string | null }> {
  const wanted: ClaimStatus = resolution.outcome === 'AWARD' ? 'AWARDED' : 'DISMISSED';
  const current = async (executor: Executor) => {
    const [view] = await claimRows(executor, eq(scanClaims.id, id));
    if (!view) throw new ApiError(404, 'NOT_FOUND');
    return view;
  };
  try {
    return await retryLockConflicts(() =>
      db.transaction(async (tx) => {
        const [claim] = await tx.select().from(scanClaims).where(eq(scanClaims.id, id)).limit(1).for('update');
        if (!claim) throw new ApiError(404, 'NOT_FOUND');
        if (claim.status !== 'OPEN') {
          if (claim.status !== wanted) throw new ApiError(409, 'CLAIM_NOT_OPEN');
          const held = await claimantPendingScan(tx, claim.containerCode, claim.userId);
          return { changed: false, claim: await current(tx), scan_id: wanted === 'AWARDED' ? (held?.id ?? null) : null };
        }
        let scanId: string | null = null;
        if (wanted === 'AWARDED') {
          const holders = await tx
            .select({ userId: scans.userId })
            .from(scans)
            .where(or(eq(scans.id, claim.pendingScanId), and(eq(scans.containerCode, claim.containerCode), eq(scans.status, 'PENDING'))));
          await lockCustomers(tx, [claim.userId, ...holders.map((row) => row.userId)]);
          const [first] = await tx.select().from(scans).where(eq(scans.id, claim.pendingScanId)).limit(1).for('update');
          const [credited] = await tx
            .select({ id: disputes.id })
            .from(disputeScans)
            .innerJoin(disputes, eq(disputes.id, disputeScans.disputeId))
            .where(and(eq(disputeScans.scanId, claim.pendingScanId), eq(disputes.status, 'CREDITED')))
            .limit(1);
          if (first?.status === 'COMPLETED' || credited) throw new ApiError(409, 'CLAIM_FIRST_SCAN_CREDITED');
          const [claimant] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, claim.userId)).limit(1);
          if (claimant?.deletedAt) throw new ApiError(409, 'CLAIMANT_ACCOUNT_DELETED');
          scanId = await giveContainerTo(tx, claim, now);
        }
        await tx
          .update(scanClaims)
          .set({ status: wanted, note: resolution.note ?? null, resolvedAt: now })
          .where(and(eq(scanClaims.id, id), eq(scanClaims.status, 'OPEN')));
        await recordAudit(tx, actor, {
          action: wanted === 'AWARDED' ? 'claim.award' : 'claim.dismiss',
          recordType: 'claim',
          recordId: id,
          subject: { type: 'customer', id: claim.userId },
          detail: { code: claim.containerCode, first_scan_id: claim.pendingScanId, ...(scanId ? { scan_id: scanId } : {}) },
        });
        return { changed: true, claim: await current(tx), scan_id: scanId };
      }),
    );
  } catch (error) {
    // Defence in depth: the triggers and the one-award index refuse what the checks above should have.
    if (isCheckViolation(error, 'scan_claims_award_uncredited')) throw new ApiError(409, 'CLAIM_FIRST_SCAN_CREDITED');
    if (isUniqueViolation(error, 'scan_claims_one_award_per_scan')) throw new ApiError(409, 'CLAIM_NOT_OPEN');
    throw error;
  }
}

async function claimantPendingScan(executor: Executor, code: string, userId: string) {
  const [row] = await executor
    .select({ id: scans.id })
    .from(scans)
    .where(and(eq(scans.containerCode, code), eq(scans.userId, userId), eq(scans.status, 'PENDING')))
    .limit(1);
  return row;
}

/**
 * The claimant takes the container: the other pending scans of it are cancelled (with a reason
 * in their owner's language that names nobody), and the claimant holds it with their own pending
 * scan, made now when they have none, so its 32 days start with the award.
 */
async function giveContainerTo(tx: Executor, claim: typeof scanClaims.$inferSelect, now: Date): Promise<string> {
  const others = await tx
    .select({ id: scans.id, locale: users.locale })
    .from(scans)
    .innerJoin(users, eq(users.id, scans.userId))
    .where(and(eq(scans.containerCode, claim.containerCode), eq(scans.status, 'PENDING'), ne(scans.userId, claim.userId)))
    .orderBy(asc(scans.id))
    .for('update', { of: scans });
  for (const other of others) {
    const language = isSupportedLocale(other.locale) ? languageOf(other.locale) : 'en';
    await tx
      .update(scans)
      .set({ status: 'CANCELLED', reason: awardedElsewhereReasons[language], resolvedAt: now })
      .where(and(eq(scans.id, other.id), eq(scans.status, 'PENDING')));
  }
  const own = await claimantPendingScan(tx, claim.containerCode, claim.userId);
  if (own) return own.id;
  const [container] = await tx
    .select({ productId: containers.productId })
    .from(containers)
    .where(eq(containers.code, claim.containerCode))
    .limit(1);
  if (!container) throw new Error('a claim names a container that does not exist');
  // The claim's id serves as the scan's: an operator holding one finds the other.
  await tx.insert(scans).values({
    id: claim.id,
    userId: claim.userId,
    containerCode: claim.containerCode,
    productId: container.productId,
    status: 'PENDING',
    scannedAt: claim.scannedAt,
    createdAt: now,
  });
  return claim.id;
}
