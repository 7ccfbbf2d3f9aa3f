import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionsQuery } from '#domain/schemas/wallet';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema';
import { createTestDatabase, databaseKinds } from '../../testing/databases';
import { seedCatalogue } from './catalogue';
import { listTransactions } from './history';
import { createHistoryPages } from './history-pages';
import { adjustBalance } from './operator-actions';
import { testActor } from '../../testing/actor';

/**
 * A kept page patched with the rows written since is the page read whole: random writes (several
 * at the same instant, so the database's tie order by id counts; rows taken away; rows older than
 * the page), the small page of 5 and the app's page of 1,000, with and without a filter.
 */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('adjust' as const),
    minutesAgo: fc.constantFrom(0, 0, 0, 1, 5, 600),
    cents: fc.integer({ min: 1, max: 900 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), nth: fc.nat(40) }),
  fc.record({ kind: fc.constant('read' as const) }),
);

describe.each(databaseKinds)('history pages kept and patched on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedCatalogue(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('equal the page read whole after every step', async () => {
    const base = new Date('2026-11-20T10:00:00.000Z');
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 25 }),
        fc.constantFrom('5', '1000'),
        fc.boolean(),
        async (steps, size, onlyAdjustments) => {
          const db = handle.db;
          const [user] = await db
            .insert(users)
            .values({ email: `${randomUUID()}@pages.example`, name: 'P', countryCode: 'us', locale: 'en-US' })
            .returning({ id: users.id });
          const customer = { id: user!.id, countryCode: 'us' as const, currency: 'USD' as const };
          const query = transactionsQuery.parse({ items_per_page: size, ...(onlyAdjustments ? { type: 'ADJUSTMENT' } : {}) });
          const pages = createHistoryPages();
          for (let index = 0; index < 8; index += 1)
            await adjustBalance(db, testActor, { id: randomUUID(), userId: customer.id, amount: '1.00', comment: `seed ${index}` }, base);
          for (const entry of steps) {
            if (entry.kind === 'adjust') {
              const at = new Date(base.getTime() + 3_600_000 - entry.minutesAgo * 60_000);
              const amount = (entry.cents / 100).toFixed(2);
              await adjustBalance(db, testActor, { id: randomUUID(), userId: customer.id, amount, comment: `step ${amount}` }, at);
            } else if (entry.kind === 'delete') {
              await db.execute(sql`delete from history_rows where (user_id, id) in
              (select user_id, id from history_rows where user_id = ${customer.id} order by created_at desc, id desc offset ${entry.nth} limit 1)`);
            }
            const kept = await pages.json(db, customer, query, 'en');
            expect(kept).toBe(JSON.stringify(await listTransactions(db, customer, query, 'en')));
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
