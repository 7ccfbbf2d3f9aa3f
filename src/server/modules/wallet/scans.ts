import { pendingProcessingDays } from '#domain/pending-rule';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { parseScannedPayload } from '#domain/container-codes';
import { languageOf, type Language } from '#domain/locales';
import { isSupportedLocale, type Currency } from '#domain/markets';
import { maxScanAgeDays, scanClockSkewSeconds, type Scan, type ScanBody, type ScanStatus } from '#domain/schemas/wallet';
import { rowsOf, type Database, type Executor } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { claimRefusals, products, scanClaims, scans, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { productView, type ProductRow } from './catalogue';

type ScanRow = typeof scans.$inferSelect;

/** Pending scans one customer may hold at once: a person returns a bag of containers, not a shop shelf. */
export const maxPendingScansPerCustomer = 100;

/**
 * Open competing claims one customer may hold at once (MAX_OPEN_CLAIMS). Each open claim keeps a
 * deposit from the first scanner until care decides, so one account scanning a shelf of codes
 * others hold would hold all their deposits (docs/operators.md, Claims per account).
 */
export const maxOpenClaimsPerCustomer = 5;

/** The refusal's text with the account's limit in it (errors.ts has the general one). */
function tooManyOpenClaimsMessages(limit: number): Record<Language, string> {
  return {
    en: `Someone else scanned this container first. You already have ${limit} containers that someone else scanned first waiting for our team, so this scan was not noted: please wait until our team has looked at them.`,
    fr: `Quelqu’un d’autre a scanné ce contenant avant vous. ${limit} contenants que quelqu’un d’autre avait scannés avant vous attendent déjà notre équipe, ce scan n’a donc pas été noté\u202f: attendez que notre équipe les ait examinés.`,
    ja: `この容器は先に別の方がスキャンしています。先に別の方がスキャンした容器${limit}個がすでに担当者の確認を待っているため、今回のスキャンは記録されませんでした。担当者の確認が済むまでお待ちください。`,
  };
}

const expiryReasons: Record<Language, string> = {
  en: `Not checked in within ${pendingProcessingDays} days of the scan.`,
  fr: `Non enregistré au centre de lavage dans les ${pendingProcessingDays} jours suivant le scan.`,
  ja: `スキャンから${pendingProcessingDays}日以内に受け入れ処理が行われませんでした。`,
};

/**
 * A pending scan holds its container for the 32 days, counted from when the server received it: a
 * scan may be dated up to 7 days back, and counting from that date would let a code photographed
 * on a shelf be disputed after 25 days.
 */
export function pendingExpiryCutoff(now: Date): Date {
  return new Date(now.getTime() - pendingProcessingDays * 86_400_000);
}

/**
 * Pending scans received more than 32 days ago (of these codes, or all) are CANCELLED with a reason in their
 * owner's language: they no longer hold the container, and a check-in no longer credits them.
 * Returns the scans it cancelled.
 */
export async function expirePendingScans(
  executor: Executor,
  now: Date,
  codes?: readonly string[],
): Promise<{ scanId: string; code: string; userId: string }[]> {
  const expired = await executor
    .select({ id: scans.id, code: scans.containerCode, userId: scans.userId, locale: users.locale })
    .from(scans)
    .innerJoin(users, eq(users.id, scans.userId))
    .where(
      and(
        eq(scans.status, 'PENDING'),
        lt(scans.createdAt, pendingExpiryCutoff(now)),
        codes ? inArray(scans.containerCode, codes.length > 0 ? [...codes] : ['']) : undefined,
      ),
    );
  const cancelled: { scanId: string; code: string; userId: string }[] = [];
  for (const row of expired) {
    const language = isSupportedLocale(row.locale) ? languageOf(row.locale) : 'en';
    const updated = await executor
      .update(scans)
      .set({ status: 'CANCELLED', reason: expiryReasons[language], resolvedAt: now })
      .where(and(eq(scans.id, row.id), eq(scans.status, 'PENDING')))
      .returning({ id: scans.id });
    if (updated.length > 0) cancelled.push({ scanId: row.id, code: row.code, userId: row.userId });
  }
  return cancelled;
}

export interface ScanDeps {
  db: Database;
  now: Date;
  publicUrl: string;
  /** Pending scans one customer may hold (MAX_PENDING_SCANS); default maxPendingScansPerCustomer. */
  maxPendingScans?: number;
  /** Open competing claims one customer may hold (MAX_OPEN_CLAIMS); default maxOpenClaimsPerCustomer. */
  maxOpenClaims?: number;
}

function scanView(scan: ScanRow, product: ProductRow, language: Language): Scan {
  return {
    id: scan.id,
    code: scan.containerCode,
    status: scan.status,
    scanned_at: scan.scannedAt.toISOString(),
    created_at: scan.createdAt.toISOString(),
    product: productView(product, language),
  };
}

/** The code a customer sent (typed or the QR URL), checked as the phone checks it. */
export function containerCodeOf(raw: string, publicUrl: string): string {
  const parsed = parseScannedPayload(raw, publicUrl);
  if (parsed.ok) return parsed.code;
  if (parsed.problem === 'empty') throw new ApiError(400, 'VALIDATION_FAILED', { code: 'required' });
  if (parsed.problem === 'checksum') throw new ApiError(400, 'CONTAINER_CHECKSUM', { code: 'invalidValue' });
  throw new ApiError(400, 'CONTAINER_CODE_FORMAT', { code: 'invalidValue' });
}

async function findScanWithProduct(db: Database, scanId: string) {
  const [row] = await db
    .select({ scan: scans, product: products })
    .from(scans)
    .innerJoin(products, eq(products.id, scans.productId))
    .where(eq(scans.id, scanId))
    .limit(1);
  return row;
}

/** A retry of a recorded scan: the same record, or 409 when the id was used for something else. */
function replay(found: { scan: ScanRow; product: ProductRow }, userId: string, code: string, language: Language) {
  if (found.scan.userId !== userId || found.scan.containerCode !== code)
    throw new ApiError(409, 'SCAN_ID_CONFLICT', { id: 'invalidValue' });
  return { created: false, scan: scanView(found.scan, found.product, language) };
}

interface ScanRowJson {
  id: string;
  user_id: string;
  container_code: string;
  product_id: string;
  status: ScanStatus;
  scanned_at: string;
  created_at: string;
}

interface ProductRowJson {
  id: string;
  country_code: string;
  currency: Currency;
  container_type: string;
  name_en: string;
  name_fr: string;
  name_ja: string;
  image_url: string;
  deposit_minor: number;
  sort_order: number;
  created_at: string;
}

interface RecordingOutcome {
  existing: ScanRowJson | null;
  inserted: ScanRowJson | null;
  product: ProductRowJson | null;
  customer_country: string | null;
  customer_pending: number | string | null;
}

function scanFromJson(row: ScanRowJson): ScanRow {
  return {
    id: row.id,
    userId: row.user_id,
    containerCode: row.container_code,
    productId: row.product_id,
    status: row.status,
    scannedAt: new Date(row.scanned_at),
    creditedMinor: null,
    checkinBatchId: null,
    reason: null,
    resolvedAt: null,
    createdAt: new Date(row.created_at),
  };
}

function productFromJson(row: ProductRowJson): ProductRow {
  return {
    id: row.id,
    countryCode: row.country_code,
    currency: row.currency,
    containerType: row.container_type,
    nameEn: row.name_en,
    nameFr: row.name_fr,
    nameJa: row.name_ja,
    imageUrl: row.image_url,
    depositMinor: row.deposit_minor,
    sortOrder: row.sort_order,
    createdAt: new Date(row.created_at),
  };
}

/**
 * One round trip: the scan of this id if it exists, the container's product, the customer's
 * market, and the new pending scan when all agree. On an embedded database every statement costs
 * the whole process a little, and a shop's drop-off queue sends these by the dozen.
 *
 * The customer's pending scans: the count kept of all of them (customer_versions.pending_scans)
 * decides below the cap; at the cap, only the scans received in the last 32 days hold a container,
 * and those are counted, up to the cap (an index range of at most maxPending entries). No comments
 * in the SQL: pg_stat_activity keeps a statement's first 1 KB, and whoever looks there for a scan
 * waiting on a lock (the deletion's race test does) must find its insert.
 */
async function recordInOneStatement(
  db: Database,
  input: { id: string; userId: string; code: string; scannedAt: Date; now: Date; pendingSince: Date; maxPending: number },
) {
  const result = await db.execute(sql`
    with existing as (
      select id, user_id, container_code, product_id, status, scanned_at, created_at from scans where id = ${input.id}
    ), target as (
      select p.id, p.country_code from containers c join products p on p.id = c.product_id where c.code = ${input.code}
    ), customer as (
      select u.country_code,
             case when coalesce(v.pending_scans, 0) < ${input.maxPending} then coalesce(v.pending_scans, 0)
             else (select count(*)::int from (select 1 from scans
               where user_id = ${input.userId} and status = 'PENDING' and created_at >= ${input.pendingSince.toISOString()}::timestamptz
               limit ${input.maxPending}) as held) end as pending
      from users u left join customer_versions v on v.user_id = u.id
      where u.id = ${input.userId} and u.deleted_at is null
    ), inserted as (
      insert into scans (id, user_id, container_code, product_id, status, scanned_at, created_at)
      select ${input.id}, ${input.userId}, ${input.code}, t.id, 'PENDING', ${input.scannedAt.toISOString()}::timestamptz, ${input.now.toISOString()}::timestamptz
      from target t join customer u on u.country_code = t.country_code
      where not exists (select 1 from existing) and u.pending < ${input.maxPending}
      on conflict (id) do nothing
      returning id, user_id, container_code, product_id, status, scanned_at, created_at
    )
    select
      (select row_to_json(e) from existing e) as existing,
      (select row_to_json(i) from inserted i) as inserted,
      (select row_to_json(p) from products p
        where p.id = coalesce((select product_id from existing), (select id from target))) as product,
      (select country_code from customer) as customer_country,
      (select pending from customer) as customer_pending
  `);
  const [row] = rowsOf<RecordingOutcome>(result);
  if (!row) throw new Error('the scan statement returned no row');
  // PGlite hands json columns over parsed, node-postgres too; a driver that sends text is read the same.
  const parse = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    existing: parse<ScanRowJson>(row.existing),
    inserted: parse<ScanRowJson>(row.inserted),
    product: parse<ProductRowJson>(row.product),
    customerCountry: row.customer_country,
    customerPending: Number(row.customer_pending ?? 0),
  };
}

