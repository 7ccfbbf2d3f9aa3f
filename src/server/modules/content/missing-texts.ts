import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MissingTextBody } from '#domain/schemas/missing-text-report';
import { missingTextLimits } from '#domain/missing-text-limits';
import type { MissingText } from '#domain/schemas/missing-texts';
import type { Database } from '../../db/client';
import { missingTexts } from '../../db/schema';

/**
 * Record one report of missing texts: one row per locale, namespace and key, whose count goes up
 * and last-seen time moves with every report. The fallback kept is the first one reported: a
 * later report, from anyone, cannot rewrite what operators read as the text the app showed. Once
 * `storedKeys` rows exist, new keys are dropped and known ones still counted, so reports from
 * anywhere cannot fill the database; and each sender has a share of new keys (`mayAddKeys`, a
 * budget per address), so a few addresses cannot fill it either. Answers how many keys were counted.
 */
export async function recordMissingTexts(
  db: Database,
  locale: string,
  namespace: string,
  body: MissingTextBody,
  now: Date,
  mayAddKeys: (newKeys: number) => Promise<boolean> = () => Promise.resolve(true),
): Promise<number> {
  const keys = Object.keys(body);
  if (keys.length === 0) return 0;
  const known = await db
    .select({ key: missingTexts.key })
    .from(missingTexts)
    .where(and(eq(missingTexts.locale, locale), eq(missingTexts.namespace, namespace), inArray(missingTexts.key, keys)));
  const knownKeys = new Set(known.map((row) => row.key));
  const newKeys = keys.filter((key) => !knownKeys.has(key));
  let accepted = keys;
  if (newKeys.length > 0) {
    const [stored] = await db.select({ rows: count() }).from(missingTexts);
    const full = Number(stored?.rows ?? 0) >= missingTextLimits.storedKeys;
    if (full || !(await mayAddKeys(newKeys.length))) accepted = keys.filter((key) => knownKeys.has(key));
    if (accepted.length === 0) return 0;
  }
  await db
    .insert(missingTexts)
    .values(accepted.map((key) => ({ locale, namespace, key, fallback: body[key] ?? '', count: 1, firstSeenAt: now, lastSeenAt: now })))
    .onConflictDoUpdate({
      target: [missingTexts.locale, missingTexts.namespace, missingTexts.key],
      set: { count: sql`${missingTexts.count} + 1`, lastSeenAt: sql`excluded.last_seen_at` },
    });
  return accepted.length;
}

/** For operators: most reported first, then the latest. */
export async function listMissingTexts(db: Database, options: { locale?: string; limit: number }): Promise<MissingText[]> {
  const rows = await db
    .select()
    .from(missingTexts)
    .where(options.locale ? eq(missingTexts.locale, options.locale) : undefined)
    .orderBy(desc(missingTexts.count), desc(missingTexts.lastSeenAt), asc(missingTexts.namespace), asc(missingTexts.key))
    .limit(options.limit);
  return rows.map((row) => ({
    locale: row.locale,
    namespace: row.namespace,
    key: row.key,
    fallback: row.fallback,
    count: row.count,
    first_seen_at: row.firstSeenAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
  }));
}
