import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Bin, Retailer } from '#domain/bins';
import { languages, type Language } from '#domain/locales';
import { validateBinRow, type BinImportReason, type RawBinRow, type ValidBinRow } from '#domain/schemas/bins-import';
import type { CountryCode } from '#domain/markets';
import type { Database, Executor } from '../../db/client';
import { binTexts, bins, retailers } from '../../db/schema';
import { recordAudit, type Actor } from '../audit/audit';

/**
 * A market's bins with their retailers, in a stable order (the id), each described in `language`
 * when it has a text in it, else in its own `details`.
 */
export async function listBins(db: Database, countryCode: CountryCode, language: Language): Promise<Bin[]> {
  const rows = await db
    .select({
      id: bins.id,
      lat: bins.lat,
      lng: bins.lng,
      details: sql<string>`coalesce(${binTexts.details}, ${bins.details})`,
      retailerId: retailers.id,
      retailerName: retailers.name,
    })
    .from(bins)
    .innerJoin(retailers, eq(retailers.id, bins.retailerId))
    .leftJoin(binTexts, and(eq(binTexts.binId, bins.id), eq(binTexts.language, language)))
    .where(eq(bins.countryCode, countryCode))
    .orderBy(asc(bins.id));
  return rows.map((row) => ({
    id: row.id,
    lat: row.lat,
    lng: row.lng,
    details: row.details,
    retailer: { id: row.retailerId, name: row.retailerName },
  }));
}

export async function listRetailers(db: Database): Promise<(Retailer & { bins: number })[]> {
  const rows = await db
    .select({ id: retailers.id, name: retailers.name, bins: count(bins.id) })
    .from(retailers)
    .leftJoin(bins, eq(bins.retailerId, retailers.id))
    .groupBy(retailers.id, retailers.name)
    .orderBy(asc(retailers.id));
  return rows;
}

/** Adds a retailer or renames it (its id stays). */
export async function saveRetailer(db: Executor, actor: Actor, retailer: Retailer): Promise<void> {
  // Inside a caller's transaction this is a savepoint: the entry still commits with the change.
  await db.transaction(async (tx) => {
    await tx
      .insert(retailers)
      .values(retailer)
      .onConflictDoUpdate({ target: retailers.id, set: { name: sql`excluded.name` } });
    await recordAudit(tx, actor, {
      action: 'retailer.save',
      recordType: 'retailer',
      recordId: retailer.id,
      detail: { name: retailer.name },
    });
  });
}

export interface RejectedRow {
  /** Where the row is in the file: a CSV line number, or a GeoJSON feature index (from 1). */
  row: number;
  id: string | undefined;
  reasons: BinImportReason[];
}

export interface ImportReport {
  added: number;
  updated: number;
  rejected: RejectedRow[];
}

export interface NumberedRow {
  row: number;
  values: RawBinRow;
}

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement (6 per bin, 3 per text). */
const batchSize = 1_000;

/**
 * Adds new bins and moves or rewrites known ones (same id), all or nothing for the valid rows.
 * Invalid rows are left out and reported with every reason; with `dryRun` nothing is written.
 */
export async function importBins(
  db: Database,
  actor: Actor,
  rows: readonly NumberedRow[],
  options: { dryRun?: boolean; now?: Date } = {},
): Promise<ImportReport> {
  const knownRetailers = new Set((await db.select({ id: retailers.id }).from(retailers)).map((row) => row.id));
  const rejected: RejectedRow[] = [];
  const valid: ValidBinRow[] = [];
  const seen = new Set<string>();
  for (const { row, values } of rows) {
    const result = validateBinRow(values, (id) => knownRetailers.has(id));
    if (!result.ok) {
      rejected.push({ row, id: typeof values.id === 'string' && values.id.trim() ? values.id.trim() : undefined, reasons: result.reasons });
      continue;
    }
    if (seen.has(result.bin.id)) {
      rejected.push({ row, id: result.bin.id, reasons: ['duplicateId'] });
      continue;
    }
    seen.add(result.bin.id);
    valid.push(result.bin);
  }

  const existing = new Set<string>();
  for (let start = 0; start < valid.length; start += batchSize) {
    const ids = valid.slice(start, start + batchSize).map((bin) => bin.id);
    for (const row of await db.select({ id: bins.id }).from(bins).where(inArray(bins.id, ids))) existing.add(row.id);
  }
  const report = { added: valid.length - existing.size, updated: existing.size, rejected };
  if (options.dryRun || valid.length === 0) return report;

  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    for (let start = 0; start < valid.length; start += batchSize) {
      await tx
        .insert(bins)
        .values(valid.slice(start, start + batchSize).map(({ texts: _texts, ...bin }) => ({ ...bin, createdAt: now, updatedAt: now })))
        .onConflictDoUpdate({
          target: bins.id,
          set: {
            countryCode: sql`excluded.country_code`,
            retailerId: sql`excluded.retailer_id`,
            lat: sql`excluded.lat`,
            lng: sql`excluded.lng`,
            details: sql`excluded.details`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }
    // A bin imported again is described by this file alone: texts of an earlier import that this
    // one no longer gives would describe the bin as it was.
    for (let start = 0; start < valid.length; start += batchSize) {
      const batch = valid.slice(start, start + batchSize);
      await tx.delete(binTexts).where(
        inArray(
          binTexts.binId,
          batch.map((bin) => bin.id),
        ),
      );
      const texts = batch.flatMap((bin) =>
        languages.flatMap((language) => {
          const details = bin.texts[language];
          return details === undefined ? [] : [{ binId: bin.id, language, details }];
        }),
      );
      if (texts.length > 0) await tx.insert(binTexts).values(texts);
    }
    // An import has no id of its own: the entry gets one, and says what it did and where.
    await recordAudit(tx, actor, {
      action: 'bins.import',
      recordType: 'bin_import',
      recordId: randomUUID(),
      detail: {
        added: report.added,
        updated: report.updated,
        rejected: rejected.length,
        countries: [...new Set(valid.map((bin) => bin.countryCode))].sort(),
      },
    });
  });
  return report;
}

/** Removes bins by id; answers the ids that were not there. */
export async function removeBins(db: Database, actor: Actor, ids: readonly string[]): Promise<{ removed: string[]; unknown: string[] }> {
  const wanted = [...new Set(ids.map((id) => id.trim().toLowerCase()))];
  if (wanted.length === 0) return { removed: [], unknown: [] };
  const removed = await db.transaction(async (tx) => {
    const rows = (await tx.delete(bins).where(inArray(bins.id, wanted)).returning({ id: bins.id })).map((row) => row.id).sort();
    if (rows.length > 0) {
      await recordAudit(tx, actor, {
        action: 'bins.remove',
        recordType: rows.length === 1 ? 'bin' : 'bin_batch',
        recordId: rows.join(','),
        detail: { bins: rows.length },
      });
    }
    return rows;
  });
  const gone = new Set(removed);
  return { removed, unknown: wanted.filter((id) => !gone.has(id)) };
}