/**
 * POST /scans. Idempotent on the client's id: the primary key decides, so a
 * retry (even one racing the first request) finds the first record and never
 * makes a second. The partial unique index on pending scans decides who wins
 * when two people scan one container at once. Checks, in order: the code's
 * form and checksum, the time of the scan, then in the database: a replay of
 * this id, a known container, a live customer, the same market.
 */
export async function recordScan(
  deps: ScanDeps,
  userId: string,
  body: ScanBody,
  language: Language,
): Promise<{ created: boolean; scan: Scan }> {
  const { db, now } = deps;
  const code = containerCodeOf(body.code, deps.publicUrl);

  const scannedAt = new Date(body.scanned_at);
  const timeProblem =
    scannedAt.getTime() > now.getTime() + scanClockSkewSeconds * 1000
      ? new ApiError(400, 'SCAN_IN_FUTURE', { scanned_at: 'invalidValue' })
      : scannedAt.getTime() < now.getTime() - maxScanAgeDays * 86_400_000
        ? new ApiError(422, 'SCAN_TOO_OLD', { scanned_at: 'invalidValue' })
        : undefined;
  if (timeProblem) {
    // A retry of a scan recorded days ago is still a replay, not a late scan.
    const existing = await findScanWithProduct(db, body.id);
    if (existing) return replay(existing, userId, code, language);
    throw timeProblem;
  }

  let outcome: Awaited<ReturnType<typeof recordInOneStatement>> | undefined;
  for (let attempt = 0; !outcome; attempt += 1) {
    try {
      outcome = await recordInOneStatement(db, {
        id: body.id,
        userId,
        code,
        scannedAt,
        now,
        pendingSince: pendingExpiryCutoff(now),
        maxPending: deps.maxPendingScans ?? maxPendingScansPerCustomer,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'scans_one_pending_per_container')) {
        // A concurrent retry of this very scan may have taken the container first: that is a replay, not a conflict.
        const raced = await findScanWithProduct(db, body.id);
        if (raced) return replay(raced, userId, code, language);
        // A pending scan older than 32 days no longer holds the container: expire it, and try once more.
        if (attempt === 0 && (await expirePendingScans(db, now, [code])).length > 0) continue;
        // Someone else's scan holds it: this one is recorded as a competing claim, and said so.
        const maxOpenClaims = deps.maxOpenClaims ?? maxOpenClaimsPerCustomer;
        const claim = await recordCompetingClaim(db, { userId, code, scannedAt, now, maxOpenClaims });
        if (claim === 'recorded') throw new ApiError(409, 'CONTAINER_CLAIM_RECORDED', { code: 'invalidValue' });
        // 422, not 429: the outbox keeps nothing it was refused, so the scan is not sent again and again.
        if (claim === 'refused')
          throw new ApiError(422, 'TOO_MANY_OPEN_CLAIMS', undefined, undefined, tooManyOpenClaimsMessages(maxOpenClaims));
        throw new ApiError(409, 'CONTAINER_ALREADY_PENDING', { code: 'invalidValue' });
      }
      // The trigger refuses scans of an account erased meanwhile (its token died with it).
      if (isForeignKeyViolation(error)) throw new ApiError(401, 'UNAUTHORIZED');
      throw error;
    }
  }
  const product = outcome.product && productFromJson(outcome.product);
  if (outcome.existing && product) return replay({ scan: scanFromJson(outcome.existing), product }, userId, code, language);
  if (outcome.inserted && product) return { created: true, scan: scanView(scanFromJson(outcome.inserted), product, language) };
  if (!product) throw new ApiError(404, 'CONTAINER_UNKNOWN', { code: 'invalidValue' });
  if (!outcome.customerCountry) throw new ApiError(401, 'UNAUTHORIZED');
  if (product.countryCode !== outcome.customerCountry) throw new ApiError(422, 'CONTAINER_OTHER_MARKET', { code: 'invalidValue' });
  if (outcome.customerPending >= (deps.maxPendingScans ?? maxPendingScansPerCustomer)) throw new ApiError(422, 'TOO_MANY_PENDING_SCANS');

  // Nothing inserted although everything agreed: the id was taken between the snapshot and the insert.
  const raced = await findScanWithProduct(db, body.id);
  if (!raced) throw new Error('scan vanished after an id conflict');
  return replay(raced, userId, code, language);
}

