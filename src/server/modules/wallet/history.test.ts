import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionsResponse } from '#domain/schemas/wallet';
import { bearer, customer, loginTokens } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, postScan } from '../../testing/wallet';

describe.each(databaseKinds)('GET /api/v2/merged_transactions on %s', (kind) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof customer>>;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
    alice = await customer(t, { name: 'Alice' });
    // The clock moves days ahead below, past the 15-minute access token: a fresh sign-in each time, as the app refreshes.
    const fresh = async () => bearer((await loginTokens(t, alice.fields.email)).access_token);
    // Day 1: three scans (two oat milk, one jar), checked in the next day as one batch with a cup.
    const [milk1, milk2, jar, cup, rejected, cancelled, pending1, pending2, pending3] = [
      ...(await issue(t, 'us-oat-milk-1l', 2)),
      ...(await issue(t, 'us-peanut-butter-450', 1)),
      ...(await issue(t, 'us-coffee-cup-16oz', 1)),
      ...(await issue(t, 'us-hand-soap-500', 2)),
      ...(await issue(t, 'us-greek-yogurt-170', 3)),
    ];
    const scanned = async (code: string, scannedAt?: Date) =>
      expect((await postScan(t, await fresh(), code, { scannedAt })).statusCode).toBe(201);
    for (const code of [milk1, milk2, jar, cup]) await scanned(code!);
    t.clock.advance(86_400);
    await ops(t, '/checkins', { codes: [milk1, milk2, jar, cup] });
    t.clock.advance(3600);
    await scanned(rejected!);
    await scanned(cancelled!);
    await ops(t, '/rejections', { codes: [rejected], reason: 'The container was broken.' });
    t.clock.advance(60);
    await ops(t, '/cancellations', { code: cancelled, reason: 'Scanned twice by mistake' });
    t.clock.advance(60);
    await ops(t, '/adjustments', { user_id: alice.user.id, amount: '1.25', comment: 'Sorry for the delay' });
    t.clock.advance(60);
    await ops(t, '/adjustments', { user_id: alice.user.id, amount: '-0.25', comment: 'Correction' });
    // Two days later: pending scans, one of the day before and two today.
    t.clock.advance(2 * 86_400);
    await scanned(pending1!, new Date(t.clock.now().getTime() - 86_400_000));
    await scanned(pending2!);
    await scanned(pending3!);
    alice.headers = await fresh();
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query = '', headers: Record<string, string> = alice.headers) => {
    const response = await t.inject({ method: 'GET', url: `/api/v2/merged_transactions${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return transactionsResponse.parse(response.json());
  };

  it('merges the history: pending days, check-in batches by product, rejections, cancellations, adjustments', async () => {
    const page = await list();
    expect(page.meta).toEqual({ page: 1, items_per_page: 1000, total: 7 });
    const rows = page.data;
    expect(rows.map((row) => `${row.category} ${row.status}`)).toEqual([
      'SCAN PENDING',
      'SCAN PENDING',
      'ADJUSTMENT COMPLETED',
      'ADJUSTMENT COMPLETED',
      'SCAN CANCELLED',
      'SCAN REJECTED',
      'SCAN COMPLETED',
    ]);
    const [today, yesterday, correction, goodwill, cancelled, rejected, completed] = rows;
    expect(today).toMatchObject({ number_of_scans: 2, amount: { currency: 'USD', value: '0.50' }, comment: null });
    expect(today!.items).toEqual([
      {
        product_id: 'us-greek-yogurt-170',
        name: 'Greek yogurt, 170 g pot',
        image_url: '/images/products/pot.svg',
        quantity: 2,
        price: { currency: 'USD', value: '0.25' },
      },
    ]);
    expect(yesterday).toMatchObject({ number_of_scans: 1, items: [{ quantity: 1 }] });
    expect(correction).toMatchObject({ amount: { value: '-0.25' }, comment: 'Correction', items: [], number_of_scans: null });
    expect(goodwill).toMatchObject({ amount: { value: '1.25' }, comment: 'Sorry for the delay' });
    expect(cancelled).toMatchObject({ amount: { value: '0.00' }, comment: 'Scanned twice by mistake', number_of_scans: 1 });
    expect(rejected).toMatchObject({ amount: { value: '0.00' }, comment: 'The container was broken.', number_of_scans: 1 });
    expect(rejected!.items).toEqual([
      expect.objectContaining({ product_id: 'us-hand-soap-500', quantity: 1, price: { currency: 'USD', value: '1.00' } }),
    ]);
    expect(completed).toMatchObject({ amount: { currency: 'USD', value: '2.25' }, number_of_scans: 4, comment: null });
    expect(completed!.items.map((item) => [item.product_id, item.quantity, item.price.value])).toEqual([
      ['us-oat-milk-1l', 2, '0.75'],
      ['us-peanut-butter-450', 1, '0.50'],
      ['us-coffee-cup-16oz', 1, '0.25'],
    ]);
    for (const row of rows) expect(row).toMatchObject({ price: null, account_name: null, account_number: null });
    // The balance is the credited deposits and the adjustments.
    const balance = (await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers: alice.headers })).json().data;
    expect(balance).toEqual({
      balance: { currency: 'USD', value: '3.25' },
      pending_deposit: { currency: 'USD', value: '0.75' },
      pending_items: 3,
      returned_items: 4,
    });
  });

  it('filters by type and status (case-insensitive)', async () => {
    expect((await list('?type=ADJUSTMENT')).data.map((row) => row.category)).toEqual(['ADJUSTMENT', 'ADJUSTMENT']);
    const pending = await list('?status=pending');
    expect(pending.meta.total).toBe(2);
    expect(pending.data.every((row) => row.status === 'PENDING')).toBe(true);
    expect((await list('?type=SCAN&status=REJECTED')).data).toHaveLength(1);
    expect((await list('?type=WITHDRAWAL')).data).toEqual([]);
  });

  it('pages and sorts', async () => {
    const first = await list('?items_per_page=3&page=1');
    const second = await list('?items_per_page=3&page=2');
    const third = await list('?items_per_page=3&page=3');
    expect(first.meta).toEqual({ page: 1, items_per_page: 3, total: 7 });
    expect([first, second, third].map((page) => page.data.length)).toEqual([3, 3, 1]);
    const all = (await list()).data.map((row) => row.id);
    expect([...first.data, ...second.data, ...third.data].map((row) => row.id)).toEqual(all);
    const beyond = await list('?items_per_page=3&page=9');
    expect(beyond).toEqual({ data: [], meta: { page: 9, items_per_page: 3, total: 7 } });

    expect((await list('?sort_by=created_at')).data.map((row) => row.id)).toEqual([...all].reverse());
    const byAmount = (await list('?sort_by=-amount')).data.map((row) => Number(row.amount.value));
    expect(byAmount).toEqual([...byAmount].sort((a, b) => b - a));
    expect(byAmount[0]).toBe(2.25);
    const ascending = (await list('?sort_by=amount')).data.map((row) => Number(row.amount.value));
    expect(ascending[0]).toBe(-0.25);
  });

  it('names items in the reader’s language', async () => {
    const page = await list('?type=SCAN&status=COMPLETED', { ...alice.headers, 'accept-language': 'ja-JP' });
    expect(page.data[0]!.items[0]!.name).toBe('オーツミルク 1L ボトル');
  });

  it('refuses bad query values with 400 and their fields', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/api/v2/merged_transactions?items_per_page=0&page=-1&type=GIFT&status=LOST&sort_by=name&extra=1',
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        items_per_page: 'invalidValue',
        page: 'invalidValue',
        type: 'invalidValue',
        status: 'invalidValue',
        sort_by: 'invalidValue',
        extra: 'unknownField',
      },
    });
    expect(
      (await t.inject({ method: 'GET', url: '/api/v2/merged_transactions?items_per_page=1001', headers: alice.headers })).statusCode,
    ).toBe(400);
  });

  it('shows another customer nothing of Alice’s, and nobody anything without a token', async () => {
    const bob = await customer(t, { name: 'Bob' });
    expect(await list('', bob.headers)).toEqual({ data: [], meta: { page: 1, items_per_page: 1000, total: 0 } });
    const balance = (await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers: bob.headers })).json().data;
    expect(balance).toEqual({
      balance: { currency: 'USD', value: '0.00' },
      pending_deposit: { currency: 'USD', value: '0.00' },
      pending_items: 0,
      returned_items: 0,
    });
    for (const url of ['/api/v2/merged_transactions', '/api/v2/user/balance']) {
      const anonymous = await t.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers: bob.headers })).headers['cache-control']).toBe(
      'no-store',
    );
  });
});
