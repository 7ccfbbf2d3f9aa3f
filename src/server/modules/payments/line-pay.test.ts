import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../../db/schema';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { cliHeaders, createWalletTestApp } from '../../testing/wallet';
import { saveMethod, verifiedCustomer, withdraw } from '../../testing/withdrawals';
import { openPaymentCipher } from './encryption';
import { sealOwner } from './payment-methods';

describe.each(databaseKinds)('LINE Pay destinations on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Offered in Japan for this deployment; the domain's table lists it nowhere.
    t = await createWalletTestApp(kind, { LINE_PAY_MARKETS: 'jp' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const japanese = { country_code: 'jp', locale: 'ja-JP', zip_code: '150-0001' } as const;
  const methodsOf = async (headers: Record<string, string>) =>
    (await t.inject({ method: 'GET', url: '/api/v2/payment_methods', headers })).json().data;

  it('needs the last 4 phone digits, exactly 4 digits, with a field error in the request language', async () => {
    const { headers } = await customer(t, japanese);
    expect((await methodsOf(headers)).available_methods).toEqual(['TRANSFERWISE', 'PAYPAL', 'LINE']);

    const missing = await saveMethod(t, headers, 'LINE', { referenceNo: '09012345678' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { phoneLast4: 'required' } });

    for (const wrong of ['123', '12345', '12a4']) {
      const refused = await saveMethod(t, { ...headers, 'accept-language': 'ja' }, 'LINE', {
        referenceNo: '09012345678',
        phoneLast4: wrong,
      });
      expect(refused.statusCode, wrong).toBe(400);
      expect(refused.json().error.fields).toEqual({ phoneLast4: 'phoneLast4Invalid' });
    }
    expect((await methodsOf(headers)).lineData).toBeNull();
  });

  it('stores the digits sealed with the rest, and answers them masked', async () => {
    const { headers, user } = await customer(t, japanese);
    const saved = await saveMethod(t, headers, 'LINE', { referenceNo: '090-1234-5678', phoneLast4: ' 4321 ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.lineData).toMatchObject({ referenceNo: '•••• 5678', phoneLast4: '•••• 4321' });
    const [row] = await t.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, user.id), eq(paymentMethods.method, 'LINE')));
    expect(row!.details).not.toContain('4321');
    expect(openPaymentCipher(t.config).open(row!.details, sealOwner(user.id, 'LINE'))).toEqual({
      referenceNo: '09012345678',
      phoneLast4: '4321',
    });
  });

  it('a LINE destination saved before the digits were asked for still loads, with phoneLast4 null', async () => {
    const { headers, user } = await customer(t, japanese);
    const cipher = openPaymentCipher(t.config);
    const now = t.clock.now();
    await t.db.insert(paymentMethods).values({
      userId: user.id,
      method: 'LINE',
      details: cipher.seal({ referenceNo: '09087654321' }, sealOwner(user.id, 'LINE')),
      isDefault: true,
      createdAt: now,
      updatedAt: now,
    });
    const answer = await t.inject({ method: 'GET', url: '/api/v2/payment_methods', headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ withdraw_type: 'LINE', lineData: { referenceNo: '•••• 4321', phoneLast4: null } });
  });

  it('a LINE Pay payout is exported with the phone digits, for the payout team to confirm the account', async () => {
    const { headers } = await verifiedCustomer(t, { balance: '5000', overrides: japanese });
    expect((await saveMethod(t, headers, 'LINE', { referenceNo: '09012345678', phoneLast4: '4321' })).statusCode).toBe(200);
    const withdrawal = await withdraw(t, headers, { amount: '3000', withdraw_type: 'LINE' });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const exported = (
      await t.inject({
        method: 'POST',
        url: '/api/v2/ops/commands',
        headers: cliHeaders,
        payload: { argv: ['payouts', 'export', '--out', 'payouts'], cwd: '/srv/ops' },
      })
    ).json().data;
    expect(exported.exit_code, exported.stderr).toBe(0);
    const lineFile = exported.files.find((file: { name: string }) => file.name.includes('line-pay-payouts'));
    expect(lineFile.content.split(/\r?\n/)[0]).toBe('reference,line_pay_number,phone_last_4,amount,currency');
    expect(lineFile.content).toContain(',09012345678,4321,2751,JPY');
  });

  it('a market without LINE Pay still refuses it, whatever the form says', async () => {
    const { headers } = await customer(t);
    const line = await saveMethod(t, headers, 'LINE', { referenceNo: '09012345678', phoneLast4: '1234' });
    expect(line.statusCode).toBe(422);
    expect(line.json().error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
  });
});
