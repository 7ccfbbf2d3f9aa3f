import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPassword } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp } from '../../testing/wallet';
import { saveMethod, usBankAccount, verifiedCustomer, withdraw } from '../../testing/withdrawals';
import { recentSignInSeconds, sameChangeWindowMs } from './routes';

describe.each(databaseKinds)('money moves only by the person, on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createWalletTestApp(kind, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a token signed in more than a few minutes ago cannot change the destination without the password', async () => {
    const person = await verifiedCustomer(t, { balance: '20.00' });
    t.clock.advance(recentSignInSeconds + 1);
    const bare = await saveMethod(t, person.headers, 'PAYPAL', { email: 'thief@example.com' });
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toEqual({
      error: {
        code: 'PASSWORD_REQUIRED',
        message: 'Please enter your password to change where your money is paid',
        fields: { current_password: 'required' },
      },
    });
    const wrong = await saveMethod(t, person.headers, 'PAYPAL', { email: 'thief@example.com', current_password: 'not the password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT', fields: { current_password: 'invalidValue' } });
    const methods = (await t.inject({ method: 'GET', url: '/api/v2/payment_methods', headers: person.headers })).json().data;
    expect(methods.withdraw_type).toBeNull();

    const right = await saveMethod(t, person.headers, 'PAYPAL', { email: 'me@example.com', current_password: testPassword });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.withdraw_type).toBe('PAYPAL');
  });

  it('form mistakes are answered before the password is asked for', async () => {
    const person = await verifiedCustomer(t);
    t.clock.advance(recentSignInSeconds + 1);
    const response = await saveMethod(t, person.headers, 'TRANSFERWISE', { ...usBankAccount, routing_number: '12' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['routing_number']);
  });

  it("mails every destination change and every withdrawal, in the customer's language", async () => {
    const person = await verifiedCustomer(t, { balance: '20.00', overrides: { country_code: 'fr', locale: 'fr-FR', zip_code: '69002' } });
    const email = person.fields.email;
    expect((await saveMethod(t, person.headers, 'PAYPAL', { email: 'camille@example.com' })).statusCode).toBe(200);
    const changed = await smtp.waitForMail(email, { match: (mail) => mail.subject.includes('moyen de paiement') });
    expect(changed.subject).toBe('Votre moyen de paiement Roundtrip a été modifié');
    expect(changed.text).toContain('PayPal c');
    expect(changed.text).not.toContain('camille@example.com');

    const accepted = await withdraw(t, person.headers, { amount: '12.50' });
    expect(accepted.statusCode).toBe(201);
    const mail = await smtp.waitForMail(email, { match: (m) => m.subject.startsWith('Retrait') });
    expect(mail.subject).toBe('Retrait de 12,50\u00a0€ demandé');
    expect(mail.text).toContain('Un retrait de 12,50\u00a0€ a été demandé');
    // No fee in France: the mail names none.
    expect(mail.text).not.toContain('Frais');
  });

  it('a Japanese customer gets Japanese mails; a replayed withdrawal sends no second mail', async () => {
    const person = await verifiedCustomer(t, { balance: '3000', overrides: { country_code: 'jp', locale: 'ja-JP', zip_code: '150-0002' } });
    const email = person.fields.email;
    await saveMethod(t, person.headers, 'TRANSFERWISE', {
      bank_code: '0005',
      branch_code: '123',
      account_number: '1234567',
      account_type: 'ordinary',
      account_name: 'タナカ ユイ',
    });
    expect((await smtp.waitForMail(email, { match: (m) => m.subject.includes('出金先') })).subject).toBe(
      'Roundtrip の出金先が変更されました',
    );
    const key = 'replayed-once';
    expect((await withdraw(t, person.headers, { amount: '1000' }, key)).statusCode).toBe(201);
    expect((await withdraw(t, person.headers, { amount: '1000' }, key)).headers['idempotent-replayed']).toBe('true');
    const mail = await smtp.waitForMail(email, { match: (m) => m.subject.includes('の出金を受け付けました') });
    expect(mail.text).toContain('銀行口座');
    // Below 8,800 yen the withdrawal fee is taken from the amount: the mail says how much, and what is paid.
    expect(mail.text).toMatch(/出金手数料（この金額から差し引かれます）：[￥¥]249\n[￥¥]751 を次の出金先へお支払いします/);
    // A later mail proves the queue moved on; still one withdrawal mail.
    await saveMethod(t, person.headers, 'TRANSFERWISE', {
      bank_code: '0005',
      branch_code: '123',
      account_number: '7654321',
      account_type: 'ordinary',
      account_name: 'タナカ ユイ',
    });
    await smtp.waitForMail(email, { match: () => smtp.mailsTo(email).filter((m) => m.subject.includes('出金先')).length >= 2 });
    expect(smtp.mailsTo(email).filter((m) => m.subject.includes('の出金を受け付けました'))).toHaveLength(1);
  });

  it('saving a destination and making it the default at once is one change and one mail; a later switch mails again', async () => {
    const person = await verifiedCustomer(t, { balance: '3000', overrides: { country_code: 'jp', locale: 'ja-JP', zip_code: '150-0002' } });
    const email = person.fields.email;
    const destinationMails = () => smtp.mailsTo(email).filter((m) => m.subject.includes('出金先'));
    const setDefault = (method: string) =>
      t.inject({ method: 'PUT', url: '/api/v2/payment_methods', headers: person.headers, payload: { withdraw_type: method } });
    await saveMethod(t, person.headers, 'TRANSFERWISE', {
      bank_code: '0005',
      branch_code: '123',
      account_number: '1234567',
      account_type: 'ordinary',
      account_name: 'タナカ ユイ',
    });
    await smtp.waitForMail(email, { match: () => destinationMails().length >= 1 });

    expect((await saveMethod(t, person.headers, 'PAYPAL', { email: 'yui@example.com' })).statusCode).toBe(200);
    expect((await setDefault('PAYPAL')).json().data.withdraw_type).toBe('PAYPAL');
    // The withdrawal's mail comes after anything the two calls sent: by then, one mail for the change.
    expect((await withdraw(t, person.headers, { amount: '1000' })).statusCode).toBe(201);
    await smtp.waitForMail(email, { match: (m) => m.subject.includes('の出金を受け付けました') });
    expect(destinationMails()).toHaveLength(2);

    // Back to the bank account saved long before: a change of its own, mailed.
    t.clock.advance(sameChangeWindowMs / 1000 + 1);
    expect((await setDefault('TRANSFERWISE')).json().data.withdraw_type).toBe('TRANSFERWISE');
    await smtp.waitForMail(email, { match: () => destinationMails().length >= 3 });
    expect(destinationMails().at(-1)!.text).toContain('銀行口座');
  });
});
