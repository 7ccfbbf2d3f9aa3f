import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/databases';
import { rowsOf, type DatabaseHandle } from './client';

/**
 * A dispute's count (dispute_counts, migration 0035) is one row shared by every dispute of its
 * group. Its trigger takes the customer's own lock (customer_versions) before it, as every write of
 * a customer does: a writer that holds a customer and then needs the count must never meet one that
 * holds the count and waits for that customer. PostgreSQL only: PGlite has one connection.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('dispute counts and the customers’ locks (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  let customerA: string;
  let customerB: string;
  beforeAll(async () => {
    handle = await createTestDatabase('postgres');
    const users = rowsOf<{ id: string }>(
      await handle.db.execute(sql`insert into users (country_code, locale) values ('us', 'en-US'), ('us', 'en-US') returning id::text`),
    );
    [customerA, customerB] = users.map((user) => user.id) as [string, string];
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('a dispute filed while another writer holds the customer and then resolves a dispute of the same group: both commit, no deadlock', async () => {
    const [other] = rowsOf<{ id: string }>(
      await handle.db.execute(sql`insert into disputes (id, user_id, status, reason, amount_minor, currency)
        values (gen_random_uuid(), ${customerB}::uuid, 'OPEN', 'other', 100, 'USD') returning id::text`),
    );
    let customerHeld!: () => void;
    const heldCustomer = new Promise<void>((resolve) => (customerHeld = resolve));
    // The writer of customer A (as a credit is: the customer's lock, then the dispute's update).
    const writer = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into customer_versions as v (user_id, version) values (${customerA}::uuid, 0)
        on conflict (user_id) do update set version = v.version`);
      customerHeld();
      // Until the filing below waits for customer A, whatever it holds by then.
      for (;;) {
        const [waiting] = rowsOf<{ n: number }>(
          await handle.db.execute(sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like 'insert into "disputes"%'`),
        );
        if ((waiting?.n ?? 0) > 0) break;
      }
      await tx.execute(sql`update disputes set status = 'UPHELD', answer = 'No', resolved_at = now() where id = ${other!.id}::uuid`);
    });
    await heldCustomer;
    const filing = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into "disputes" (id, user_id, status, reason, amount_minor, currency)
        values (gen_random_uuid(), ${customerA}::uuid, 'OPEN', 'other', 250, 'USD')`);
    });
    const outcomes = await Promise.allSettled([writer, filing]);
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'committed'))).toEqual([
      'committed',
      'committed',
    ]);
    const counts = rowsOf<{ open: boolean; disputes: string; minor: string }>(
      await handle.db.execute(sql`select open, disputes::text, amount_minor::text as minor from dispute_counts
        where currency = 'USD' and reason = 'other' order by open`),
    );
    expect(counts).toEqual([
      { open: false, disputes: '1', minor: '100' },
      { open: true, disputes: '1', minor: '250' },
    ]);
  });
});
