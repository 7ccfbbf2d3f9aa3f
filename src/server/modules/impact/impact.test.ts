import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginTokens } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, cliHeaders, operatorHeaders, postScan } from '../../testing/wallet';
import { saveMethod, usBankAccount, verifiedCustomer, withdraw } from '../../testing/withdrawals';

describe.each(databaseKinds)('GET /user/impact on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const impactOf = (headers: Record<string, string>, extra: Record<string, string> = {}) =>
    t.inject({ method: 'GET', url: '/api/v2/user/impact', headers: { ...headers, ...extra } });
  const monthOf = (date: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' }).format(date).slice(0, 7);

  async function returnContainers(headers: Record<string, string>, productId: string, count: number) {
    const codes = await issue(t, productId, count);
    for (const code of codes) expect((await postScan(t, headers, code)).statusCode).toBe(201);
    expect((await ops(t, '/checkins', { codes })).statusCode).toBe(200);
  }

  it('adds up returns, deposits, withdrawals and the balance per month; no packaging figure without a factor', async () => {
    const person = await verifiedCustomer(t);
    let headers = person.headers;
    const empty = (await impactOf(headers)).json().data;
    expect(empty).toMatchObject({
      returned_items: 0,
      deposits_earned: { currency: 'USD', value: '0.00' },
      withdrawn: { value: '0.00' },
      packaging: null,
    });
    expect(empty.months).toEqual([
      {
        month: monthOf(t.clock.now()),
        returned_items: 0,
        deposits_earned: { currency: 'USD', value: '0.00' },
        balance: { currency: 'USD', value: '0.00' },
      },
    ]);

    const firstMonth = monthOf(t.clock.now());
    await returnContainers(headers, 'us-oat-milk-1l', 8); // 8 × 0.75
    await returnContainers(headers, 'us-cold-brew-350', 2); // 2 × 0.50
    // To the 10th of the next month, whatever the day the test runs.
    const [year, month] = firstMonth.split('-').map(Number);
    t.clock.advance((Date.UTC(year!, month, 10, 12) - t.clock.now().getTime()) / 1000);
    // A month later: a new sign-in (the session ended), then the second month's return and a withdrawal.
    headers = bearer((await loginTokens(t, person.fields.email, person.fields.password)).access_token);
    const secondMonth = monthOf(t.clock.now());
    await returnContainers(headers, 'us-oat-milk-1l', 1);
    expect((await saveMethod(t, headers, 'TRANSFERWISE', usBankAccount)).statusCode).toBe(200);
    const requested = await withdraw(t, headers, { amount: '5.00' });
    expect(requested.statusCode).toBe(201);
    // Requested, not paid yet: the money left the balance but has not reached the customer.
    expect((await impactOf(headers)).json().data.withdrawn).toEqual({ currency: 'USD', value: '0.00' });
    const paid = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/payouts/${requested.json().data.id}/complete`,
      headers: operatorHeaders,
      payload: {},
    });
    expect(paid.statusCode).toBe(200);

    const answer = await impactOf(headers);
    expect(answer.statusCode).toBe(200);
    const impact = answer.json().data;
    expect(impact).toMatchObject({
      returned_items: 11,
      deposits_earned: { currency: 'USD', value: '7.75' },
      withdrawn: { currency: 'USD', value: '5.00' },
      packaging: null,
    });
    expect(impact.months).toEqual([
      {
        month: firstMonth,
        returned_items: 10,
        deposits_earned: { currency: 'USD', value: '7.00' },
        balance: { currency: 'USD', value: '7.00' },
      },
      {
        month: secondMonth,
        returned_items: 1,
        deposits_earned: { currency: 'USD', value: '0.75' },
        balance: { currency: 'USD', value: '2.75' },
      },
    ]);
    // The balance call agrees with the last month.
    expect((await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers })).json().data.balance.value).toBe('2.75');

    // Kept per version: the same ETag gets a 304.
    const etag = answer.headers.etag as string;
    expect((await impactOf(headers, { 'if-none-match': etag })).statusCode).toBe(304);

    // An operator's factor for oat milk: the figure counts the 9 oat milk returns, names its source, and the ETag changes.
    const set = await t.inject({
      method: 'PUT',
      url: '/api/v2/ops/impact-factors/us-oat-milk-1l',
      headers: operatorHeaders,
      payload: { packaging_grams: 35, source: 'Supplier LCA 2025' },
    });
    expect(set.statusCode).toBe(200);
    const after = await impactOf(headers, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.packaging).toEqual({ avoided_grams: 315, counted_items: 9, sources: ['Supplier LCA 2025'] });

    // A second product's factor adds its returns and its source.
    await t.inject({
      method: 'PUT',
      url: '/api/v2/ops/impact-factors/us-cold-brew-350',
      headers: operatorHeaders,
      payload: { packaging_grams: 12.5, source: 'Glass packaging study 2024' },
    });
    expect((await impactOf(headers)).json().data.packaging).toEqual({
      avoided_grams: 340,
      counted_items: 11,
      sources: ['Glass packaging study 2024', 'Supplier LCA 2025'],
    });

    // Removed again: no environmental figure at all.
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/v2/ops/impact-factors/us-oat-milk-1l', headers: operatorHeaders })).statusCode,
    ).toBe(204);
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/v2/ops/impact-factors/us-cold-brew-350', headers: operatorHeaders })).statusCode,
    ).toBe(204);
    expect((await impactOf(headers)).json().data.packaging).toBeNull();
  });

  it('a credited dispute is a return: its container and its credit count, like the history row that shows it', async () => {
    const person = await verifiedCustomer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    const scan = (await postScan(t, person.headers, code!)).json().data as { id: string };
    expect((await ops(t, '/rejections', { codes: [code], reason: 'Cracked' })).statusCode).toBe(200);
    const filed = await t.inject({
      method: 'POST',
      url: '/api/v2/disputes',
      headers: person.headers,
      payload: { id: randomUUID(), transaction_id: `scan:${scan.id}`, reason: 'not_damaged' },
    });
    expect(filed.statusCode).toBe(201);
    expect((await impactOf(person.headers)).json().data).toMatchObject({ returned_items: 0, deposits_earned: { value: '0.00' } });

    expect((await ops(t, `/disputes/${filed.json().data.id}/credit`, {})).statusCode).toBe(200);
    const impact = (await impactOf(person.headers)).json().data;
    expect(impact).toMatchObject({ returned_items: 1, deposits_earned: { currency: 'USD', value: '0.75' } });
    expect(impact.months.at(-1)).toMatchObject({ returned_items: 1, deposits_earned: { value: '0.75' }, balance: { value: '0.75' } });
  });

  it('the months move on to the current one when a month turns, without any new return', async () => {
    const person = await verifiedCustomer(t);
    await returnContainers(person.headers, 'us-oat-milk-1l', 1);
    const before = (await impactOf(person.headers)).json().data.months.map((month: { month: string }) => month.month);
    expect(before).toEqual([monthOf(t.clock.now())]);
    t.clock.advance(32 * 86_400);
    const headers = bearer((await loginTokens(t, person.fields.email, person.fields.password)).access_token);
    const after = (await impactOf(headers)).json().data;
    const months: string[] = after.months.map((month: { month: string }) => month.month);
    // 32 days on is one or two months later, whatever the day the test runs.
    expect(months[0]).toBe(before[0]);
    expect(months.at(-1)).toBe(monthOf(t.clock.now()));
    expect(months.length).toBeGreaterThanOrEqual(2);
    expect(after.months.at(-1)).toMatchObject({ returned_items: 0, balance: { value: '0.75' } });
  });

  it('a customer who returned nothing with a factor sees no figure, even when other products have one', async () => {
    const { headers } = await verifiedCustomer(t);
    await t.inject({
      method: 'PUT',
      url: '/api/v2/ops/impact-factors/us-peanut-butter-450',
      headers: operatorHeaders,
      payload: { packaging_grams: 20, source: 'demo figure' },
    });
    await returnContainers(headers, 'us-cold-brew-350', 1);
    expect((await impactOf(headers)).json().data).toMatchObject({ returned_items: 1, packaging: null });
  });

  it('operators: factors are validated, listed by market, and need the key; customers need a token', async () => {
    const bad = await t.inject({
      method: 'PUT',
      url: '/api/v2/ops/impact-factors/us-oat-milk-1l',
      headers: operatorHeaders,
      payload: { packaging_grams: -1, source: ' ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ packaging_grams: 'invalidValue', source: 'required' });
    const unknown = await t.inject({
      method: 'PUT',
      url: '/api/v2/ops/impact-factors/xx-nothing',
      headers: operatorHeaders,
      payload: { packaging_grams: 3, source: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'PUT', url: '/api/v2/ops/impact-factors/us-oat-milk-1l', payload: { packaging_grams: 3, source: 'x' } }))
        .statusCode,
    ).toBe(401);
    await t.inject({
      method: 'PUT',
      url: '/api/v2/ops/impact-factors/fr-jus-pomme-1l',
      headers: operatorHeaders,
      payload: { packaging_grams: 30, source: 'Étude ACV fournisseur 2025' },
    });
    const listed = (await t.inject({ method: 'GET', url: '/api/v2/ops/impact-factors?country_code=us', headers: operatorHeaders })).json()
      .data;
    expect(listed.map((factor: { product_id: string }) => factor.product_id)).toEqual(['us-peanut-butter-450']);
    expect((await t.inject({ method: 'GET', url: '/api/v2/user/impact' })).statusCode).toBe(401);
  });

  it('the CLI sets, lists and clears a factor with its source (run by the server for the CLI)', async () => {
    const run = async (argv: string[]) =>
      (await t.inject({ method: 'POST', url: '/api/v2/ops/commands', headers: cliHeaders, payload: { argv } })).json().data;
    const set = await run(['impact-factor', 'ca-maple-syrup-250', '--grams', '18', '--source', 'Supplier LCA 2025']);
    expect(set.exit_code, set.stderr).toBe(0);
    expect(set.stdout).toContain('18 g');
    expect((await run(['impact-factors', '--country', 'ca'])).stdout).toMatch(/ca-maple-syrup-250\s+18 g\s+Supplier LCA 2025/);
    expect((await run(['impact-factor', 'ca-maple-syrup-250', '--grams', '0', '--source', 'x'])).exit_code).toBe(2);
    expect((await run(['impact-factor', 'ca-maple-syrup-250', '--grams', '5'])).exit_code).toBe(2);
    expect((await run(['impact-factor', 'ca-maple-syrup-250', '--clear'])).exit_code).toBe(0);
    expect((await run(['impact-factors', '--country', 'ca'])).stdout).toContain('No impact factors');
  });
});
