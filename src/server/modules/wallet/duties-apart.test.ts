import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#domain/errors';
import { isCheckViolation } from '../../db/errors';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { signedInOperator } from '../../testing/operators';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, operatorHeaders, postScan } from '../../testing/wallet';

type Headers = Record<string, string>;

describe.each(databaseKinds)('printing codes and crediting them are duties kept apart (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind, { APPROVAL_LIMITS: '{"USD": "25.00"}' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, headers: Headers, payload: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: `/api/v2/ops${url}`, headers, payload });
  const balance = async (headers: Headers) =>
    (await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers })).json().data.balance.value as string;
  const refusal = async (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  it('issuing codes takes the labels role, which no operator or token holds with check-in', async () => {
    const checker = await signedInOperator(t, ['check-in']);
    expect((await post('/containers', checker.headers, { product_id: 'us-oat-milk-1l', count: 2 })).statusCode).toBe(403);
    const printer = await signedInOperator(t, ['labels']);
    expect((await post('/containers', printer.headers, { product_id: 'us-oat-milk-1l', count: 2 })).statusCode).toBe(201);

    const admin = await signedInOperator(t, ['admin']);
    const french = { ...admin.headers, 'accept-language': 'fr-FR' };
    const invited = await post('/operators', french, { email: 'both@roundtrip.test', name: 'Both', roles: ['labels', 'check-in'] });
    expect(invited.statusCode).toBe(422);
    expect(invited.json().error).toMatchObject({ code: 'OPERATOR_DUTIES_APART', message: errorMessages.OPERATOR_DUTIES_APART.fr });
    const roles = await t.inject({
      method: 'PUT',
      url: `/api/v2/ops/operators/${printer.id}/roles`,
      headers: admin.headers,
      payload: { roles: ['labels', 'check-in'] },
    });
    expect(roles.statusCode).toBe(422);
    expect(roles.json().error.code).toBe('OPERATOR_DUTIES_APART');
    const token = await post('/tokens', admin.headers, { name: 'label-and-credit', roles: ['check-in', 'labels'] });
    expect(token.statusCode).toBe(422);
    expect(token.json().error.code).toBe('OPERATOR_DUTIES_APART');

    // The database refuses it too, whoever writes.
    const operatorRow = await refusal(t.db.execute(sql`UPDATE operators SET roles = ARRAY['labels', 'check-in'] WHERE id = ${printer.id}`));
    expect(isCheckViolation(operatorRow, 'operators_labels_apart_from_check_in')).toBe(true);
    const tokenRow = await refusal(
      t.db.execute(
        sql`INSERT INTO automation_tokens (name, roles, digest, created_by) VALUES ('x', ARRAY['check-in', 'labels'], 'd', 'x')`,
      ),
    );
    expect(isCheckViolation(tokenRow, 'automation_tokens_labels_apart_from_check_in')).toBe(true);
  });

  it('a check-in of codes issued in the last 24 hours waits for a second person above the limit, and adds up across batches', async () => {
    const person = await customer(t);
    const codes = await issue(t, 'us-oat-milk-1l', 40);
    for (const code of codes) expect((await postScan(t, person.headers, code)).statusCode).toBe(201);
    const checker = await signedInOperator(t, ['check-in']);

    // 40 × 0.75 = 30.00 USD from codes a day old at most: held, nothing credited.
    const held = await post('/checkins', checker.headers, { codes });
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json().data).toMatchObject({
      action: 'checkin.batch',
      amount_minor: 3000,
      currency: 'USD',
      status: 'PENDING',
      reason: { kind: 'per_call', limit_minor: 2500, moved_minor: 3000 },
    });
    expect(await balance(person.headers)).toBe('0.00');

    const care = await signedInOperator(t, ['care']);
    const approved = await post(`/approvals/${held.json().data.id as string}/approve`, care.headers, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await balance(person.headers)).toBe('30.00');

    // Split into batches under the limit, they still add up for the same customer.
    const more = await issue(t, 'us-oat-milk-1l', 40);
    for (const code of more) expect((await postScan(t, person.headers, code)).statusCode).toBe(201);
    const other = await signedInOperator(t, ['check-in']);
    expect((await post('/checkins', other.headers, { codes: more.slice(0, 20) })).statusCode).toBe(200);
    const second = await post('/checkins', other.headers, { codes: more.slice(20) });
    expect(second.statusCode).toBe(202);
    expect(second.json().data.reason).toMatchObject({ kind: 'customer_24h', moved_minor: 3000 });
  });

  it('codes issued more than 24 hours before are checked in at once', async () => {
    const codes = await issue(t, 'us-oat-milk-1l', 40);
    t.clock.advance(24 * 3600 + 1);
    const person = await customer(t);
    for (const code of codes) expect((await postScan(t, person.headers, code)).statusCode).toBe(201);
    const checked = await post('/checkins', operatorHeaders, { codes });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data.checked_in).toHaveLength(40);
  });
});
