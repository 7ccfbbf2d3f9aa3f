import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { signedInOperator } from '../../testing/operators';
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
      payload: { email: person.fields.email, amount: '-9.00', comment: 'Correction' },
    });
    expect(asked.statusCode).toBe(202);
    const id = asked.json().data.id as string;
    await expect(
      t.db.execute(sql`UPDATE operator_approvals SET status = 'APPROVED', decided_by = requested_by WHERE id = ${id}`),
    ).rejects.toThrow();
    const rejected = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/approvals/${id}/reject`,
      headers: (await signedInOperator(t, ['care'])).headers,
    });
    expect(rejected.json().data.status).toBe('REJECTED');
  });
});
