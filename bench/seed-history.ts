// Gives customers a past: merged history rows of every kind (check-in batches, rejected and
// cancelled scans, pending days, adjustments) in the proportions of a long-time customer, and a
// pool of issued, never-scanned codes to scan.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { issueContainers } from '../src/server/modules/wallet/operator-actions';
import { testActor } from '../src/server/testing/actor';

/**
 * About `rows` history rows for one customer: 40 % check-in batches of two scans, 30 % rejected and
 * 20 % cancelled scans, 1 % days with a pending scan, the rest adjustments. The caller runs
 * `analyze` once after seeding everyone (the planner must see the new rows).
 */
export async function seedHistory(db: Database, userId: string, rows: number): Promise<void> {
  const prefix = `BENCH${userId}`;
  const batches = Math.round(rows * 0.4);
  const rejected = Math.round(rows * 0.3);
  const cancelled = Math.round(rows * 0.2);
  const pendingDays = Math.round(rows * 0.01);
  const adjustments = rows - batches - rejected - cancelled - pendingDays;
  const closed = rejected + cancelled;
  // Container g: 1 .. 2·batches completed, then the closed scans, then the pending ones.
  const containers = 2 * batches + closed + pendingDays;
  await db.execute(sql`insert into containers (code, product_id)
    select ${prefix} || g, (array['us-oat-milk-1l','us-peanut-butter-450','us-coffee-cup-16oz','us-ice-cream-pint'])[1 + g % 4]
    from generate_series(1, ${containers}) g`);
  await db.execute(sql`insert into checkin_batches (id, created_at)
    select md5(${prefix} || g)::uuid, now() - (g || ' hours')::interval from generate_series(1, ${batches}) g`);
  await db.execute(sql`insert into scans (id, user_id, container_code, product_id, status, scanned_at, credited_minor, checkin_batch_id, resolved_at)
    select gen_random_uuid(), ${userId}, c.code, c.product_id, 'COMPLETED', now() - (g || ' hours')::interval - interval '1 day', 50,
      md5(${prefix} || (1 + g / 2))::uuid, now() - ((1 + g / 2) || ' hours')::interval
    from generate_series(0, ${2 * batches - 1}) g join containers c on c.code = ${prefix} || (g + 1)`);
  await db.execute(sql`insert into ledger_entries (user_id, amount_minor, currency, kind, checkin_batch_id, created_at)
    select ${userId}, 100, 'USD', 'DEPOSIT_CREDIT', md5(${prefix} || g)::uuid, now() - (g || ' hours')::interval
    from generate_series(1, ${batches}) g`);
  await db.execute(sql`insert into scans (id, user_id, container_code, product_id, status, scanned_at, reason, resolved_at)
    select gen_random_uuid(), ${userId}, c.code, c.product_id, case when g < ${rejected} then 'REJECTED' else 'CANCELLED' end,
      now() - (g || ' minutes')::interval, 'Broken', now() - (g || ' minutes')::interval
    from generate_series(0, ${closed - 1}) g join containers c on c.code = ${prefix} || (${2 * batches} + g + 1)`);
  await db.execute(sql`insert into scans (id, user_id, container_code, product_id, status, scanned_at)
    select gen_random_uuid(), ${userId}, c.code, c.product_id, 'PENDING', now() - (g || ' days')::interval
    from generate_series(0, ${pendingDays - 1}) g join containers c on c.code = ${prefix} || (${2 * batches + closed} + g + 1)`);
  await db.execute(sql`insert into ledger_entries (user_id, amount_minor, currency, kind, comment, created_at)
    select ${userId}, 5, 'USD', 'ADJUSTMENT', 'Goodwill', now() - (g || ' hours')::interval from generate_series(1, ${adjustments}) g`);
  // A past is news told long ago: left undelivered, the server's first minutes go to delivering it
  // (thousands of pushes and mails), and the bench would measure that instead of the calls.
  await db.execute(sql`update customer_news set read_at = coalesce(read_at, now()), push_handled_at = coalesce(push_handled_at, now()),
    mail_handled_at = coalesce(mail_handled_at, now()) where user_id = ${userId}`);
  await db.execute(sql`update notification_settings set due_at = null, attempts = 0 where user_id = ${userId}`);
}

/** One customer with about 10,000 rows, found by email. */
export async function seedLongHistory(db: Database, email: string): Promise<{ userId: string }> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no customer ${email}`);
  await seedHistory(db, user.id, 10_000);
  await db.execute(sql`analyze`);
  return { userId: user.id };
}

/** Issued codes of a US product that nobody has scanned, for POST /scans. */
export async function issueCodesToScan(db: Database, count: number): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < count)
    codes.push(...(await issueContainers(db, testActor, 'us-oat-milk-1l', Math.min(10_000, count - codes.length), new Date())));
  return codes;
}