/**
 * Someone else's pending scan holds the container: this person's scan is kept as a competing
 * claim (once per person and pending scan) for the operators who check the container in, unless
 * they already hold `maxOpenClaims` open claims: then it is refused, and the refusal kept for care
 * (`claim_refusals`). One transaction, the customer's row locked first, so scans sent at once take
 * turns between the count and the insert and cannot open more claims than the limit together.
 */
async function recordCompetingClaim(
  db: Database,
  input: { userId: string; code: string; scannedAt: Date; now: Date; maxOpenClaims: number },
): Promise<'recorded' | 'refused' | 'none'> {
  const { userId, code, now } = input;
  return db.transaction(async (tx) => {
    const [holder] = await tx
      .select({ id: scans.id, userId: scans.userId })
      .from(scans)
      .where(and(eq(scans.containerCode, code), eq(scans.status, 'PENDING')))
      .limit(1);
    if (!holder || holder.userId === userId) return 'none';
    // NO KEY UPDATE: claims of one customer queue here, while their scan and ledger inserts (which
    // take a key-share lock on this row for their foreign key) do not wait for it.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [already] = await tx
      .select({ id: scanClaims.id })
      .from(scanClaims)
      .where(and(eq(scanClaims.pendingScanId, holder.id), eq(scanClaims.userId, userId)))
      .limit(1);
    // Scanning a code one has claimed already opens nothing new: it is answered as the claim it is.
    if (already) return 'recorded';
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(scanClaims)
      .where(and(eq(scanClaims.userId, userId), eq(scanClaims.status, 'OPEN')));
    if (Number(open?.n ?? 0) >= input.maxOpenClaims) {
      await tx.insert(claimRefusals).values({ userId, containerCode: code, at: now });
      return 'refused';
    }
    await tx
      .insert(scanClaims)
      .values({ containerCode: code, pendingScanId: holder.id, userId, scannedAt: input.scannedAt, createdAt: now })
      .onConflictDoNothing({ target: [scanClaims.pendingScanId, scanClaims.userId] });
    return 'recorded';
  });
}

/** A scan of a customer (for tests and ops tools). */
export async function findUserScan(db: Database, userId: string, scanId: string) {
  const [row] = await db
    .select()
    .from(scans)
    .where(and(eq(scans.id, scanId), eq(scans.userId, userId)))
    .limit(1);
  return row;
}
