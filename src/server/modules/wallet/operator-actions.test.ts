import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, ledgerEntries, scans } from '../../db/schema';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, operatorHeaders, postScan } from '../../testing/wallet';

describe.each(databaseKinds)('operators and the ledger on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const balanceOf = async (headers: Record<string, string>) => {
    const response = await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it('refuses a wrong operator key with 403, and no credential or a customer token with 401', async () => {
    for (const headers of [{ 'x-ops-key': 'wrong' }, { 'x-ops-key': `${operatorHeaders['x-ops-key']}x` }]) {
      const response = await ops(t, '/checkins', { codes: ['X'] }, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('OPS_KEY_INVALID');
    }
    for (const headers of [{}, { 'x-ops-key': '' }] as Record<string, string>[]) {
      const response = await ops(t, '/checkins', { codes: ['X'] }, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('OPERATOR_UNAUTHORIZED');
    }
    // A customer token is no operator credential.
    const { headers } = await customer(t);
    expect((await ops(t, '/adjustments', { email: 'a@b.c', amount: '5', comment: 'x' }, headers)).statusCode).toBe(401);
  });

  it('check-in credits exactly the deposits, once, and shows in the balance', async () => {
    const { headers } = await customer(t);
    const [bottle1, bottle2, jar, unscanned] = [...(await issue(t, 'us-oat-milk-1l', 2)), ...(await issue(t, 'us-peanut-butter-450', 2))];
    for (const code of [bottle1, bottle2, jar]) expect((await postScan(t, headers, code!)).statusCode).toBe(201);
    expect(await balanceOf(headers)).toEqual({
      balance: { currency: 'USD', value: '0.00' },
      pending_deposit: { currency: 'USD', value: '2.00' },
      pending_items: 3,
      returned_items: 0,
    });

    const response = await ops(t, '/checkins', { codes: [bottle1, bottle2, jar, unscanned, 'not-a-code'], note: 'Portland facility' });
    expect(response.statusCode).toBe(200);
    const result = response.json().data;
    expect(result.batch_id).toEqual(expect.any(String));
    expect(result.checked_in).toHaveLength(3);
    expect(result.not_pending).toEqual([unscanned]);
    expect(result.unknown).toEqual(['not-a-code']);
    expect(await balanceOf(headers)).toEqual({
      balance: { currency: 'USD', value: '2.00' },
      pending_deposit: { currency: 'USD', value: '0.00' },
      pending_items: 0,
      returned_items: 3,
    });

    const again = (await ops(t, '/checkins', { codes: [bottle1, jar] })).json().data;
    expect(again).toEqual({
      batch_id: null,
      checked_in: [],
      held: [],
      not_pending: [bottle1, jar],
      expired: [],
      competing_claims: [],
      unknown: [],
    });
    expect((await balanceOf(headers)).balance.value).toBe('2.00');
  });

  it('one batch for two customers credits each their own deposits', async () => {
    const alice = await customer(t);
    const bob = await customer(t);
    const [a, b, c] = await issue(t, 'us-ice-cream-pint', 3);
    await postScan(t, alice.headers, a!);
    await postScan(t, bob.headers, b!);
    await postScan(t, bob.headers, c!);
    await ops(t, '/checkins', { codes: [a, b, c] });
    expect((await balanceOf(alice.headers)).balance.value).toBe('1.00');
    expect((await balanceOf(bob.headers)).balance.value).toBe('2.00');
  });

  it('reject and cancel move no money', async () => {
    const { headers } = await customer(t);
    const [rejected, cancelledByCode, cancelledById] = await issue(t, 'us-hand-soap-500', 3);
    await postScan(t, headers, rejected!);
    await postScan(t, headers, cancelledByCode!);
    const scanId = (await postScan(t, headers, cancelledById!)).json().data.id;

    const rejection = await ops(t, '/rejections', { codes: [rejected], reason: 'The bottle was cracked.' });
    expect(rejection.statusCode).toBe(200);
    expect(rejection.json().data.rejected).toHaveLength(1);
    const byCode = await ops(t, '/cancellations', { code: cancelledByCode, reason: 'Scanned by mistake' });
    expect(byCode.json().data).toMatchObject({ code: cancelledByCode, status: 'CANCELLED' });
    const byId = await ops(t, '/cancellations', { scan_id: scanId });
    expect(byId.statusCode).toBe(200);

    expect(await balanceOf(headers)).toMatchObject({ balance: { value: '0.00' }, pending_items: 0, returned_items: 0 });
    const twice = await ops(t, '/cancellations', { scan_id: scanId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('SCAN_NOT_PENDING');
    expect((await ops(t, '/cancellations', { scan_id: randomUUID() })).statusCode).toBe(404);
    expect((await ops(t, '/cancellations', {})).statusCode).toBe(400);
    // A rejected container is not checked in later by mistake.
    expect((await ops(t, '/checkins', { codes: [rejected] })).json().data.not_pending).toEqual([rejected]);
    expect((await balanceOf(headers)).balance.value).toBe('0.00');
  });

  it('adjusts a balance: credit, idempotent replay, conflicting replay, refused debit below zero', async () => {
    const { headers, user, fields } = await customer(t, { country_code: 'jp', locale: 'ja-JP', zip_code: '150-0002' });
    const id = randomUUID();
    const credit = await ops(t, '/adjustments', { id, email: fields.email, amount: '300', comment: 'Goodwill credit' });
    expect(credit.statusCode).toBe(201);
    expect(credit.json().data).toMatchObject({
      user_id: user.id,
      amount: { currency: 'JPY', value: '300' },
      balance: { currency: 'JPY', value: '300' },
      comment: 'Goodwill credit',
    });
    const replay = await ops(t, '/adjustments', { id, email: fields.email, amount: '300', comment: 'Goodwill credit' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.id).toBe(credit.json().data.id);
    const conflicting = await ops(t, '/adjustments', { id, email: fields.email, amount: '400', comment: 'Goodwill credit' });
    expect(conflicting.statusCode).toBe(409);
    expect(conflicting.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await balanceOf(headers)).balance).toEqual({ currency: 'JPY', value: '300' });

    const debitId = randomUUID();
    const debit = await ops(t, '/adjustments', { id: debitId, user_id: user.id, amount: '-100', comment: 'Duplicate credit reversed' });
    expect(debit.statusCode).toBe(201);
    const tooMuch = await ops(t, '/adjustments', { user_id: user.id, amount: '-201', comment: 'Too much' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.code).toBe('INSUFFICIENT_BALANCE');
    expect((await balanceOf(headers)).balance).toEqual({ currency: 'JPY', value: '200' });
    // A retried debit is the one already made, even once the balance could no longer pay it again.
    expect((await ops(t, '/adjustments', { user_id: user.id, amount: '-150', comment: 'Paid out by hand' })).statusCode).toBe(201);
    const retried = await ops(t, '/adjustments', { id: debitId, user_id: user.id, amount: '-100', comment: 'Duplicate credit reversed' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ id: debit.json().data.id, balance: { currency: 'JPY', value: '50' } });
    expect((await balanceOf(headers)).balance).toEqual({ currency: 'JPY', value: '50' });

    // Yen have no decimals; zero moves nothing; someone unknown is 404.
    expect((await ops(t, '/adjustments', { user_id: user.id, amount: '1.50', comment: 'x' })).statusCode).toBe(400);
    expect((await ops(t, '/adjustments', { user_id: user.id, amount: '0', comment: 'x' })).statusCode).toBe(400);
    expect((await ops(t, '/adjustments', { email: 'nobody@example.com', amount: '1', comment: 'x' })).statusCode).toBe(404);
    expect((await ops(t, '/adjustments', { user_id: user.id, amount: '1' })).json().error.fields).toEqual({ comment: 'required' });
  });

  it('never lets concurrent debits take a balance below zero', async () => {
    const { headers, user } = await customer(t);
    await ops(t, '/adjustments', { user_id: user.id, amount: '1.00', comment: 'Start' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        ops(t, '/adjustments', { id: randomUUID(), user_id: user.id, amount: '-0.30', comment: `Debit ${index}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 422)).toHaveLength(7);
    expect((await balanceOf(headers)).balance.value).toBe('0.10');
    const [sum] = await t.db
      .select({ minor: sql<number>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, user.id));
    expect(sum!.minor).toBe(10);
  });

  it('the database itself keeps the ledger append-only and the balance at zero or more', async () => {
    const { user } = await customer(t);
    await ops(t, '/adjustments', { user_id: user.id, amount: '0.50', comment: 'Start' });
    await expect(t.db.update(ledgerEntries).set({ amountMinor: 5000 }).where(eq(ledgerEntries.userId, user.id))).rejects.toThrow();
    await expect(t.db.delete(ledgerEntries).where(eq(ledgerEntries.userId, user.id))).rejects.toThrow();
    await expect(
      t.db.insert(ledgerEntries).values({ userId: user.id, amountMinor: -51, currency: 'USD', kind: 'ADJUSTMENT', comment: 'direct' }),
    ).rejects.toThrow();
    await expect(t.db.update(balances).set({ balanceMinor: -1 }).where(eq(balances.userId, user.id))).rejects.toThrow();
    const [balance] = await t.db.select().from(balances).where(eq(balances.userId, user.id));
    expect(balance!.balanceMinor).toBe(50);
  });

  it('issues containers and lists unscanned ones for operators', async () => {
    const response = await ops(t, '/containers', { product_id: 'uk-tea-tin', count: 3 });
    expect(response.statusCode).toBe(201);
    const codes: string[] = response.json().data.codes;
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z*~$=]{11}$/);
    const unscanned = await t.inject({
      method: 'GET',
      url: '/api/v2/ops/containers/unscanned?country_code=uk&limit=1000',
      headers: operatorHeaders,
    });
    expect(unscanned.json().data.map((row: { code: string }) => row.code)).toEqual(expect.arrayContaining(codes));
    expect((await ops(t, '/containers', { product_id: 'nope', count: 1 })).statusCode).toBe(404);
    const rows = await t.db.select().from(scans).where(eq(scans.containerCode, codes[0]!));
    expect(rows).toHaveLength(0);
  });

  it('lists the codes nobody scanned a page at a time, without the one a customer scanned', async () => {
    const { headers } = await customer(t);
    const codes = await issue(t, 'us-oat-milk-1l', 5);
    expect((await postScan(t, headers, codes[0]!)).statusCode).toBe(201);
    const listed: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `country_code=us&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await t.inject({ method: 'GET', url: `/api/v2/ops/containers/unscanned?${query}`, headers: operatorHeaders });
      expect(page.statusCode).toBe(200);
      const body: { data: { code: string; country_code: string }[]; meta: { next_cursor: string | null } } = page.json();
      expect(body.data.length).toBeLessThanOrEqual(2);
      for (const row of body.data) expect(row.country_code).toBe('us');
      listed.push(...body.data.map((row) => row.code));
      cursor = body.meta.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 100);
    expect(cursor).toBeNull();
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toEqual(expect.arrayContaining(codes.slice(1)));
    expect(listed).not.toContain(codes[0]);
    const forged = await t.inject({
      method: 'GET',
      url: `/api/v2/ops/containers/unscanned?cursor=${Buffer.from('["2026-11-30T00:00:00.000000Z","not a code"]').toString('base64url')}`,
      headers: operatorHeaders,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('INVALID_CURSOR');
  });
});

describe.each(databaseKinds)('operator routes without OPS_KEY on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuse every key, since the server holds none, and no credential at all', async () => {
    expect((await ops(t, '/checkins', { codes: ['X'] }, operatorHeaders)).statusCode).toBe(403);
    expect((await ops(t, '/checkins', { codes: ['X'] }, {})).statusCode).toBe(401);
  });
});
