import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, isNotNull, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, ledgerEntries, paymentMethods, withdrawals } from '../../db/schema';
import { openPaymentCipher } from '../payments/encryption';
import { erasePaymentMethods } from '../payments/payment-methods';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, operatorHeaders } from '../../testing/wallet';
import { japaneseBankAccount, saveMethod, usBankAccount, verifiedCustomer, withdraw } from '../../testing/withdrawals';
import { demoOriginators } from './bank-files/originators';
import { manualPayoutProvider } from './manual-provider';
import { exportPendingPayouts, hasPendingWithdrawal } from './withdrawals';
import { testActor } from '../../testing/actor';
import { signedInOperator } from '../../testing/operators';
import type { PayoutsPage } from '#domain/schemas/operator-answers';

describe.each(databaseKinds)('payment methods and withdrawals on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const balanceOf = async (headers: Record<string, string>) =>
    (await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers })).json().data.balance.value as string;
  const methodsOf = async (headers: Record<string, string>) =>
    (await t.inject({ method: 'GET', url: '/api/v2/payment_methods', headers })).json().data;

  it('saves a bank account and PayPal, shows them masked, the first saved is the default, PUT changes it', async () => {
    const { headers, user } = await customer(t);
    expect(await methodsOf(headers)).toEqual({
      withdraw_type: null,
      available_methods: ['TRANSFERWISE', 'PAYPAL'],
      transfer_wise_data: null,
      paypalWithdrawData: null,
      lineData: null,
    });
    const saved = await saveMethod(t, headers, 'TRANSFERWISE', usBankAccount);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.transfer_wise_data).toMatchObject({
      account_number: '•••• 6789',
      iban: null,
      name: 'Jamie Rivera',
      bank: '021000021',
      account_type: 'checking',
    });
    expect(saved.json().data.withdraw_type).toBe('TRANSFERWISE');
    expect((await saveMethod(t, headers, 'paypal', { email: 'Jamie.Rivera@Example.com' })).statusCode).toBe(200);
    const both = await methodsOf(headers);
    expect(both.withdraw_type).toBe('TRANSFERWISE');
    expect(both.paypalWithdrawData.email).toBe('ja•••@example.com');

    const put = await t.inject({ method: 'PUT', url: '/api/v2/payment_methods', headers, payload: { withdraw_type: 'PAYPAL' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.withdraw_type).toBe('PAYPAL');

    // At rest: no number in clear, and the value opens only for its owner and method.
    const [row] = await t.db
      .select()
      .from(paymentMethods)
      .where(sql`${paymentMethods.userId} = ${user.id} and ${paymentMethods.method} = 'TRANSFERWISE'`);
    expect(row!.details).not.toContain('123456789');
    expect(row!.details).not.toContain('Jamie');
    const cipher = openPaymentCipher(t.config);
    expect(cipher.open(row!.details, `${user.id}:TRANSFERWISE`)).toMatchObject({ account_number: '000123456789', country: 'us' });
    expect(() => cipher.open(row!.details, `${randomUUID()}:TRANSFERWISE`)).toThrow();
    expect(statSync(path.join(t.config.dataDir, 'payment-data.key')).mode & 0o777).toBe(0o600);
  });

  it('refuses bad bank data field by field, LINE Pay (offered in no market), and a default not on file', async () => {
    const { headers } = await customer(t);
    const bad = await saveMethod(t, headers, 'TRANSFERWISE', { ...usBankAccount, routing_number: '021000022', account_number: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ routing_number: 'routingNumberInvalid', account_number: 'accountNumberInvalid' });
    // A Japanese form is not a US customer's bank form.
    expect((await saveMethod(t, headers, 'TRANSFERWISE', japaneseBankAccount)).json().error.fields).toMatchObject({
      bank_code: 'unknownField',
    });
    const line = await saveMethod(t, headers, 'LINE', { referenceNo: '09012345678' });
    expect(line.statusCode).toBe(422);
    expect(line.json().error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    const put = await t.inject({ method: 'PUT', url: '/api/v2/payment_methods', headers, payload: { withdraw_type: 'PAYPAL' } });
    expect(put.statusCode).toBe(422);
    expect(put.json().error.code).toBe('PAYMENT_METHOD_MISSING');
    expect((await t.inject({ method: 'GET', url: '/api/v2/payment_methods' })).statusCode).toBe(401);
  });

  it('an unverified customer cannot withdraw, and is told to validate the email first', async () => {
    const { headers } = await customer(t);
    await saveMethod(t, headers, 'PAYPAL', { email: 'someone@example.com' });
    const response = await withdraw(t, headers, { amount: '5.00' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please validate your email! You can not do withdrawal request without email validation.',
    });
  });

  it('checks the key, the amount against the minimum and the balance, and a method on file', async () => {
    const { headers } = await verifiedCustomer(t, { balance: '12.00' });
    expect((await withdraw(t, headers, { amount: '5.00' }, null)).json().error.fields).toEqual({ 'Idempotency-Key': 'required' });
    const noMethod = await withdraw(t, headers, { amount: '5.00' });
    expect([noMethod.statusCode, noMethod.json().error.code]).toEqual([422, 'PAYMENT_METHOD_MISSING']);
    await saveMethod(t, headers, 'TRANSFERWISE', usBankAccount);
    const above = await withdraw(t, headers, { amount: '12.01' });
    expect(above.statusCode).toBe(422);
    expect(above.json().error).toMatchObject({
      code: 'AMOUNT_ABOVE_BALANCE',
      message: 'Maximum amount is your current balance',
      fields: { amount: 'amountAboveBalance' },
    });
    const below = await withdraw(t, headers, { amount: '4.99' });
    expect([below.statusCode, below.json().error.code]).toEqual([422, 'AMOUNT_BELOW_MINIMUM']);
    expect((await withdraw(t, headers, { amount: '5.001' })).json().error.fields).toEqual({ amount: 'amountInvalid' });
    expect(await balanceOf(headers)).toBe('12.00');
  });

  it('refuses an amount under the minimum as under the minimum, even when it is also over the balance', async () => {
    const { headers } = await verifiedCustomer(t, { balance: '0.45' });
    await saveMethod(t, headers, 'TRANSFERWISE', usBankAccount);
    const refused = await withdraw(t, headers, { amount: '3.00' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'AMOUNT_BELOW_MINIMUM', fields: { amount: 'amountBelowMinimum' } });
    expect(await balanceOf(headers)).toBe('0.45');
  });

  it('a withdrawal leaves the balance at once, shows as PENDING WITHDRAWAL, and a retry with the key returns it', async () => {
    const { headers, user } = await verifiedCustomer(t, { balance: '20.00' });
    await saveMethod(t, headers, 'TRANSFERWISE', usBankAccount);
    const key = randomUUID();
    const first = await withdraw(t, headers, { amount: '12.50' }, key);
    expect(first.statusCode).toBe(201);
    const withdrawal = first.json().data;
    expect(withdrawal).toMatchObject({
      status: 'PENDING',
      amount: { currency: 'USD', value: '12.50' },
      fee: { currency: 'USD', value: '0.00' },
      payout_amount: { currency: 'USD', value: '12.50' },
      withdraw_type: 'TRANSFERWISE',
      account_name: 'Jamie Rivera',
      account_number: '•••• 6789',
    });
    expect(await balanceOf(headers)).toBe('7.50');
    const again = await withdraw(t, headers, { amount: '12.50' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(withdrawal);
    expect((await withdraw(t, headers, { amount: '1.00' }, key)).statusCode).toBe(409);
    expect(await balanceOf(headers)).toBe('7.50');
    expect(await hasPendingWithdrawal(t.db, user.id)).toBe(true);

    const history = (await t.inject({ method: 'GET', url: '/api/v2/merged_transactions?type=WITHDRAWAL', headers })).json().data;
    expect(history).toEqual([
      expect.objectContaining({
        id: `withdrawal:${withdrawal.id}`,
        category: 'WITHDRAWAL',
        status: 'PENDING',
        amount: { currency: 'USD', value: '-12.50' },
        price: null,
        account_name: 'Jamie Rivera',
        account_number: '•••• 6789',
      }),
    ]);
  });

  it('Japan keeps 249 yen below 8,800 yen; a failed or cancelled payout returns the money, once', async () => {
    const { headers, user } = await verifiedCustomer(t, {
      balance: '10000',
      overrides: { country_code: 'jp', locale: 'ja-JP', zip_code: '150-0002' },
    });
    expect((await saveMethod(t, headers, 'TRANSFERWISE', japaneseBankAccount)).statusCode).toBe(200);
    const small = (await withdraw(t, headers, { amount: '5000' })).json().data;
    expect(small).toMatchObject({
      amount: { value: '5000' },
      fee: { value: '249' },
      payout_amount: { value: '4751' },
      account_number: '•••• 567',
    });
    t.clock.advance(60);
    const large = (await withdraw(t, headers, { amount: '4000' })).json().data;
    expect(large.fee.value).toBe('249');
    expect(await balanceOf(headers)).toBe('1000');

    const cancel = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/payouts/${small.id}/fail`,
      headers: operatorHeaders,
      payload: { reason: 'Account closed', status: 'CANCELLED' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.status).toBe('CANCELLED');
    expect(await balanceOf(headers)).toBe('6000');
    // Settling again: the same outcome answers as is, no second refund; another outcome is refused.
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/v2/ops/payouts/${small.id}/fail`,
          headers: operatorHeaders,
          payload: { reason: 'Again', status: 'CANCELLED' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: 'POST', url: `/api/v2/ops/payouts/${small.id}/complete`, headers: operatorHeaders, payload: {} }))
        .statusCode,
    ).toBe(409);
    expect(await balanceOf(headers)).toBe('6000');

    const done = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/payouts/${large.id}/complete`,
      headers: operatorHeaders,
      payload: { reference: 'ZENGIN-42' },
    });
    expect(done.json().data.status).toBe('COMPLETED');
    expect(await balanceOf(headers)).toBe('6000');
    expect(await hasPendingWithdrawal(t.db, user.id)).toBe(false);

    const rows = (await t.inject({ method: 'GET', url: '/api/v2/merged_transactions?type=WITHDRAWAL&sort_by=created_at', headers })).json()
      .data;
    expect(rows.map((row: { status: string; comment: string | null }) => [row.status, row.comment])).toEqual([
      ['CANCELLED', 'Account closed'],
      ['COMPLETED', null],
    ]);
  });

  it('a Japanese holder name in kanji is refused; in hiragana it is kept and exported as half-width katakana, and one saved in kanji before still opens', async () => {
    const jp = { country_code: 'jp', locale: 'ja-JP', zip_code: '150-0002' } as const;
    const { headers } = await verifiedCustomer(t, { balance: '10000', overrides: jp });
    const kanji = await saveMethod(t, headers, 'TRANSFERWISE', { ...japaneseBankAccount, account_name: '山田花子' });
    expect([kanji.statusCode, kanji.json().error.fields]).toEqual([400, { account_name: 'accountNameKana' }]);
    const hiragana = await saveMethod(t, headers, 'TRANSFERWISE', { ...japaneseBankAccount, account_name: 'やまだ　はなこ' });
    expect(hiragana.statusCode).toBe(200);
    expect(hiragana.json().data.transfer_wise_data).toMatchObject({
      name: 'ﾔﾏﾀﾞ ﾊﾅｺ',
      bank: '0005-123',
      account_number: '•••• 567',
      account_type: 'ordinary',
    });
    const withdrawal = (await withdraw(t, headers, { amount: '9000' })).json().data;

    const directory = mkdtempSync(path.join(tmpdir(), 'payouts-'));
    const zenginFile = (
      await exportPendingPayouts(
        t.db,
        testActor,
        openPaymentCipher(t.config),
        manualPayoutProvider(directory, demoOriginators),
        t.clock.now(),
      )
    ).files.find((file) => path.basename(file).startsWith('zengin-sogo-furikomi-'));
    // Shift_JIS, 120 bytes a record: the payee's record holds the half-width name and the reference.
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    const record = readFileSync(zenginFile!)
      .toString('latin1')
      .split('\r\n')
      .map((line) => Buffer.from(line, 'latin1'))
      .find((line) => line.toString('latin1').includes(row!.payoutReference));
    expect(record).toHaveLength(120);
    expect(iconv.decode(record!, 'Shift_JIS')).toMatch(new RegExp(`^20005.{15}123.{15} {4}11234567ﾔﾏﾀﾞ ﾊﾅｺ {22}0000009000`));

    // Stored before names had to be katakana: the account still lists, as it was typed.
    const older = await verifiedCustomer(t, { overrides: jp });
    const cipher = openPaymentCipher(t.config);
    await t.db.insert(paymentMethods).values({
      userId: older.user.id,
      method: 'TRANSFERWISE',
      details: cipher.seal({ country: 'jp', ...japaneseBankAccount, account_name: '田中結衣' }, `${older.user.id}:TRANSFERWISE`),
      isDefault: true,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    expect((await methodsOf(older.headers)).transfer_wise_data.name).toBe('田中結衣');
  });

  it("exports pending payouts as a file per market in its banks' format and a PayPal file, and erases stored details on request", async () => {
    const bank = await verifiedCustomer(t, { balance: '30.00' });
    await saveMethod(t, bank.headers, 'TRANSFERWISE', usBankAccount);
    const bankWithdrawal = (await withdraw(t, bank.headers, { amount: '10.00' })).json().data;
    const paypal = await verifiedCustomer(t, { balance: '8.00' });
    await saveMethod(t, paypal.headers, 'PAYPAL', { email: 'payee@example.com' });
    const paypalWithdrawal = (await withdraw(t, paypal.headers, { amount: '8.00' })).json().data;
    const french = await verifiedCustomer(t, { balance: '20.00', overrides: { country_code: 'fr', locale: 'fr-FR', zip_code: '75001' } });
    await saveMethod(t, french.headers, 'TRANSFERWISE', {
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      name: 'Hélène Dupré',
      address: '1 rue de la République',
    });
    const frenchWithdrawal = (await withdraw(t, french.headers, { amount: '15.00' })).json().data;

    const directory = mkdtempSync(path.join(tmpdir(), 'payouts-'));
    const submission = await exportPendingPayouts(
      t.db,
      testActor,
      openPaymentCipher(t.config),
      manualPayoutProvider(directory, demoOriginators),
      t.clock.now(),
    );
    expect(submission.withdrawalIds).toEqual(expect.arrayContaining([bankWithdrawal.id, paypalWithdrawal.id, frenchWithdrawal.id]));
    const names = submission.files.map((file) => path.basename(file).replace(/-\d{8}T\d{6}Z-[0-9a-f]{6}/, ''));
    expect(names).toEqual(['sepa-credit-transfers.xml', 'nacha-ppd-credits.ach', 'paypal-payouts.csv']);
    const [sepaFile, bankFile, paypalFile] = submission.files;
    const listedFirst = (await t.inject({ method: 'GET', url: '/api/v2/ops/payouts', headers: operatorHeaders })).json().data;
    const referenceOf = (id: string): string => listedFirst.find((row: { id: string }) => row.id === id).payout_reference;
    expect(referenceOf(bankWithdrawal.id)).toMatch(/^RT[0-9A-F]{16}$/);
    // Each market's file lists its own payouts only.
    const sepa = readFileSync(sepaFile!, 'utf8');
    expect(sepa).toContain(`<EndToEndId>${referenceOf(frenchWithdrawal.id)}</EndToEndId>`);
    expect(sepa).toContain('<Nm>Helene Dupre</Nm>');
    expect(sepa).not.toContain(referenceOf(bankWithdrawal.id));
    const ach = readFileSync(bankFile!, 'utf8');
    expect(ach).toContain(`622021000021000123456789     0000001000${referenceOf(bankWithdrawal.id).slice(0, 15)}JAMIE RIVERA`);
    expect(ach).not.toContain(referenceOf(frenchWithdrawal.id).slice(0, 15));
    expect(readFileSync(paypalFile!, 'utf8')).toContain(
      `payee@example.com,8.00,USD,${referenceOf(paypalWithdrawal.id)},Roundtrip deposit refund,PayPal`,
    );
    expect(statSync(bankFile!).mode & 0o777).toBe(0o600);
    const listed = (await t.inject({ method: 'GET', url: '/api/v2/ops/payouts', headers: operatorHeaders })).json().data;
    expect(listed.find((row: { id: string }) => row.id === bankWithdrawal.id).exported_at).toEqual(expect.any(String));

    await t.inject({ method: 'POST', url: `/api/v2/ops/payouts/${bankWithdrawal.id}/complete`, headers: operatorHeaders, payload: {} });
    await erasePaymentMethods(t.db, bank.user.id);
    expect(await methodsOf(bank.headers)).toMatchObject({ withdraw_type: null, transfer_wise_data: null });
    const [settled] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, bankWithdrawal.id));
    expect(settled).toMatchObject({ payoutDetails: null, accountNumber: null, amountMinor: 1000 });
  });

  it('refuses a bank export for a market whose own account is not configured, and marks nothing', async () => {
    const french = await verifiedCustomer(t, { balance: '20.00', overrides: { country_code: 'fr', locale: 'fr-FR', zip_code: '75001' } });
    await saveMethod(t, french.headers, 'TRANSFERWISE', {
      iban: 'FR7630006000011234567890189',
      name: 'Luc Martin',
      address: '2 rue Haute',
    });
    const withdrawal = (await withdraw(t, french.headers, { amount: '12.00' })).json().data;
    const directory = mkdtempSync(path.join(tmpdir(), 'payouts-'));
    const { fr: _fr, ...withoutFrance } = demoOriginators;
    const refused = exportPendingPayouts(
      t.db,
      testActor,
      openPaymentCipher(t.config),
      manualPayoutProvider(directory, withoutFrance),
      t.clock.now(),
    );
    await expect(refused).rejects.toMatchObject({
      code: 'PAYOUT_ORIGINATOR_MISSING',
      messages: { en: expect.stringContaining('PAYOUT_ORIGINATOR_FR') },
    });
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(row).toMatchObject({ exportBatch: null, exportedAt: null, status: 'PENDING' });

    const exported = await exportPendingPayouts(
      t.db,
      testActor,
      openPaymentCipher(t.config),
      manualPayoutProvider(directory, demoOriginators),
      t.clock.now(),
    );
    expect(exported.withdrawalIds).toContain(withdrawal.id);
  });

  it('pays every payout once: a second export leaves exported rows out, --repeat writes a batch again, the reference settles it', async () => {
    const cipher = openPaymentCipher(t.config);
    const directory = mkdtempSync(path.join(tmpdir(), 'payouts-'));
    // Whatever earlier tests left pending goes into a batch of its own first.
    await exportPendingPayouts(t.db, testActor, cipher, manualPayoutProvider(directory, demoOriginators), t.clock.now());
    const person = await verifiedCustomer(t, { balance: '40.00' });
    await saveMethod(t, person.headers, 'PAYPAL', { email: 'twice@example.com' });
    const first = (await withdraw(t, person.headers, { amount: '10.00' })).json().data;

    const batchA = await exportPendingPayouts(t.db, testActor, cipher, manualPayoutProvider(directory, demoOriginators), t.clock.now());
    expect(batchA.withdrawalIds).toEqual([first.id]);
    t.clock.advance(60);
    const second = (await withdraw(t, person.headers, { amount: '5.00' })).json().data;
    const batchB = await exportPendingPayouts(t.db, testActor, cipher, manualPayoutProvider(directory, demoOriginators), t.clock.now());
    expect(batchB.withdrawalIds).toEqual([second.id]);
    expect(batchB.batch).not.toBe(batchA.batch);
    const nothing = await exportPendingPayouts(t.db, testActor, cipher, manualPayoutProvider(directory, demoOriginators), t.clock.now());
    expect(nothing.withdrawalIds).toEqual([]);
    // Nothing to pay: no file at all, rather than files a bank would refuse for being empty.
    expect(nothing.files).toEqual([]);

    // The bank reports the reference back; complete accepts it, in any case.
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, first.id));
    expect(batchA.files.map((file) => path.basename(file))).toEqual([`paypal-payouts-${batchA.batch}.csv`]);
    expect(readFileSync(batchA.files[0]!, 'utf8')).toContain(`twice@example.com,10.00,USD,${row!.payoutReference},`);
    const done = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/payouts/${row!.payoutReference.toLowerCase()}/complete`,
      headers: operatorHeaders,
      payload: {},
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ id: first.id, status: 'COMPLETED' });
    const [secondRow] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, second.id));
    const failed = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/payouts/${secondRow!.payoutReference}/fail`,
      headers: operatorHeaders,
      payload: { reason: 'Unknown payee' },
    });
    expect(failed.json().data).toMatchObject({ id: second.id, status: 'FAILED' });
    expect(await balanceOf(person.headers)).toBe('30.00');
    expect(
      (await t.inject({ method: 'POST', url: '/api/v2/ops/payouts/RT0000000000000000/complete', headers: operatorHeaders, payload: {} }))
        .statusCode,
    ).toBe(404);

    // Repeating batch A writes what is still pending in it: nothing, now that it was paid.
    const third = (await withdraw(t, person.headers, { amount: '5.00' })).json().data;
    const batchC = await exportPendingPayouts(t.db, testActor, cipher, manualPayoutProvider(directory, demoOriginators), t.clock.now());
    expect(batchC.withdrawalIds).toEqual([third.id]);
    expect(
      (
        await exportPendingPayouts(t.db, testActor, cipher, manualPayoutProvider(directory, demoOriginators), t.clock.now(), {
          repeatBatch: batchA.batch,
        })
      ).withdrawalIds,
    ).toEqual([]);
    const again = await exportPendingPayouts(t.db, testActor, cipher, manualPayoutProvider(directory, demoOriginators), t.clock.now(), {
      repeatBatch: batchC.batch,
    });
    expect(again).toMatchObject({ withdrawalIds: [third.id], repeated: true, batch: batchC.batch });
    // The first files of the batch are kept as they were.
    expect(again.files[0]).not.toBe(batchC.files[0]);
    expect(readFileSync(again.files[0]!, 'utf8')).toBe(readFileSync(batchC.files[0]!, 'utf8'));
  });

  it('two exports at the same time never list the same payout', async () => {
    const cipher = openPaymentCipher(t.config);
    const directory = mkdtempSync(path.join(tmpdir(), 'payouts-'));
    await exportPendingPayouts(t.db, testActor, cipher, manualPayoutProvider(directory, demoOriginators), t.clock.now());
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const person = await verifiedCustomer(t, { balance: '10.00' });
      await saveMethod(t, person.headers, 'PAYPAL', { email: `parallel${index}@example.com` });
      ids.push((await withdraw(t, person.headers, { amount: '10.00' })).json().data.id);
    }
    const [one, two] = await Promise.all([
      exportPendingPayouts(t.db, testActor, cipher, manualPayoutProvider(path.join(directory, 'one'), demoOriginators), t.clock.now()),
      exportPendingPayouts(t.db, testActor, cipher, manualPayoutProvider(path.join(directory, 'two'), demoOriginators), t.clock.now()),
    ]);
    expect([...one.withdrawalIds, ...two.withdrawalIds].sort()).toEqual([...ids].sort());
  });

  it('GET /ops/payouts: settled ones newest first with outcome, time and reason or reference; filters and search narrow rows and totals', async () => {
    const tag = randomUUID().slice(0, 8);
    const list = async (query: string) => {
      const response = await t.inject({ method: 'GET', url: `/api/v2/ops/payouts?q=${tag}&${query}`, headers: operatorHeaders });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PayoutsPage>();
    };
    const bank = await verifiedCustomer(t, { balance: '20', overrides: { email: `${tag}-bank@example.com` } });
    await saveMethod(t, bank.headers, 'TRANSFERWISE', usBankAccount);
    const paid = (await withdraw(t, bank.headers, { amount: '12.50' })).json().data;
    const paypal = await verifiedCustomer(t, { balance: '20', overrides: { email: `${tag}-paypal@example.com` } });
    await saveMethod(t, paypal.headers, 'paypal', { email: `${tag}-paypal@example.com` });
    const waiting = (await withdraw(t, paypal.headers, { amount: '15' })).json().data;
    const japan = await verifiedCustomer(t, {
      balance: '10000',
      overrides: { email: `${tag}-jp@example.com`, country_code: 'jp', locale: 'ja-JP', zip_code: '150-0002' },
    });
    await saveMethod(t, japan.headers, 'TRANSFERWISE', japaneseBankAccount);
    const failed = (await withdraw(t, japan.headers, { amount: '5000' })).json().data;

    await t.inject({
      method: 'POST',
      url: `/api/v2/ops/payouts/${paid.id}/complete`,
      headers: operatorHeaders,
      payload: { reference: 'ACH-7' },
    });
    t.clock.advance(60);
    await t.inject({
      method: 'POST',
      url: `/api/v2/ops/payouts/${failed.id}/fail`,
      headers: operatorHeaders,
      payload: { reason: 'Account closed', status: 'FAILED' },
    });

    const settled = await list('status=settled');
    expect(settled.data.map((row) => [row.id, row.status, row.reason, row.provider_reference])).toEqual([
      [failed.id, 'FAILED', 'Account closed', null],
      [paid.id, 'COMPLETED', null, 'ACH-7'],
    ]);
    expect(settled.data.every((row) => row.resolved_at !== null)).toBe(true);
    expect(settled.meta.totals).toEqual({
      count: 2,
      amounts: expect.arrayContaining([
        { currency: 'USD', value: '12.50' },
        { currency: 'JPY', value: '4751' },
      ]),
    });
    // A page of one, then the next from the cursor: newest settled first across pages.
    const first = await t.inject({ method: 'GET', url: `/api/v2/ops/payouts?status=settled&q=${tag}&limit=1`, headers: operatorHeaders });
    const next = await t.inject({
      method: 'GET',
      url: `/api/v2/ops/payouts?status=settled&q=${tag}&limit=1&cursor=${encodeURIComponent(first.json().meta.next_cursor)}`,
      headers: operatorHeaders,
    });
    expect([first.json().data[0].id, next.json().data[0].id]).toEqual([failed.id, paid.id]);

    expect((await list('status=settled&market=jp')).data.map((row) => row.id)).toEqual([failed.id]);
    const usd = await list('status=settled&currency=USD');
    expect(usd.data.map((row) => row.id)).toEqual([paid.id]);
    expect(usd.meta.totals).toEqual({ count: 1, amounts: [{ currency: 'USD', value: '12.50' }] });
    expect((await list('')).data.map((row) => row.id)).toEqual([waiting.id]);
    expect((await list('method=PAYPAL')).data.map((row) => row.id)).toEqual([waiting.id]);
    expect((await list('method=TRANSFERWISE')).data).toEqual([]);
    await t.db
      .update(withdrawals)
      .set({ exportBatch: `batch-${tag}`, exportedAt: t.clock.now() })
      .where(eq(withdrawals.id, waiting.id));
    expect((await list(`batch=batch-${tag}`)).data.map((row) => row.id)).toEqual([waiting.id]);

    // The payout reference the bank reports, in any case, finds its one row without the email.
    const reference = settled.data[1]!.payout_reference.toLowerCase();
    const byReference = await t.inject({
      method: 'GET',
      url: `/api/v2/ops/payouts?status=settled&q=${reference}`,
      headers: operatorHeaders,
    });
    expect(byReference.json().data.map((row: { id: string }) => row.id)).toEqual([paid.id]);
    for (const bad of ['status=done', 'market=de', 'method=CASH'])
      expect((await t.inject({ method: 'GET', url: `/api/v2/ops/payouts?${bad}`, headers: operatorHeaders })).statusCode).toBe(400);
  });

  it('GET /ops/payouts: a finance person sees a PayPal receiver’s whole email; a token, a care operator and bank payouts do not', async () => {
    const tag = randomUUID().slice(0, 8);
    const paypalEmail = `kim.${tag}@example.com`;
    const person = await verifiedCustomer(t, { balance: '30.00', overrides: { email: `payee.${tag}@roundtrip.test` } });
    await saveMethod(t, person.headers, 'PAYPAL', { email: paypalEmail });
    await withdraw(t, person.headers, { amount: '12.00' });
    const banked = await verifiedCustomer(t, { balance: '30.00', overrides: { email: `banked.${tag}@roundtrip.test` } });
    await saveMethod(t, banked.headers, 'TRANSFERWISE', usBankAccount);
    await withdraw(t, banked.headers, { amount: '12.00' });
    const listAs = async (headers: Record<string, string>) => {
      const response = await t.inject({ method: 'GET', url: `/api/v2/ops/payouts?q=${tag}`, headers });
      return { status: response.statusCode, rows: response.json<PayoutsPage>().data };
    };

    const finance = await signedInOperator(t, ['finance']);
    const seen = await listAs(finance.headers);
    expect(seen.status).toBe(200);
    const paypalRow = seen.rows.find((row) => row.withdraw_type === 'PAYPAL');
    expect(paypalRow).toMatchObject({ receiver_email: paypalEmail, account_number: expect.stringContaining('•') });
    expect(seen.rows.find((row) => row.withdraw_type === 'TRANSFERWISE')).not.toHaveProperty('receiver_email');

    // A key or an automation token reads the masked form only, as with the export's files.
    const byKey = await listAs(operatorHeaders);
    expect(byKey.rows).toHaveLength(2);
    expect(JSON.stringify(byKey.rows)).not.toContain(paypalEmail);
    expect((await listAs((await signedInOperator(t, ['care'])).headers)).status).toBe(403);
  });

  it('a row exported once cannot lose its batch mark: the database refuses an export time without a batch', async () => {
    const [row] = await t.db.select().from(withdrawals).where(isNotNull(withdrawals.exportBatch)).limit(1);
    await expect(t.db.update(withdrawals).set({ exportBatch: null }).where(eq(withdrawals.id, row!.id))).rejects.toThrow();
  });

  it('50 parallel withdrawals against a balance that covers 3: never below zero, the accepted ones add up', async () => {
    const { headers, user } = await verifiedCustomer(t, { balance: '17.00' });
    await saveMethod(t, headers, 'PAYPAL', { email: 'race@example.com' });
    const responses = await Promise.all(Array.from({ length: 50 }, () => withdraw(t, headers, { amount: '5.00' })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 422)).toBe(true);
    const [balance] = await t.db.select().from(balances).where(eq(balances.userId, user.id));
    expect(balance!.balanceMinor).toBe(200);
    const [sum] = await t.db
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, user.id));
    expect(Number(sum!.total)).toBe(200);
    const accepted = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    expect(accepted.reduce((total, row) => total + row.amountMinor, 0)).toBe(1500);
  });

  it('50 parallel retries of one request with the same key: one withdrawal, every answer the same', async () => {
    const { headers, user } = await verifiedCustomer(t, { balance: '6.00' });
    await saveMethod(t, headers, 'PAYPAL', { email: 'retry@example.com' });
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 50 }, () => withdraw(t, headers, { amount: '5.00' }, key)));
    expect(new Set(responses.map((response) => response.statusCode))).toEqual(new Set([201]));
    expect(new Set(responses.map((response) => response.json().data.id)).size).toBe(1);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toHaveLength(1);
    expect(await balanceOf(headers)).toBe('1.00');
  });
});
