import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { paymentDataKeys, paymentMethods, withdrawals } from '../../db/schema';
import { seedCatalogue } from '../wallet/catalogue';
import { createTestDatabase, databaseKinds, type DatabaseKind } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testOperatorKey } from '../../testing/wallet';
import { saveMethod, usBankAccount, verifiedCustomer, withdraw } from '../../testing/withdrawals';
import { createPaymentCipher, generatePaymentDataKey, openPaymentCipher, PaymentKeyError, sealedKeyId } from './encryption';
import { rotatePaymentDataKey } from './key-rotation';
import { sealedValues } from './key-check';
import { testActor } from '../../testing/actor';

describe.each(databaseKinds)('payment-data key on one database, several instances, on %s', (kind: DatabaseKind) => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function sharedDatabase(): Promise<DatabaseHandle> {
    const database = await createTestDatabase(kind);
    cleanup.push(() => database.close());
    await seedCatalogue(database.db);
    return database;
  }

  async function instance(database: DatabaseHandle, env: Record<string, string> = {}): Promise<TestApp> {
    const t = await createTestApp(kind, { database, env: { OPS_KEY: testOperatorKey, APPROVAL_LIMITS: '{}', ...env } });
    cleanup.push(() => t.close());
    return t;
  }

  function tempDir(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'payment-key-dir-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  const methodsOf = async (t: TestApp, headers: Record<string, string>) =>
    (await t.inject({ method: 'GET', url: '/api/v2/payment_methods', headers })).json().data;

  async function refusal(start: Promise<unknown>): Promise<PaymentKeyError> {
    const error = await start.then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    expect(error).toBeInstanceOf(PaymentKeyError);
    return error as PaymentKeyError;
  }

  it('a second instance with its own DATA_DIR key is refused at start, saying what to set; with the shared key it reads what the first saved', async () => {
    const database = await sharedDatabase();
    // No PAYMENT_DATA_KEY: the first instance makes a key file in its DATA_DIR and records it.
    const first = await instance(database, { DATA_DIR: tempDir() });
    const person = await verifiedCustomer(first, { balance: '20.00' });
    expect((await saveMethod(first, person.headers, 'TRANSFERWISE', usBankAccount)).statusCode).toBe(200);

    const error = await refusal(instance(database, { DATA_DIR: tempDir() }));
    expect(error.code).toBe('PAYMENT_KEY_NOT_HELD');
    expect(error.message).toMatch(/cannot read the bank details stored in this database/);
    expect(error.message).toMatch(/Set PAYMENT_DATA_KEY/);

    // The first instance's key, given as PAYMENT_DATA_KEY, works anywhere.
    const firstKey = readFileSync(path.join(first.config.dataDir, 'payment-data.key'), 'utf8').trim();
    const second = await instance(database, { DATA_DIR: tempDir(), PAYMENT_DATA_KEY: firstKey });
    expect((await methodsOf(second, person.headers)).transfer_wise_data.account_number).toBe('•••• 6789');
    expect((await withdraw(second, person.headers, { amount: '5.00' })).statusCode).toBe(201);
  });

  it('stored details from before keys were recorded are tried once: a key that opens none of them is refused', async () => {
    const database = await sharedDatabase();
    const key = generatePaymentDataKey().toString('base64');
    const first = await instance(database, { PAYMENT_DATA_KEY: key });
    const person = await verifiedCustomer(first);
    await saveMethod(first, person.headers, 'TRANSFERWISE', usBankAccount);
    // As a database upgraded from before the record: details stored, no key listed.
    await database.db.delete(paymentDataKeys);

    const error = await refusal(instance(database, { PAYMENT_DATA_KEY: generatePaymentDataKey().toString('base64') }));
    expect(error.code).toBe('PAYMENT_DATA_UNREADABLE');
    expect(error.message).toMatch(/1 stored bank detail/);
    expect(await database.db.select().from(paymentDataKeys)).toEqual([]);

    await instance(database, { PAYMENT_DATA_KEY: key });
    expect(await database.db.select({ keyId: paymentDataKeys.keyId }).from(paymentDataKeys)).toEqual([
      { keyId: createPaymentCipher(Buffer.from(key, 'base64')).keyId },
    ]);
  });

  it('rotation re-seals every saved method and withdrawal destination: all still readable, withdrawals work, the old key alone is refused', async () => {
    const database = await sharedDatabase();
    const oldKey = generatePaymentDataKey();
    const before = await instance(database, { PAYMENT_DATA_KEY: oldKey.toString('base64') });
    const bank = await verifiedCustomer(before, { balance: '30.00' });
    const paypal = await verifiedCustomer(before, { balance: '30.00' });
    await saveMethod(before, bank.headers, 'TRANSFERWISE', usBankAccount);
    await saveMethod(before, paypal.headers, 'PAYPAL', { email: 'payee@example.com' });
    expect((await withdraw(before, bank.headers, { amount: '10.00' })).statusCode).toBe(201);
    expect((await withdraw(before, paypal.headers, { amount: '10.00' })).statusCode).toBe(201);
    const shownBefore = [await methodsOf(before, bank.headers), await methodsOf(before, paypal.headers)];

    const newKey = generatePaymentDataKey();
    const result = await rotatePaymentDataKey(database.db, testActor, openPaymentCipher(before.config), newKey);
    expect(result).toMatchObject({ paymentMethods: 2, withdrawals: 2, keyId: createPaymentCipher(newKey).keyId });
    expect(result.retiredKeyIds).toEqual([createPaymentCipher(oldKey).keyId]);
    const stored = await sealedValues(database.db);
    expect(stored).toHaveLength(4);
    expect(stored.every((value) => sealedKeyId(value.sealed) === result.keyId)).toBe(true);

    const refused = await refusal(instance(database, { PAYMENT_DATA_KEY: oldKey.toString('base64') }));
    expect(refused.code).toBe('PAYMENT_KEY_NOT_HELD');

    const after = await instance(database, { PAYMENT_DATA_KEY: newKey.toString('base64') });
    expect([await methodsOf(after, bank.headers), await methodsOf(after, paypal.headers)]).toEqual(shownBefore);
    expect((await withdraw(after, bank.headers, { amount: '5.00' })).statusCode).toBe(201);
    expect((await withdraw(after, paypal.headers, { amount: '5.00' })).statusCode).toBe(201);
    const payouts = await database.db.select().from(withdrawals);
    expect(payouts).toHaveLength(4);
  });

  it('a rolling rotation: new and old keys side by side never fail a customer, then one key remains', async () => {
    const database = await sharedDatabase();
    const oldKey = generatePaymentDataKey().toString('base64');
    const newKey = generatePaymentDataKey().toString('base64');
    const oldOnly = await instance(database, { PAYMENT_DATA_KEY: oldKey });
    const person = await verifiedCustomer(oldOnly, { balance: '30.00' });
    await saveMethod(oldOnly, person.headers, 'TRANSFERWISE', usBankAccount);

    // Step 1: every instance learns the new key for reading (still sealing with the old one).
    const learning = await instance(database, { PAYMENT_DATA_KEY: oldKey, PAYMENT_DATA_READ_KEYS: newKey });
    // Step 2: instances switch to sealing with the new key, keeping the old one for reading.
    const switched = await instance(database, { PAYMENT_DATA_KEY: newKey, PAYMENT_DATA_READ_KEYS: oldKey });
    await saveMethod(switched, person.headers, 'PAYPAL', { email: 'payee@example.com' });
    for (const t of [learning, switched]) {
      const shown = await methodsOf(t, person.headers);
      expect(shown.transfer_wise_data.account_number).toBe('•••• 6789');
      expect(shown.paypalWithdrawData.email).toMatch(/^p/);
    }
    // An instance with the old key alone would not read the new seals: it is refused at start.
    expect((await refusal(instance(database, { PAYMENT_DATA_KEY: oldKey }))).code).toBe('PAYMENT_KEY_NOT_HELD');

    // Step 3: everything re-sealed with the new key; step 4: the old key is no longer needed.
    const result = await rotatePaymentDataKey(database.db, testActor, openPaymentCipher(switched.config), Buffer.from(newKey, 'base64'));
    expect(result.paymentMethods).toBe(2);
    const done = await instance(database, { PAYMENT_DATA_KEY: newKey });
    expect((await methodsOf(done, person.headers)).transfer_wise_data.account_number).toBe('•••• 6789');
    expect((await withdraw(done, person.headers, { amount: '5.00', withdraw_type: 'TRANSFERWISE' })).statusCode).toBe(201);
  });

  it('with the key in DATA_DIR, rotation rewrites the file (0600) and the next start reads everything', async () => {
    const database = await sharedDatabase();
    const dataDir = tempDir();
    const first = await instance(database, { DATA_DIR: dataDir });
    const person = await verifiedCustomer(first, { balance: '30.00' });
    await saveMethod(first, person.headers, 'TRANSFERWISE', usBankAccount);
    await first.close();

    const keyFile = path.join(dataDir, 'payment-data.key');
    const oldText = readFileSync(keyFile, 'utf8');
    const newKey = generatePaymentDataKey();
    await rotatePaymentDataKey(database.db, testActor, openPaymentCipher(first.config), newKey, { keyFile });
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(newKey.toString('base64'));
    expect(readFileSync(keyFile, 'utf8')).not.toBe(oldText);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    const restarted = await instance(database, { DATA_DIR: dataDir });
    expect((await methodsOf(restarted, person.headers)).transfer_wise_data.account_number).toBe('•••• 6789');
    expect(
      (await database.db.select().from(paymentMethods)).every((row) => sealedKeyId(row.details) === createPaymentCipher(newKey).keyId),
    ).toBe(true);
  });

  it('a rotation without every key that sealed the data changes nothing', async () => {
    const database = await sharedDatabase();
    const key = generatePaymentDataKey();
    const first = await instance(database, { PAYMENT_DATA_KEY: key.toString('base64') });
    const person = await verifiedCustomer(first);
    await saveMethod(first, person.headers, 'TRANSFERWISE', usBankAccount);
    const storedBefore = await database.db.select().from(paymentMethods);

    const error = await refusal(
      rotatePaymentDataKey(database.db, testActor, createPaymentCipher(generatePaymentDataKey()), generatePaymentDataKey()),
    );
    expect(error.code).toBe('PAYMENT_KEY_NOT_HELD');
    expect(await database.db.select().from(paymentMethods)).toEqual(storedBefore);
    expect((await methodsOf(first, person.headers)).transfer_wise_data.account_number).toBe('•••• 6789');
  });

  it('an instance left on the old key after a rotation lists that key again when it seals: the next start without it is refused, not a customer', async () => {
    const database = await sharedDatabase();
    const oldKey = generatePaymentDataKey();
    const newKey = generatePaymentDataKey();
    const forgotten = await instance(database, { PAYMENT_DATA_KEY: oldKey.toString('base64') });
    await rotatePaymentDataKey(database.db, testActor, openPaymentCipher(forgotten.config), newKey);
    // Still running with the old key, it saves a bank account.
    const person = await verifiedCustomer(forgotten);
    expect((await saveMethod(forgotten, person.headers, 'TRANSFERWISE', usBankAccount)).statusCode).toBe(200);

    const error = await refusal(instance(database, { PAYMENT_DATA_KEY: newKey.toString('base64') }));
    expect(error.code).toBe('PAYMENT_KEY_NOT_HELD');
    expect(error.message).toContain(createPaymentCipher(oldKey).keyId);
    // With the old key to read, a rotation brings it under the new key; then the new key alone starts.
    await rotatePaymentDataKey(database.db, testActor, createPaymentCipher(newKey, [oldKey]), newKey);
    const fixed = await instance(database, { PAYMENT_DATA_KEY: newKey.toString('base64') });
    expect((await methodsOf(fixed, person.headers)).transfer_wise_data.account_number).toBe('•••• 6789');
  });
});
