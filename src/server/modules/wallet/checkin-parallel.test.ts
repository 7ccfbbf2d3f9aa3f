import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { scans } from '../../db/schema';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops } from '../../testing/wallet';

/**
 * Several workers at the facility (or a script beside the console) check bags in at once, and the
 * bags hold the containers of the same few customers in every order: on PostgreSQL each batch runs
 * on its own connection, and none may fail for the others (a 500 or a hung call), nor credit a
 * container twice or not at all.
 */
describe.each(databaseKinds)('check-ins in parallel on %s', (kind) => {
  const batches = 32;
  const ownCodes = 25;
  const sharedCodes = 10;
  const customers = 6;
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('32 overlapping batches over shared customers all answer, and every scan is credited once', { timeout: 180_000 }, async () => {
    const people = await Promise.all(Array.from({ length: customers }, () => customer(t)));
    const codes = await issue(t, 'us-oat-milk-1l', batches * ownCodes);
    // Past the first 24 hours: these credits are not fresh codes' (no approval limit, no per-person turn).
    t.clock.advance(25 * 3600);
    // Scan ids are random, so each batch meets the customers in its own order.
    const scanned = codes.map((code, index) => ({
      id: randomUUID(),
      userId: people[index % customers]!.user.id,
      containerCode: code,
      productId: 'us-oat-milk-1l',
      scannedAt: t.clock.now(),
      createdAt: t.clock.now(),
    }));
    await t.db.insert(scans).values(scanned);

    // Each batch: its own codes and the first codes of the next batch, which another worker checks in too.
    const bags = Array.from({ length: batches }, (_, batch) => [
      ...codes.slice(batch * ownCodes, (batch + 1) * ownCodes),
      ...codes.slice(((batch + 1) % batches) * ownCodes, ((batch + 1) % batches) * ownCodes + sharedCodes),
    ]);
    const answers = await Promise.allSettled(bags.map((bag) => ops(t, '/checkins', { codes: bag })));
    // A 500 breaks the route's declared answers, so the test app throws for it: counted the same.
    const failed = answers.flatMap((answer) =>
      answer.status === 'rejected'
        ? [String(answer.reason).slice(0, 120)]
        : answer.value.statusCode === 200
          ? []
          : [`answered ${answer.value.statusCode}`],
    );
    expect(failed).toEqual([]);

    const credited = answers.flatMap((answer) =>
      answer.status === 'fulfilled' ? answer.value.json<{ data: { checked_in: { scan_id: string }[] } }>().data.checked_in : [],
    );
    expect(credited).toHaveLength(scanned.length);
    expect(new Set(credited.map((row) => row.scan_id)).size).toBe(scanned.length);

    // The ledger, the balances and the scans agree, customer by customer.
    const ids = people.map((person) => person.user.id);
    const perCustomer = rowsOf<{ user_id: string; completed: number; credited: number; ledger: number; balance: number }>(
      await t.db.execute(sql`
        select u.id as user_id,
               (select count(*)::int from scans s where s.user_id = u.id and s.status = 'COMPLETED') as completed,
               (select coalesce(sum(s.credited_minor), 0)::int from scans s where s.user_id = u.id and s.status = 'COMPLETED') as credited,
               (select coalesce(sum(e.amount_minor), 0)::int from ledger_entries e where e.user_id = u.id and e.kind = 'DEPOSIT_CREDIT') as ledger,
               coalesce((select b.balance_minor from balances b where b.user_id = u.id), 0)::int as balance
          from users u where u.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) order by u.id`),
    );
    expect(perCustomer).toHaveLength(customers);
    for (const row of perCustomer) {
      expect(row.completed).toBe(scanned.filter((scan) => scan.userId === row.user_id).length);
      expect(row.ledger).toBe(row.credited);
      expect(row.balance).toBe(row.credited);
    }
  });
});
