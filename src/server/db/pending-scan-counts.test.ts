import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

const countsMigration = '0037_pending_scan_counts';

/** The migrations folder as it was before `tag`: the same files, the journal cut there. */
function folderBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'roundtrip-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

/**
 * An existing database upgraded to the kept counts: customers who already hold pending scans get
 * their count at the upgrade, so a check-in after it moves the count down from the right figure
 * (a count started at zero would go below zero there, and the check-in would fail on its CHECK).
 * The migration's SQL is the same on PostgreSQL; the embedded database stands for both here.
 */
describe(`migration ${countsMigration}`, () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('counts the pending scans customers already hold, and later writes move the count from there', async () => {
    const before = folderBefore(countsMigration);
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    const client = new PGlite();
    cleanups.push(() => client.close());
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });

    await db.execute(sql`
      insert into users (id, country_code, locale) values
        ('00000000-0000-4000-8000-000000000001', 'US', 'en-US'),
        ('00000000-0000-4000-8000-000000000002', 'US', 'en-US'),
        ('00000000-0000-4000-8000-000000000003', 'US', 'en-US')`);
    await db.execute(sql`
      insert into products (id, country_code, currency, container_type, name_en, name_fr, name_ja, image_url, deposit_minor, sort_order)
      values ('us-cup', 'US', 'USD', 'cup', 'Cup', 'Gobelet', 'カップ', '/cup.png', 25, 1)`);
    await db.execute(sql`insert into containers (code, product_id) select 'C' || n, 'us-cup' from generate_series(1, 6) as n`);
    await db.execute(sql`insert into checkin_batches (id) values ('20000000-0000-4000-8000-000000000001')`);
    // The first customer holds three pending scans and one completed, the second one pending, the third none.
    await db.execute(sql`
      insert into scans (id, user_id, container_code, product_id, status, scanned_at, credited_minor, checkin_batch_id, resolved_at) values
        ('10000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001', 'C1', 'us-cup', 'PENDING', now(), null, null, null),
        ('10000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'C2', 'us-cup', 'PENDING', now(), null, null, null),
        ('10000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001', 'C3', 'us-cup', 'PENDING', now(), null, null, null),
        ('10000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000001', 'C4', 'us-cup', 'COMPLETED', now(), 25, '20000000-0000-4000-8000-000000000001', now()),
        ('10000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000002', 'C5', 'us-cup', 'PENDING', now(), null, null, null)`);

    await migrate(db, { migrationsFolder });
    const counts = async () =>
      (
        await db.execute<{ user_id: string; pending_scans: number }>(
          sql`select user_id, pending_scans from customer_versions order by user_id`,
        )
      ).rows.map((row) => [row.user_id.slice(-1), row.pending_scans]);
    expect(await counts()).toEqual([
      ['1', 3],
      ['2', 1],
    ]);

    // A check-in of two of them, a cancellation, and a new scan by the third customer.
    await db.execute(
      sql`update scans set status = 'COMPLETED', credited_minor = 25, checkin_batch_id = '20000000-0000-4000-8000-000000000001', resolved_at = now() where container_code in ('C1', 'C2')`,
    );
    await db.execute(sql`update scans set status = 'CANCELLED', reason = 'test', resolved_at = now() where container_code = 'C5'`);
    await db.execute(sql`
      insert into scans (id, user_id, container_code, product_id, status, scanned_at)
      values ('10000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-000000000003', 'C6', 'us-cup', 'PENDING', now())`);
    expect(await counts()).toEqual([
      ['1', 1],
      ['2', 0],
      ['3', 1],
    ]);
  });
});
