import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, postScan } from '../../testing/wallet';
import { saveMethod, usBankAccount, verifiedCustomer, withdraw } from '../../testing/withdrawals';

describe.each(databaseKinds)('GET /api/v2/user/export on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('downloads everything held about the caller as one JSON file, and nothing about anyone else', async () => {
    const person = await customer(t, { name: 'Ada Export' });
    // Data requests are linked to the account only through a verified address.
    await t.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, person.user.id));
    const other = await customer(t, { name: 'Someone Else' });
    await t.inject({
      method: 'PATCH',
      url: '/api/v2/user',
      headers: person.headers,
      payload: { address: '5 Rue des Lilas', city: 'Lyon' },
    });
    const [credited, rejected, pending, othersCode] = await issue(t, 'us-oat-milk-1l', 4);
    for (const code of [credited, rejected, pending]) expect((await postScan(t, person.headers, code!)).statusCode).toBe(201);
    expect((await postScan(t, other.headers, othersCode!)).statusCode).toBe(201);
    await ops(t, '/checkins', { codes: [credited, othersCode] });
    await ops(t, '/rejections', { codes: [rejected], reason: 'Not ours' });
    await ops(t, '/adjustments', { user_id: person.user.id, amount: '0.25', comment: 'Goodwill' });
    await t.inject({
      method: 'POST',
      url: '/api/v2/dsar',
      payload: {
        kind: 'access',
        name: 'Ada Export',
        email: person.fields.email,
        country_code: 'us',
        locale: 'en-US',
        message: 'Everything, please.',
      },
    });

    const response = await t.inject({ method: 'GET', url: '/api/v2/user/export', headers: person.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="roundtrip-personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const file = response.json();
    expect(file).toMatchObject({
      format: 'roundtrip-personal-data/1',
      account: {
        ...person.user,
        email_verified: true,
        address: '5 Rue des Lilas',
        city: 'Lyon',
        email_verified_at: expect.any(String),
        terms_accepted_at: expect.any(String),
      },
      balance: { balance: { currency: 'USD', value: '1.00' }, pending_items: 1, returned_items: 1 },
      data_requests: [{ kind: 'access', email: person.fields.email, message: 'Everything, please.', due_at: expect.any(String) }],
    });
    expect(file.ledger_entries).toEqual([
      expect.objectContaining({ kind: 'DEPOSIT_CREDIT', amount: { currency: 'USD', value: '0.75' } }),
      expect.objectContaining({ kind: 'ADJUSTMENT', amount: { currency: 'USD', value: '0.25' }, comment: 'Goodwill' }),
    ]);
    expect(file.scans.map((scan: { container_code: string; status: string }) => [scan.container_code, scan.status]).sort()).toEqual(
      [
        [credited, 'COMPLETED'],
        [rejected, 'REJECTED'],
        [pending, 'PENDING'],
      ].sort(),
    );
    expect(file.scans.find((scan: { status: string }) => scan.status === 'REJECTED').reason).toBe('Not ours');
    expect(file.sessions).toEqual([expect.objectContaining({ client_id: 'roundtrip-web', ended_at: null })]);
    expect(file.email_verification_codes).toHaveLength(1);
    expect(file.password_reset_links).toEqual([]);

    // Secrets are ours, not the person's data; the other customer is nowhere.
    expect(response.body).not.toMatch(/argon2|hash/i);
    expect(response.body).not.toContain(person.tokens.access_token);
    expect(response.body).not.toContain(other.fields.email);
    expect(response.body).not.toContain(othersCode);
  });

  it('includes the withdrawals and the stored payout destinations, masked', async () => {
    const person = await verifiedCustomer(t, { balance: '9.00' });
    expect((await saveMethod(t, person.headers, 'TRANSFERWISE', usBankAccount)).statusCode).toBe(200);
    expect((await withdraw(t, person.headers, { amount: '6.00', withdraw_type: 'TRANSFERWISE' })).statusCode).toBe(201);
    const exported = (await t.inject({ method: 'GET', url: '/api/v2/user/export', headers: person.headers })).json();
    expect(exported.payment_methods).toEqual([
      expect.objectContaining({ method: 'TRANSFERWISE', default: true, account: expect.objectContaining({ name: usBankAccount.name }) }),
    ]);
    expect(JSON.stringify(exported)).not.toContain(usBankAccount.account_number);
    expect(exported.withdrawals).toEqual([
      expect.objectContaining({ status: 'PENDING', amount: { currency: 'USD', value: '6.00' }, withdraw_type: 'TRANSFERWISE' }),
    ]);
  });

  it('needs a token', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/v2/user/export' })).statusCode).toBe(401);
  });
});
