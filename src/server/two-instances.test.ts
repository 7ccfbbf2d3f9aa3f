import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { balances, withdrawals } from './db/schema';
import { generatePaymentDataKey, PaymentKeyError } from './modules/payments/encryption';
import { seedCatalogue } from './modules/wallet/catalogue';
import { bearer, customer, loginTokens, signUp, testPassword } from './testing/accounts';
import { createTestDatabase } from './testing/databases';
import { createTestApp, type TestApp } from './testing/test-app';
import { testOperatorKey } from './testing/wallet';
import { saveMethod, usBankAccount, verifiedCustomer, withdraw } from './testing/withdrawals';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two instances behind one load balancer: one PostgreSQL database, one Redis, one payment-data
 * key, each with its own DATA_DIR. Runs where CI provides both servers (.ci/run).
 */
describe.skipIf(!databaseUrl || !redisUrl)('two instances on one PostgreSQL and one Redis', () => {
  let database: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  // This run's own counters: parallel runs on one Redis never share them.
  const prefix = `rt-test-${randomBytes(6).toString('hex')}`;
  const paymentDataKey = generatePaymentDataKey().toString('base64');
  const limitRules = {
    loginPerAccount: { points: 3, windowSeconds: 900 },
    loginPerAddress: { points: 6, windowSeconds: 900 },
  };

  const start = () =>
    createTestApp('postgres', {
      database,
      rateLimitPrefix: prefix,
      limitRules,
      env: { OPS_KEY: testOperatorKey, APPROVAL_LIMITS: '{}', PAYMENT_DATA_KEY: paymentDataKey, REDIS_URL: redisUrl! },
    });

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedCatalogue(database.db);
    a = await start();
    b = await start();
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    await database?.close();
  });

  const wrongPassword = (t: TestApp, email: string, remoteAddress: string) =>
    t.inject({
      method: 'POST',
      url: '/api/v2/oauth/token',
      remoteAddress,
      payload: { grant_type: 'password', email, password: 'wrong password' },
    });

  it('sign-in limits count failures through both instances together, per account and per address', async () => {
    const { fields } = await signUp(a);
    // One guesser, one address, alternating instances: the third failure is the last for that
    // account from there (the login limit is keyed on account and address together).
    expect((await wrongPassword(a, fields.email, '192.0.2.10')).statusCode).toBe(400);
    expect((await wrongPassword(b, fields.email, '192.0.2.10')).statusCode).toBe(400);
    expect((await wrongPassword(a, fields.email, '192.0.2.10')).statusCode).toBe(400);
    const locked = await b.inject({
      method: 'POST',
      url: '/api/v2/oauth/token',
      remoteAddress: '192.0.2.10',
      payload: { grant_type: 'password', email: fields.email, password: testPassword },
    });
    expect(locked.statusCode).toBe(429);
    expect(await redis.keys(`${prefix}:loginPerAccount:*`)).not.toHaveLength(0);
    // The owner, from their own address, is not locked out by the guesser.
    const owner = await a.inject({
      method: 'POST',
      url: '/api/v2/oauth/token',
      remoteAddress: '192.0.2.99',
      payload: { grant_type: 'password', email: fields.email, password: testPassword },
    });
    expect(owner.statusCode).toBe(200);

    // One address trying many accounts, alternating instances: the sixth failure is the last.
    const address = '198.51.100.20';
    for (let n = 0; n < 6; n += 1) {
      const response = await wrongPassword(n % 2 === 0 ? a : b, `nobody.${n}.${randomUUID()}@example.com`, address);
      expect(response.statusCode).toBe(400);
    }
    expect((await wrongPassword(a, `nobody.${randomUUID()}@example.com`, address)).statusCode).toBe(429);
    expect((await wrongPassword(b, `nobody.${randomUUID()}@example.com`, address)).statusCode).toBe(429);
    expect((await wrongPassword(b, `nobody.${randomUUID()}@example.com`, '198.51.100.21')).statusCode).toBe(400);
  });

  it('bank details saved through one instance are read and paid out through the other', async () => {
    const person = await verifiedCustomer(a, { balance: '30.00' });
    expect((await saveMethod(a, person.headers, 'TRANSFERWISE', usBankAccount)).statusCode).toBe(200);
    const shown = await b.inject({ method: 'GET', url: '/api/v2/payment_methods', headers: person.headers });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.transfer_wise_data).toMatchObject({ account_number: '•••• 6789', name: 'Jamie Rivera' });
    for (const [t, amount] of [
      [b, '5.00'],
      [a, '5.00'],
      [b, '5.00'],
    ] as const) {
      const response = await withdraw(t, person.headers, { amount });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({ withdraw_type: 'TRANSFERWISE', status: 'PENDING' });
    }
    const balance = await a.inject({ method: 'GET', url: '/api/v2/user/balance', headers: person.headers });
    expect(balance.json().data.balance.value).toBe('15.00');
  });

  it('parallel withdrawals split across both instances never overdraw', async () => {
    const { headers, user } = await verifiedCustomer(b, { balance: '17.00' });
    await saveMethod(b, headers, 'TRANSFERWISE', usBankAccount);
    const responses = await Promise.all(Array.from({ length: 30 }, (_, n) => withdraw(n % 2 === 0 ? a : b, headers, { amount: '5.00' })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 422)).toBe(true);
    const [balance] = await database.db.select().from(balances).where(eq(balances.userId, user.id));
    expect(balance!.balanceMinor).toBe(200);
    expect(await database.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toHaveLength(3);
  });

  it('a password change through one instance ends the other sessions on both at once', async () => {
    const person = await customer(a);
    const elsewhere = await loginTokens(b, person.fields.email);
    const otherHeaders = bearer(elsewhere.access_token);
    expect((await b.inject({ method: 'GET', url: '/api/v2/user', headers: otherHeaders })).statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: '/api/v2/user', headers: otherHeaders })).statusCode).toBe(200);

    const changed = await a.inject({
      method: 'POST',
      url: '/api/v2/user/change_password',
      headers: person.headers,
      payload: { current_password: testPassword, password: 'a new long passphrase', password_confirmation: 'a new long passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    // The very next request, on either instance: refused.
    expect((await b.inject({ method: 'GET', url: '/api/v2/user', headers: otherHeaders })).statusCode).toBe(401);
    expect((await a.inject({ method: 'GET', url: '/api/v2/user', headers: otherHeaders })).statusCode).toBe(401);
    expect(
      (
        await b.inject({
          method: 'POST',
          url: '/api/v2/oauth/token',
          payload: { grant_type: 'refresh_token', refresh_token: elsewhere.refresh_token },
        })
      ).statusCode,
    ).toBe(400);
    // The session that changed it goes on, through either instance.
    expect((await b.inject({ method: 'GET', url: '/api/v2/user', headers: person.headers })).statusCode).toBe(200);
  });

  it('an account deleted through one instance is refused on the other at once', async () => {
    const person = await customer(b);
    expect((await a.inject({ method: 'GET', url: '/api/v2/user/balance', headers: person.headers })).statusCode).toBe(200);
    const deleted = await b.inject({
      method: 'DELETE',
      url: '/api/v2/user',
      headers: person.headers,
      payload: { password: testPassword, confirm: true },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: '/api/v2/user/balance', headers: person.headers })).statusCode).toBe(401);
    expect((await a.inject({ method: 'GET', url: '/api/v2/user', headers: person.headers })).statusCode).toBe(401);
  });

  it('a third instance with a payment-data key of its own is refused at start', async () => {
    const started = await createTestApp('postgres', {
      database,
      rateLimitPrefix: prefix,
      env: { PAYMENT_DATA_KEY: generatePaymentDataKey().toString('base64'), REDIS_URL: redisUrl! },
    }).then(
      (t) => t,
      (error: unknown) => error,
    );
    expect(started).toBeInstanceOf(PaymentKeyError);
    expect((started as PaymentKeyError).message).toMatch(/Set PAYMENT_DATA_KEY/);
  });
});
