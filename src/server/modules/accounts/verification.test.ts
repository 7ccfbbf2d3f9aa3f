import { describe, expect, it } from 'vitest';
import { bearer, customer, latestCode, loginTokens } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { withMailingApp, type TestSmtpServer } from '../../testing/smtp';
import type { TestApp } from '../../testing/test-app';

const otherCode = (code: string) => (code === '0000' ? '1111' : '0000');

describe.each(databaseKinds)('email verification on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  withMailingApp(kind, (app, mail) => {
    t = app;
    smtp = mail;
  });

  const verify = (headers: Record<string, string>, payload: unknown) =>
    t.inject({ method: 'POST', url: '/api/v2/user/verify_email', headers, payload: payload as object });
  const resend = (headers: Record<string, string>) => t.inject({ method: 'POST', url: '/api/v2/user/verification', headers });
  const notRecognised = { error: { code: 'CODE_NOT_RECOGNISED', message: "Sorry, we don't recognise this code." } };

  it('verifies the email with the mailed code, once', async () => {
    const { headers, user, fields } = await customer(t);
    const code = await latestCode(smtp, fields.email);
    const response = await verify(headers, { code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ...user, email_verified: true } });
    expect((await t.inject({ method: 'GET', url: '/api/v2/user', headers })).json().data.email_verified).toBe(true);

    const again = await verify(headers, { code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'EMAIL_ALREADY_VERIFIED', message: 'Your email is already verified.' } });
    const resent = await resend(headers);
    expect(resent.statusCode).toBe(409);
    expect(resent.json().error.code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('answers 422 "Sorry, we don\'t recognise this code." for a wrong code, in the reader\'s language', async () => {
    const { headers, fields } = await customer(t);
    const wrong = otherCode(await latestCode(smtp, fields.email));
    const response = await verify(headers, { code: wrong });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(notRecognised);
    expect((await verify({ ...headers, 'accept-language': 'fr' }, { code: wrong })).json().error.message).toBe(
      'Désolé, nous ne reconnaissons pas ce code.',
    );
    expect((await verify({ ...headers, 'accept-language': 'ja' }, { code: wrong })).json().error.message).toBe(
      '申し訳ありませんが、このコードは認識できません。',
    );
  });

  it.each([
    ['letters', { code: 'abcd' }],
    ['three digits', { code: '123' }],
    ['five digits', { code: '12345' }],
    ['a number', { code: 1234 }],
    ['nothing', {}],
    ['a huge string', { code: '1'.repeat(100_000) }],
  ])('answers 400 "Please enter the 4 digits!" for %s', async (_label, payload) => {
    const { headers } = await customer(t);
    const response = await verify(headers, payload);
    expect(response.statusCode).toBe(400);
    if (JSON.stringify(payload).length > 60_000) {
      // Over the body limit: refused before the schema sees it.
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      return;
    }
    expect(response.json()).toEqual({
      error: { code: 'CODE_FORMAT', message: 'Please enter the 4 digits!', fields: { code: 'enterFourDigits' } },
    });
  });

  it('says "Please enter the 4 digits!" in French and Japanese, and names unknown fields', async () => {
    const { headers } = await customer(t);
    expect((await verify({ ...headers, 'accept-language': 'fr' }, { code: '12' })).json().error.message).toBe(
      'Veuillez saisir les 4 chiffres !',
    );
    expect((await verify({ ...headers, 'accept-language': 'ja' }, { code: '12' })).json().error.message).toBe(
      '4桁の数字を入力してください。',
    );
    const extra = await verify(headers, { code: '1234', admin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { admin: 'unknownField' } });
  });

  it('answers CODE_EXPIRED after 10 minutes; a new code works', async () => {
    const { headers, fields } = await customer(t);
    const code = await latestCode(smtp, fields.email);
    t.clock.advance(10 * 60 + 1);
    const expired = await verify(headers, { code });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ error: { code: 'CODE_EXPIRED', message: 'This code has expired. Please ask for a new one.' } });

    const resent = await resend(headers);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ data: { sent: true } });
    const fresh = await latestCode(smtp, fields.email, 2);
    expect((await verify(headers, { code: fresh })).statusCode).toBe(200);
  });

  it('burns a code after 5 wrong tries, even for the right code next; a new code works', async () => {
    const { headers, fields } = await customer(t);
    const code = await latestCode(smtp, fields.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await verify(headers, { code: otherCode(code) })).json()).toEqual(notRecognised);
    }
    const burned = await verify(headers, { code });
    expect(burned.statusCode).toBe(422);
    expect(burned.json()).toEqual(notRecognised);

    expect((await resend(headers)).statusCode).toBe(200);
    const fresh = await latestCode(smtp, fields.email, 2);
    expect((await verify(headers, { code: fresh })).json().data.email_verified).toBe(true);
  });

  it('resends a new code by mail and the old one stops working', async () => {
    const { headers, fields } = await customer(t, { country_code: 'fr', locale: 'fr-FR', zip_code: '75011' });
    const first = await latestCode(smtp, fields.email);
    expect((await resend(headers)).statusCode).toBe(200);
    const second = await latestCode(smtp, fields.email, 2);
    const mails = smtp.mailsTo(fields.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`Votre code Roundtrip\u202F: ${second}`);
    expect(mails[1]!.text).toContain(`https://roundtrip.test/fr/user/verify-email?code=${second}`);
    if (first !== second) expect((await verify(headers, { code: first })).json()).toEqual(notRecognised);
    expect((await verify(headers, { code: second })).statusCode).toBe(200);
  });

  it("does not accept one person's code for another", async () => {
    const alice = await customer(t);
    const bob = await customer(t);
    const aliceCode = await latestCode(smtp, alice.fields.email);
    const bobCode = await latestCode(smtp, bob.fields.email);
    if (aliceCode !== bobCode) expect((await verify(bob.headers, { code: aliceCode })).json()).toEqual(notRecognised);
    expect((await t.inject({ method: 'GET', url: '/api/v2/user', headers: alice.headers })).json().data.email_verified).toBe(false);
  });

  it('allows 5 codes an hour (sign-up included), then 429 TOO_MANY_CODES with Retry-After', async () => {
    const { headers, fields } = await customer(t);
    for (let n = 0; n < 4; n += 1) expect((await resend(headers)).statusCode).toBe(200);
    const refused = await resend(headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'TOO_MANY_CODES', message: 'Too many codes requested. Please try again in an hour.' },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    await latestCode(smtp, fields.email, 5);
    expect(smtp.mailsTo(fields.email)).toHaveLength(5);

    t.clock.advance(3601);
    // An hour later the access token has expired (15 minutes): the app would have refreshed it.
    expect((await resend(bearer((await loginTokens(t, fields.email)).access_token))).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    expect((await resend({})).statusCode).toBe(401);
    expect((await verify({}, { code: '1234' })).statusCode).toBe(401);
  });
});
