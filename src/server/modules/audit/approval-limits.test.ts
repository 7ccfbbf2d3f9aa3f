import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { operatorPassword, signedInOperator } from '../../testing/operators';
import { totpCodeAt } from '../operators/totp';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, postScan } from '../../testing/wallet';

type Headers = Record<string, string>;

describe.each(databaseKinds)('approval limits add up over 24 hours, per person (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind, { APPROVAL_LIMITS: '{"USD": "25.00"}', APPROVAL_DAILY_LIMITS: '{"USD": "60.00"}' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const adjust = (headers: Headers, email: string, amount: string) =>
    t.inject({ method: 'POST', url: '/api/v2/ops/adjustments', headers, payload: { email, amount, comment: 'Goodwill' } });
  const movedBy = async (person: string) =>
    Number(
      rowsOf<{ total: string | number | null }>(
        await t.db.execute(sql`SELECT sum(amount_minor) AS total FROM operator_money_moves WHERE person = ${person}`),
      )[0]?.total ?? 0,
    );

  it('ten adjustments of 25.00 to one customer: the second waits, and the answer says why', async () => {
    const person = await customer(t);
    const care = await signedInOperator(t, ['care']);
    expect((await adjust(care.headers, person.fields.email, '25.00')).statusCode).toBe(201);
    const second = await adjust(care.headers, person.fields.email, '25.00');
    expect(second.statusCode, second.body).toBe(202);
    expect(second.json().data.reason).toEqual({ kind: 'customer_24h', currency: 'USD', limit_minor: 2500, moved_minor: 5000 });
    // A debit moves money too: it counts the same.
    const debit = await adjust(care.headers, person.fields.email, '-1.00');
    expect(debit.statusCode).toBe(202);
    expect(debit.json().data.reason).toMatchObject({ kind: 'customer_24h', moved_minor: 5100 });

    // Another person's limit is their own.
    const colleague = await signedInOperator(t, ['care']);
    expect((await adjust(colleague.headers, person.fields.email, '20.00')).statusCode).toBe(201);

    // Rolling: a day later the first person moves again without a second one.
    t.clock.advance(24 * 3600 + 1);
    const session = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/session',
      payload: { email: care.email, password: operatorPassword, code: totpCodeAt(care.secret, t.clock.now()) },
    });
    const again = { authorization: `Bearer ${session.json().data.token as string}` };
    expect((await adjust(again, person.fields.email, '25.00')).statusCode).toBe(201);
  });

  it('one call above the limit says so; a day across customers is counted too', async () => {
    const care = await signedInOperator(t, ['care']);
    const one = await adjust(care.headers, (await customer(t)).fields.email, '30.00');
    expect(one.json().data.reason).toEqual({ kind: 'per_call', currency: 'USD', limit_minor: 2500, moved_minor: 3000 });

    // The pending 30.00 counts: 30 + 20 + 20 > 60.
    expect((await adjust(care.headers, (await customer(t)).fields.email, '20.00')).statusCode).toBe(201);
    const third = await adjust(care.headers, (await customer(t)).fields.email, '20.00');
    expect(third.statusCode).toBe(202);
    expect(third.json().data.reason).toEqual({ kind: 'daily_total', currency: 'USD', limit_minor: 6000, moved_minor: 7000 });
  });

  it('a pending request counts once: approving it adds nothing more, and a retry of a made adjustment is answered as made', async () => {
    const person = await customer(t);
    const care = await signedInOperator(t, ['care']);
    const asked = await adjust(care.headers, person.fields.email, '26.00');
    expect(asked.statusCode).toBe(202);
    expect(await movedBy(`operator:${care.id}`)).toBe(2600);
    const approver = await signedInOperator(t, ['care']);
    const approved = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/approvals/${asked.json().data.id as string}/approve`,
      headers: approver.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await movedBy(`operator:${care.id}`)).toBe(2600);
    expect(await movedBy(`operator:${approver.id}`)).toBe(0);

    const other = await customer(t);
    const id = randomUUID();
    const first = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/adjustments',
      headers: care.headers,
      payload: { id, email: other.fields.email, amount: '20.00', comment: 'Goodwill' },
    });
    expect(first.statusCode).toBe(201);
    const retry = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/adjustments',
      headers: care.headers,
      payload: { id, email: other.fields.email, amount: '20.00', comment: 'Goodwill' },
    });
    expect(retry.statusCode).toBe(200);
    expect(await movedBy(`operator:${care.id}`)).toBe(4600);
  });

  it('dispute credits count with adjustments', async () => {
    const person = await customer(t);
    const care = await signedInOperator(t, ['care']);
    const [code] = await issue(t, 'us-oat-milk-1l');
    const scan = (await postScan(t, person.headers, code!)).json().data as { id: string };
    expect((await ops(t, '/rejections', { codes: [code], reason: 'Cracked' })).statusCode).toBe(200);
    const filed = await t.inject({
      method: 'POST',
      url: '/api/v2/disputes',
      headers: person.headers,
      payload: { id: randomUUID(), reason: 'returned', transaction_id: `scan:${scan.id}` },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const credited = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/disputes/${filed.json().data.id as string}/credit`,
      headers: care.headers,
      payload: {},
    });
    expect(credited.statusCode, credited.body).toBe(200);
    const after = await adjust(care.headers, person.fields.email, '24.50');
    expect(after.statusCode).toBe(202);
    expect(after.json().data.reason).toEqual({ kind: 'customer_24h', currency: 'USD', limit_minor: 2500, moved_minor: 2525 });
  });
});
