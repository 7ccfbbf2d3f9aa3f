import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { customer } from '../../testing/accounts';
import { createTestDatabase, databaseKinds } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createWalletTestApp, ops, testOperatorKey } from '../../testing/wallet';
import { generatePaymentDataKey } from '../payments/encryption';
import { seedCatalogue } from './catalogue';
import { listTransactions } from './history';
import { getBalance } from './ledger';

const historyUrl = '/api/v2/merged_transactions?items_per_page=1000&page=1';

async function read(t: TestApp, headers: Record<string, string>) {
  const balance = await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers });
  const history = await t.inject({ method: 'GET', url: historyUrl, headers });
  expect([balance.statusCode, history.statusCode]).toEqual([200, 200]);
  return {
    balance: balance.json<{ data: { balance: { value: string } } }>(),
    history: history.json<{ data: { comment: string | null }[]; meta: { total: number } }>(),
  };
}

const adjust = (t: TestApp, userId: string, amount: string, comment: string) =>
  ops(t, '/adjustments', { id: randomUUID(), user_id: userId, amount, comment });

describe.each(databaseKinds)('answers recomputed by the write that changed them (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the next reads from memory, the same as the database computes them', async () => {
    const { user, headers } = await customer(t);
    expect((await adjust(t, user.id, '2.00', 'first')).statusCode).toBe(201);
    // Every statement the app's database is sent is prepared by its session first, drizzle's own and
    // those built once (db/client.ts builtOnce): nothing kept yet, so these reads ask the database.
    const statements = vi.spyOn(t.db._.session, 'prepareQuery');
    await read(t, headers);
    expect(statements).toHaveBeenCalled();
    expect((await adjust(t, user.id, '0.50', 'second')).statusCode).toBe(201);

    statements.mockClear();
    const after = await read(t, headers);
    // The write kept both answers at the version it made: neither read asked the database.
    expect(statements).not.toHaveBeenCalled();
    statements.mockRestore();

    expect(after.balance).toEqual({ data: await getBalance(t.db, user.id, 'USD') });
    const computed = await listTransactions(
      t.db,
      { id: user.id, countryCode: 'us', currency: 'USD' },
      { page: 1, items_per_page: 1000, sort_by: '-created_at' },
      'en',
    );
    expect(after.history).toEqual(JSON.parse(JSON.stringify(computed)));
    expect(after.history.data.map((row) => row.comment)).toEqual(['second', 'first']);
  });

  it('keeps nothing from a write that was refused', async () => {
    const { user, headers } = await customer(t);
    expect((await adjust(t, user.id, '1.00', 'credit')).statusCode).toBe(201);
    const before = await read(t, headers);
    expect((await adjust(t, user.id, '-5.00', 'too much')).statusCode).toBe(422);
    expect(await read(t, headers)).toEqual(before);
  });
});

/** Two instances on one PostgreSQL: each keeps its own answers, and a write through one is read through the other. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('answers recomputed on write, two instances on one PostgreSQL', () => {
  let database: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedCatalogue(database.db);
    // One payment-data key for both, as a deployment of several instances has.
    const env = { OPS_KEY: testOperatorKey, APPROVAL_LIMITS: '{}', PAYMENT_DATA_KEY: generatePaymentDataKey().toString('base64') };
    const start = () => createTestApp('postgres', { database, env });
    a = await start();
    b = await start();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('a write through one instance is read through both, also after the other kept its own', async () => {
    const { user, headers } = await customer(a);
    await read(a, headers);
    await read(b, headers);
    expect((await adjust(a, user.id, '1.00', 'through a')).statusCode).toBe(201);
    // b kept nothing of it: it sees the new version in the database and computes.
    expect((await read(b, headers)).history.data.map((row) => row.comment)).toEqual(['through a']);
    expect((await adjust(b, user.id, '2.00', 'through b')).statusCode).toBe(201);
    // a kept the answers of its own write: one version behind now, so not served.
    const onA = await read(a, headers);
    expect(onA.balance.data.balance.value).toBe('3.00');
    expect(onA.history.data.map((row) => row.comment)).toEqual(['through b', 'through a']);
    expect(await read(b, headers)).toEqual(onA);
  });
});
