/**
 * merged_transactions latency for a customer with 10,000 history rows (and a neighbour with as many):
 * npx tsx bench/wallet-history.ts pglite | postgres (postgres needs TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../src/server/testing/databases';
import { seedCatalogue } from '../src/server/modules/wallet/catalogue';
import { listTransactions } from '../src/server/modules/wallet/history';
import { users } from '../src/server/db/schema';
import { transactionsQuery } from '../src/domain/schemas/wallet';

const kind = (process.argv[2] ?? 'pglite') as 'pglite' | 'postgres';
const h = await createTestDatabase(kind);
const db = h.db;
await seedCatalogue(db);
const mk = async () => (await db.insert(users).values({ email: `${randomUUID()}@x.y`, name: 'B', countryCode: 'us', locale: 'en-US' }).returning())[0]!.id;
const other = await mk();
const uid = await mk();
const t0 = performance.now();
for (const user of [other, uid]) {
await db.execute(sql`insert into containers (code, product_id) select ${user}::text || g, (array['us-oat-milk-1l','us-peanut-butter-450','us-coffee-cup-16oz','us-ice-cream-pint'])[1 + g % 4] from generate_series(1, 13100) g`);
await db.execute(sql`insert into checkin_batches (id, created_at) select md5(${user}::text || g)::uuid, now() - (g || ' hours')::interval from generate_series(1, 4000) g`);
// 8000 completed scans, 2 per batch
await db.execute(sql`insert into scans (id, user_id, container_code, product_id, status, scanned_at, credited_minor, checkin_batch_id, resolved_at)
  select gen_random_uuid(), ${user}, c.code, c.product_id, 'COMPLETED', now() - (g || ' hours')::interval - interval '1 day', 50, md5(${user}::text || (1 + g / 2))::uuid, now() - ((1 + g / 2) || ' hours')::interval
  from generate_series(0, 7999) g join containers c on c.code = ${user}::text || (g + 1)`);
await db.execute(sql`insert into ledger_entries (user_id, amount_minor, currency, kind, checkin_batch_id, created_at) select ${user}, 100, 'USD', 'DEPOSIT_CREDIT', md5(${user}::text || g)::uuid, now() - (g || ' hours')::interval from generate_series(1, 4000) g`);
await db.execute(sql`insert into scans (id, user_id, container_code, product_id, status, scanned_at, reason, resolved_at)
  select gen_random_uuid(), ${user}, c.code, c.product_id, case when g < 11000 then 'REJECTED' else 'CANCELLED' end, now() - (g || ' minutes')::interval, 'Broken', now() - (g || ' minutes')::interval
  from generate_series(8000, 12999) g join containers c on c.code = ${user}::text || (g + 1)`);
await db.execute(sql`insert into scans (id, user_id, container_code, product_id, status, scanned_at)
  select gen_random_uuid(), ${user}, c.code, c.product_id, 'PENDING', now() - ((g - 13000) || ' days')::interval
  from generate_series(13000, 13099) g join containers c on c.code = ${user}::text || (g + 1)`);
await db.execute(sql`insert into ledger_entries (user_id, amount_minor, currency, kind, comment, created_at) select ${user}, 5, 'USD', 'ADJUSTMENT', 'Adj', now() - (g || ' hours')::interval from generate_series(1, 900) g`);
}
await db.execute(sql`analyze`);
console.log(kind, 'seeded in', Math.round(performance.now() - t0), 'ms');
const user = { id: uid, countryCode: 'us' as const, currency: 'USD' as const };
for (const q of [{}, { items_per_page: '50' }, { items_per_page: '50', page: '150' }, { status: 'PENDING' }, { sort_by: '-amount', items_per_page: '50' }]) {
  const query = transactionsQuery.parse(q);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 25; i += 1) {
    const s = performance.now();
    const page = await listTransactions(db, user, query, 'en');
    times.push(performance.now() - s);
    total = page.meta.total;
  }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify(q), 'total', total, 'p50', times[12]!.toFixed(1), 'ms  p99(max of 25)', times[24]!.toFixed(1), 'ms');
}
await h.close();
