import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../src/server/db/client';
import { createTestDatabase } from '../src/server/testing/databases';
import type { TestApp } from '../src/server/testing/test-app';
import { createWalletTestApp, operatorHeaders } from '../src/server/testing/wallet';
import { fillScale, scaleToken } from './scale-fill';

/**
 * What the triggers derive from a fill, comparable across two databases filled at different
 * moments: times as offsets from the customer's creation (both are the fill transaction's now()),
 * a line's items in a fixed order (the triggers aggregate them in no particular one).
 */
async function derivedRows(db: Database) {
  return {
    history: rowsOf(
      await db.execute(sql`select h.user_id, h.id, extract(epoch from h.created_at - u.created_at) as at, h.category, h.status,
          h.amount_minor, h.comment, h.number_of_scans, h.fee_minor, h.account_name, h.account_number, h.disputable,
          h.dispute - 'created_at' - 'resolved_at' as dispute, (select jsonb_agg(e order by e::text) from jsonb_array_elements(h.items) e) as items
        from history_rows h join users u on u.id = h.user_id
        where h.id like 'scan%' or h.id like 'adjustment:%'
        order by h.user_id, h.id`),
    ),
    versions: rowsOf(await db.execute(sql`select * from customer_versions order by user_id`)),
    news: rowsOf(await db.execute(sql`select user_id, kind, row_id, params from customer_news order by user_id, row_id, kind`)),
    balances: rowsOf(await db.execute(sql`select user_id, balance_minor from balances order by user_id`)),
  };
}

// The scale bench's figures are only worth something if what it fills is what the server serves:
// sessions its tokens open, balances and history the triggers kept, lists that page. A tiny size,
// on PostgreSQL (the bench's database).
describe.runIf(process.env.TEST_DATABASE_URL)('the scale bench fill (PostgreSQL, 40 customers)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp('postgres');
    await fillScale(t.db, 40);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const asCustomer = (ordinal: number, url: string) =>
    t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${scaleToken(ordinal)}` } });

  it("opens each customer's session with the token the bench sends, and no other", async () => {
    expect((await asCustomer(7, '/api/v2/user')).json()).toMatchObject({ data: { email: 'scale-7@bench.example' } });
    expect((await asCustomer(41, '/api/v2/user')).statusCode).toBe(401);
  });

  it('gives each customer the balance and history their ledger and scans make (six check-ins, four rejected, two cancelled, two adjustments)', async () => {
    const balance = (await asCustomer(7, '/api/v2/user/balance')).json();
    expect(balance.data).toMatchObject({ balance: { value: '6.50', currency: 'USD' }, returned_items: 12, pending_items: 0 });
    const history = (await asCustomer(7, '/api/v2/merged_transactions?items_per_page=50&page=1')).json();
    expect(history.meta.total).toBe(14);
    // Customer 10 has a pending scan too (one in ten); customer 1 a pending payout of 2.00.
    expect((await asCustomer(10, '/api/v2/user/balance')).json().data).toMatchObject({ pending_items: 1 });
    expect((await asCustomer(1, '/api/v2/user/balance')).json().data).toMatchObject({ balance: { value: '4.50' } });
  });

  it('writes the history lines, versions, news and balances the triggers would have written', async () => {
    const byTriggers = await createTestDatabase('postgres');
    try {
      await fillScale(byTriggers.db, 40, () => {}, 10_000, 'trigger');
      const expected = await derivedRows(byTriggers.db);
      expect(expected.history.length).toBeGreaterThan(40 * 14);
      expect(await derivedRows(t.db)).toEqual(expected);
    } finally {
      await byTriggers.close();
    }
  }, 120_000);

  it("fills the operators' lists in proportion: pending payouts, an open dispute, data requests", async () => {
    const payouts = (await t.inject({ method: 'GET', url: '/api/v2/ops/payouts', headers: operatorHeaders })).json();
    expect(payouts.data).toHaveLength(2);
    const disputes = (await t.inject({ method: 'GET', url: '/api/v2/ops/disputes', headers: operatorHeaders })).json();
    expect(disputes.data).toHaveLength(1);
    expect(disputes.data[0].scans).toHaveLength(1);
    const requests = (await t.inject({ method: 'GET', url: '/api/v2/ops/dsar?status=all', headers: operatorHeaders })).json();
    expect(requests.data.length).toBeGreaterThan(0);
  });
});
