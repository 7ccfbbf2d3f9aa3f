import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCheckViolation } from '../../db/errors';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { signedInOperator } from '../../testing/operators';
import { operatorHeaders } from '../../testing/wallet';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp } from '../../testing/wallet';

describe.each(databaseKinds)('a second operator approves money moved by hand above the limit (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind, { APPROVAL_LIMITS: '{"USD": "5.00"}' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a large adjustment as a request until someone else approves it, and runs it once as the approver', async () => {
    const person = await customer(t);
    const asker = await signedInOperator(t, ['care']);
    const approver = await signedInOperator(t, ['care']);
    const balance = async () =>
      (await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers: person.headers })).json().data.balance.value;
    const adjust = (amount: string) =>
      t.inject({
        method: 'POST',
        url: '/api/v2/ops/adjustments',
        headers: asker.headers,
        payload: { email: person.fields.email, amount, comment: 'Goodwill' },
      });

    expect((await adjust('2.00')).statusCode).toBe(201);
    expect(await balance()).toBe('2.00');
    const asked = await adjust('10.00');
    expect(asked.statusCode, asked.body).toBe(202);
    const approval = asked.json().data as { id: string; status: string; requested_by: string; amount_minor: number };
    expect(approval).toMatchObject({ status: 'PENDING', requested_by: asker.email, amount_minor: 1000 });
    expect(await balance()).toBe('2.00');

    const own = await t.inject({ method: 'POST', url: `/api/v2/ops/approvals/${approval.id}/approve`, headers: asker.headers });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('APPROVAL_SAME_PERSON');
    const approved = await t.inject({ method: 'POST', url: `/api/v2/ops/approvals/${approval.id}/approve`, headers: approver.headers });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'APPROVED', decided_by: approver.email });
    expect(await balance()).toBe('12.00');
    const again = await t.inject({ method: 'POST', url: `/api/v2/ops/approvals/${approval.id}/approve`, headers: approver.headers });
    expect(again.json().error.code).toBe('APPROVAL_NOT_PENDING');
    expect(await balance()).toBe('12.00');

    // The trail names both people; the customer's history names neither.
    const trail = (await t.inject({ method: 'GET', url: '/api/v2/ops/audit?limit=4', headers: approver.headers })).json().data as {
      action: string;
      actor: string;
    }[];
    expect(trail.slice(0, 3).map((entry) => [entry.action, entry.actor])).toEqual([
      ['balance.adjust', approver.email],
      ['approval.approve', approver.email],
      ['approval.request', asker.email],
    ]);
    const history = (await t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers: person.headers })).body;
    expect(history).toContain('ADJUSTMENT');
    expect(history).not.toContain(asker.email);
    expect(history).not.toContain(approver.email);
  });

  it('refuses, in the database too, a decision by the person who asked', async () => {
    const person = await customer(t);
    const asker = await signedInOperator(t, ['care']);
    const asked = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/adjustments',
      headers: asker.headers,
      payload: { email: person.fields.email, amount: '9.00', comment: 'Correction' },
    });
    expect(asked.statusCode).toBe(202);
    const id = asked.json().data.id as string;
    await expect(
      t.db.execute(
        sql`UPDATE operator_approvals SET status = 'APPROVED', decided_by = 'someone else', decided_by_person = requested_by_person WHERE id = ${id}`,
      ),
    ).rejects.toThrow();
    // The CHECK compares people, not the names shown: a second name for the same person is refused too.
    const refusal: unknown = await t.db
      .execute(
        sql`
        INSERT INTO operator_approvals (action, record_id, request, amount_minor, currency, requested_by, requested_by_person, status, decided_by, decided_by_person)
        VALUES ('balance.adjust', ${person.user.id}, '{}', 900, 'USD', 'ana@example.org', 'operator:1', 'APPROVED', 'nightly-token', 'operator:1')`,
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isCheckViolation(refusal, 'operator_approvals_second_person')).toBe(true);
    const rejected = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/approvals/${id}/reject`,
      headers: (await signedInOperator(t, ['care'])).headers,
    });
    expect(rejected.json().data.status).toBe('REJECTED');
  });
});

describe.each(databaseKinds)('an approval takes a second person, not a second credential (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind, { APPROVAL_LIMITS: '{"USD": "25.00"}' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const makeToken = async (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: '/api/v2/ops/tokens', headers, payload });
  const approve = (id: string, headers: Record<string, string>) =>
    t.inject({ method: 'POST', url: `/api/v2/ops/approvals/${id}/approve`, headers });

  it('refuses the requester through a token they made, tokens not allowed to approve, and the deployment key', async () => {
    const person = await customer(t);
    const admin = await signedInOperator(t, ['admin', 'care']);
    const asked = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/adjustments',
      headers: admin.headers,
      payload: { email: person.fields.email, amount: '100.00', comment: 'Goodwill' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json().data.id as string;

    // A care token without leave to approve: refused whoever made it.
    const plain = await makeToken(admin.headers, { name: 'care-script', roles: ['care'] });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data.may_approve).toBe(false);
    const byPlain = await approve(id, { 'x-ops-key': plain.json().data.secret as string });
    expect(byPlain.statusCode).toBe(403);
    expect(byPlain.json().error.code).toBe('APPROVAL_CREDENTIAL_NOT_ALLOWED');

    // Allowed to approve, but made by the person who asked: the same person.
    const own = await makeToken(admin.headers, { name: 'care-approver', roles: ['care'], may_approve: true });
    expect(own.json().data.may_approve).toBe(true);
    const byOwn = await approve(id, { 'x-ops-key': own.json().data.secret as string });
    expect(byOwn.statusCode).toBe(409);
    expect(byOwn.json().error.code).toBe('APPROVAL_SAME_PERSON');

    // The deployment key stands for no one person.
    const byKey = await approve(id, operatorHeaders);
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().error.code).toBe('APPROVAL_CREDENTIAL_NOT_ALLOWED');

    // A token another admin made and allowed to approve is that admin: a second person.
    const other = await signedInOperator(t, ['admin']);
    const theirs = await makeToken(other.headers, { name: 'second-approver', roles: ['care'], may_approve: true });
    const byTheirs = await approve(id, { 'x-ops-key': theirs.json().data.secret as string });
    expect(byTheirs.statusCode, byTheirs.body).toBe(200);
    expect(byTheirs.json().data).toMatchObject({ status: 'APPROVED', decided_by: 'second-approver' });
    const listed = (await t.inject({ method: 'GET', url: '/api/v2/ops/tokens', headers: other.headers })).json().data as {
      name: string;
      may_approve: boolean;
    }[];
    expect(listed.find((token) => token.name === 'second-approver')?.may_approve).toBe(true);
  });

  it('a request made with a token is the token maker’s: their own session cannot approve it', async () => {
    const person = await customer(t);
    const admin = await signedInOperator(t, ['admin', 'care']);
    const token = (await makeToken(admin.headers, { name: 'care-asker', roles: ['care'] })).json().data.secret as string;
    const asked = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/adjustments',
      headers: { 'x-ops-key': token },
      payload: { email: person.fields.email, amount: '30.00', comment: 'Goodwill' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const refused = await approve(asked.json().data.id as string, admin.headers);
    expect(refused.json().error.code).toBe('APPROVAL_SAME_PERSON');
    // Nor a token made with one of their tokens: it too answers to them.
    const adminToken = (await makeToken(admin.headers, { name: 'admin-script', roles: ['admin'] })).json().data.secret as string;
    const grandchild = await makeToken({ 'x-ops-key': adminToken }, { name: 'made-by-script', roles: ['care'], may_approve: true });
    expect(grandchild.statusCode, grandchild.body).toBe(201);
    const byGrandchild = await approve(asked.json().data.id as string, { 'x-ops-key': grandchild.json().data.secret as string });
    expect(byGrandchild.json().error.code).toBe('APPROVAL_SAME_PERSON');
  });

  it('keeps the names the trail gives keys from tokens', async () => {
    const admin = await signedInOperator(t, ['admin']);
    for (const name of ['OPS_KEY', 'ops_key', 'Ops-Key', 'seed', 'TEST', 'cli']) {
      const made = await makeToken(admin.headers, { name, roles: ['finance'] });
      expect(made.statusCode, name).toBe(422);
      expect(made.json().error.code).toBe('AUTOMATION_TOKEN_NAME_RESERVED');
    }
    expect((await makeToken(admin.headers, { name: 'ops-keyring-export', roles: ['finance'] })).statusCode).toBe(201);
  });
});
