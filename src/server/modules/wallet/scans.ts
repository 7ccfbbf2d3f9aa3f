import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import { parseScannedPayload } from '../../../domain/container-codes';
import { languageOf, type Language } from '../../../domain/locales';
import { isSupportedLocale } from '../../../domain/markets';
import { maxScanAgeDays, scanClockSkewSeconds, type Scan, type ScanBody, type ScanStatus } from '../../../domain/schemas/wallet';
import type { Database, Executor } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { containers, products, scanClaims, scans, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { productView, type ProductRow } from './catalogue';

type ScanRow = typeof scans.$inferSelect;

/** A pending scan holds its container this long (the app tells customers check-in can take 32 days). */
export const pendingScanLifetimeDays = 32;
/** Pending scans one customer may hold at once: a person returns a bag of containers, not a shop shelf. */
export const maxPendingScansPerCustomer = 100;

const expiryReasons: Record<Language, string> = {
  en: 'Not checked in within 32 days of the scan.',
  fr: 'Non enregistré au centre de lavage dans les 32 jours suivant le scan.',
  ja: 'スキャンから32日以内に受け入れ処理が行われませんでした。',
};

export function pendingExpiryCutoff(now: Date): Date {
  return new Date(now.getTime() - pendingScanLifetimeDays * 86_400_000);
}

/**
 * Pending scans older than 32 days (of these codes, or all) are CANCELLED with a reason in their
 * owner's language: they no longer hold the container, and a check-in no longer credits them.
 * Returns the scans it cancelled.
 */
export async function expirePendingScans(executor: Executor, now: Date, codes?: readonly string[]): Promise<{ scanId: string; code: string; userId: string }[]> {
  const expired = await executor
    .select({ id: scans.id, code: scans.containerCode, userId: scans.userId, locale: users.locale })
    .from(scans)
    .innerJoin(users, eq(users.id, scans.userId))
    .where(
      and(
        eq(scans.status, 'PENDING'),
        lt(scans.scannedAt, pendingExpiryCutoff(now)),
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
}

function scanView(scan: ScanRow, product: ProductRow, language: Language): Scan {
  return {
    id: scan.id,
    code: scan.containerCode,
    status: scan.status as ScanStatus,
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
  if (found.scan.userId !== userId || found.scan.containerCode !== code) throw new ApiError(409, 'SCAN_ID_CONFLICT', { id: 'invalidValue' });
  return { created: false, scan: scanView(found.scan, found.product, language) };
}

/**
 * POST /scans. Idempotent on the client's id: the primary key decides, so a
 * retry (even one racing the first request) finds the first record and never
 * makes a second. The partial unique index on pending scans decides who wins
 * when two people scan one container at once.
 */
export async function recordScan(
  deps: ScanDeps,
  userId: string,
  body: ScanBody,
  language: Language,
): Promise<{ created: boolean; scan: Scan }> {
  const { db, now } = deps;
  const code = containerCodeOf(body.code, deps.publicUrl);

  const existing = await findScanWithProduct(db, body.id);
  if (existing) return replay(existing, userId, code, language);

  const scannedAt = new Date(body.scanned_at);
  if (scannedAt.getTime() > now.getTime() + scanClockSkewSeconds * 1000) {
    throw new ApiError(400, 'SCAN_IN_FUTURE', { scanned_at: 'invalidValue' });
  }
  if (scannedAt.getTime() < now.getTime() - maxScanAgeDays * 86_400_000) {
    throw new ApiError(422, 'SCAN_TOO_OLD', { scanned_at: 'invalidValue' });
  }

  const [container] = await db
    .select({ product: products })
    .from(containers)
    .innerJoin(products, eq(products.id, containers.productId))
    .where(eq(containers.code, code))
    .limit(1);
  if (!container) throw new ApiError(404, 'CONTAINER_UNKNOWN', { code: 'invalidValue' });
  const [user] = await db.select({ countryCode: users.countryCode }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new ApiError(401, 'UNAUTHORIZED');
  if (container.product.countryCode !== user.countryCode) throw new ApiError(422, 'CONTAINER_OTHER_MARKET', { code: 'invalidValue' });

  // An expired pending scan of this code no longer holds the container.
  await expirePendingScans(db, now, [code]);
  const [held] = await db
    .select({ n: count() })
    .from(scans)
    .where(and(eq(scans.userId, userId), eq(scans.status, 'PENDING'), gte(scans.scannedAt, pendingExpiryCutoff(now))));
  if ((held?.n ?? 0) >= maxPendingScansPerCustomer) throw new ApiError(422, 'TOO_MANY_PENDING_SCANS');

  let inserted: ScanRow | undefined;
  try {
    [inserted] = await db
      .insert(scans)
      .values({ id: body.id, userId, containerCode: code, productId: container.product.id, status: 'PENDING', scannedAt, createdAt: now })
      .onConflictDoNothing({ target: scans.id })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error, 'scans_one_pending_per_container')) {
      // A concurrent retry of this very scan may have taken the container first: that is a replay, not a conflict.
      const raced = await findScanWithProduct(db, body.id);
      if (raced) return replay(raced, userId, code, language);
      // Someone else's scan holds it: this one is recorded as a competing claim, and said so.
      if (await recordCompetingClaim(db, userId, code, scannedAt, now)) throw new ApiError(409, 'CONTAINER_CLAIM_RECORDED', { code: 'invalidValue' });
      throw new ApiError(409, 'CONTAINER_ALREADY_PENDING', { code: 'invalidValue' });
    }
    // The trigger refuses scans of an account erased meanwhile (its token died with it).
    if (isForeignKeyViolation(error)) throw new ApiError(401, 'UNAUTHORIZED');
    throw error;
  }
  if (inserted) return { created: true, scan: scanView(inserted, container.product, language) };

  const raced = await findScanWithProduct(db, body.id);
  if (!raced) throw new Error('scan vanished after an id conflict');
  return replay(raced, userId, code, language);
}

/**
 * Someone else's pending scan holds the container: this person's scan is kept as a competing
 * claim (once per person and pending scan) for the operators who check the container in.
 */
async function recordCompetingClaim(db: Database, userId: string, code: string, scannedAt: Date, now: Date): Promise<boolean> {
  const [holder] = await db
    .select({ id: scans.id, userId: scans.userId })
    .from(scans)
    .where(and(eq(scans.containerCode, code), eq(scans.status, 'PENDING')))
    .limit(1);
  if (!holder || holder.userId === userId) return false;
  await db
    .insert(scanClaims)
    .values({ containerCode: code, pendingScanId: holder.id, userId, scannedAt, createdAt: now })
    .onConflictDoNothing({ target: [scanClaims.pendingScanId, scanClaims.userId] });
  return true;
}

/** A scan of a customer (for tests and ops tools). */
export async function findUserScan(db: Database, userId: string, scanId: string) {
  const [row] = await db.select().from(scans).where(and(eq(scans.id, scanId), eq(scans.userId, userId))).limit(1);
  return row;
}
