// Gives one customer a long past: about 10,000 rows of merged history (check-in batches, rejected and
// cancelled scans, pending days, adjustments), and a pool of issued, never-scanned codes to scan.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { issueContainers } from '../src/server/modules/wallet/operations';

export async function seedLongHistory(db: Database, email: string): Promise<{ userId: string }> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no customer ${email}`);
  const id = user.id;
  const prefix = `BENCH${id}`;
  await db.execute(sql`insert into containers (code, product_id)
    select ${prefix} || g, (array['us-oat-milk-1l','us-peanut-butter-450','us-coffee-cup-16oz','us-ice-cream-pint'])[1 + g % 4]
    from generate_series(1, 13100) g`);
  await db.execute(sql`insert into checkin_batches (id, created_at)
    select md5(${prefix} || g)::uuid, now() - (g || ' hours')::interval from generate_series(1, 4000) g`);
  // 8,000 completed scans, two per check-in batch: 4,000 rows.
  await db.execute(sql`insert into scans (id, user_id, container_code, product_id, status, scanned_at, credited_minor, checkin_batch_id, resolved_at)
    select gen_random_uuid(), ${id}, c.code, c.product_id, 'COMPLETED', now() - (g || ' hours')::interval - interval '1 day', 50,
      md5(${prefix} || (1 + g / 2))::uuid, now() - ((1 + g / 2) || ' hours')::interval
    from generate_series(0, 7999) g join containers c on c.code = ${prefix} || (g + 1)`);
  await db.execute(sql`insert into ledger_entries (user_id, amount_minor, currency, kind, checkin_batch_id, created_at)
    select ${id}, 100, 'USD', 'DEPOSIT_CREDIT', md5(${prefix} || g)::uuid, now() - (g || ' hours')::interval from generate_series(1, 4000) g`);
  // 5,000 rejected or cancelled scans: 5,000 rows.
  await db.execute(sql`insert into scans (id, user_id, container_code, product_id, status, scanned_at, reason, resolved_at)
    select gen_random_uuid(), ${id}, c.code, c.product_id, case when g < 11000 then 'REJECTED' else 'CANCELLED' end,
      now() - (g || ' minutes')::interval, 'Broken', now() - (g || ' minutes')::interval
    from generate_series(8000, 12999) g join containers c on c.code = ${prefix} || (g + 1)`);
  // 100 pending scans on 100 days: 100 rows.
  await db.execute(sql`insert into scans (id, user_id, container_code, product_id, status, scanned_at)
    select gen_random_uuid(), ${id}, c.code, c.product_id, 'PENDING', now() - ((g - 13000) || ' days')::interval
    from generate_series(13000, 13099) g join containers c on c.code = ${prefix} || (g + 1)`);
  // 900 adjustments: 900 rows.
  await db.execute(sql`insert into ledger_entries (user_id, amount_minor, currency, kind, comment, created_at)
    select ${id}, 5, 'USD', 'ADJUSTMENT', 'Goodwill', now() - (g || ' hours')::interval from generate_series(1, 900) g`);
  await db.execute(sql`analyze`);
  return { userId: id };
}

/** Issued codes of a US product that nobody has scanned, for POST /scans. */
export async function issueCodesToScan(db: Database, count: number): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < count)
    codes.push(...(await issueContainers(db, 'us-oat-milk-1l', Math.min(10_000, count - codes.length), new Date())));
  return codes;
}
