/**
 * merged_transactions latency for a customer with 10,000 history rows (and a neighbour with as many):
 * npx tsx bench/wallet-history.ts pglite | postgres (postgres needs TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '../src/server/testing/databases';
import { seedCatalogue } from '../src/server/modules/wallet/catalogue';
import { listTransactions } from '../src/server/modules/wallet/history';
import { users } from '../src/server/db/schema';
import { seedLongHistory } from './seed-history';
import { transactionsQuery } from '#domain/schemas/wallet';

const kind = (process.argv[2] ?? 'pglite') as 'pglite' | 'postgres';
const h = await createTestDatabase(kind);
const db = h.db;
await seedCatalogue(db);
const mk = async () => {
  const email = `${randomUUID()}@bench.example`;
  await db.insert(users).values({ email, name: 'B', countryCode: 'us', locale: 'en-US' });
  return (await seedLongHistory(db, email)).userId;
};
const t0 = performance.now();
// A neighbour with as long a past, so the query must pick one customer's rows out of many.
await mk();
const uid = await mk();

console.log(kind, 'seeded in', Math.round(performance.now() - t0), 'ms');
const user = { id: uid, countryCode: 'us' as const, currency: 'USD' as const };
for (const q of [
  {},
  { items_per_page: '50' },
  { items_per_page: '50', page: '150' },
  { status: 'PENDING' },
  { sort_by: '-amount', items_per_page: '50' },
]) {
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
