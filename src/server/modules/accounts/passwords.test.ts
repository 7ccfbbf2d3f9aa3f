import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, customer, login, refresh, signUp, testPassword, uniqueEmail } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { resetTokenFromMail, withMailingApp, type TestSmtpServer } from '../../testing/smtp';
import { createTestApp, type TestApp } from '../../testing/test-app';

const newPassword = 'a brand new passphrase';

describe.each(databaseKinds)('password reset and change on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  withMailingApp(kind, (app, mail) => {
    t = app;
    smtp = mail;
  });

  const requestReset = (payload: unknown, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: '/api/v2/user/reset_password', payload: payload as object, headers });
  const reset = (payload: unknown, headers: Record<string, string> = {}) =>
    t.inject({ method: 'PUT', url: '/api/v2/user/reset_password', payload: payload as object, headers });
  const checkLink = (payload: unknown) =>
    t.inject({ method: 'POST', url: '/api/v2/user/reset_password/check', payload: payload as object });
  const renewLink = (payload: unknown) =>
    t.inject({ method: 'POST', url: '/api/v2/user/reset_password/renew', payload: payload as object });
  const changePassword = (headers: Record<string, string>, payload: unknown) =>
    t.inject({ method: 'POST', url: '/api/v2/user/change_password', headers, payload: payload as object });
  const me = (accessToken: string) => t.inject({ method: 'GET', url: '/api/v2/user', headers: bearer(accessToken) });

  /** Ask for a link and read its token from the mail (the `nth` reset mail to that address). */
  async function resetToken(email: string, nth = 1): Promise<string> {
    expect((await requestReset({ country_code: 'us', email })).statusCode).toBe(200);
    const isReset = (mail: { text: string }) => mail.text.includes('/reset-password?token=');
    await smtp.waitForMail(email, { match: () => smtp.mailsTo(email).filter(isReset).length >= nth });
    return resetTokenFromMail(smtp.mailsTo(email).filter(isReset)[nth - 1]!);
  }

  describe('POST /user/reset_password', () => {
    it('answers the same for a known and an unknown email, and mails a link only to the known one', async () => {
      const { fields } = await signUp(t, { country_code: 'fr', locale: 'fr-FR', zip_code: '69002' });
      const unknown = uniqueEmail('ghost');
      const forUnknown = await requestReset({ country_code: 'fr', email: unknown });
      const forKnown = await requestReset({ country_code: 'fr', email: fields.email.toUpperCase() });
      expect(forKnown.statusCode).toBe(200);
      expect(forKnown.json()).toEqual({ data: { sent: true } });
      expect(forUnknown.statusCode).toBe(forKnown.statusCode);
      expect(forUnknown.body).toBe(forKnown.body);

      const mail = await smtp.waitForMail(fields.email, { match: (m) => m.text.includes('reset-password') });
      expect(mail.subject).toBe('Réinitialisez votre mot de passe Roundtrip');
      expect(mail.text).toMatch(/https:\/\/roundtrip\.test\/fr\/reset-password\?token=[A-Za-z0-9_-]{43}\n/);
      expect(mail.html).toContain('https://roundtrip.test/fr/reset-password?token=');
      expect(smtp.mailsTo(unknown)).toHaveLength(0);
    });

    it.each([
      ['no email', { country_code: 'us' }, { email: 'enterValidEmail' }],
      ['a malformed email', { email: 'nope@' }, { email: 'emailInputError' }],
      ['an unknown market', { email: 'a@b.co', country_code: 'zz' }, { country_code: 'invalidValue' }],
      ['an unknown field', { email: 'a@b.co', password: 'x' }, { password: 'unknownField' }],
    ])('answers 400 for %s', async (_label, payload, fields) => {
      const response = await requestReset(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    });
  });

  describe('PUT /user/reset_password', () => {
    it('sets the new password, signs out every session, and leaves verification alone', async () => {
      const { fields, tokens } = await customer(t);
      const token = await resetToken(fields.email);
      const response = await reset({ token, password: newPassword, password_confirmation: newPassword });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { password_updated: true } });

      expect((await me(tokens.access_token)).statusCode).toBe(401);
      expect((await refresh(t, tokens.refresh_token)).json().error).toBe('invalid_grant');
      expect((await login(t, fields.email, testPassword)).json().error).toBe('invalid_grant');
      const fresh = await login(t, fields.email, newPassword);
      expect(fresh.statusCode).toBe(200);
      expect((await me(fresh.json().access_token)).json().data.email_verified).toBe(false);
    });

    it('answers 422 "This password link has already been used" for a used link', async () => {
      const { fields } = await signUp(t);
      const token = await resetToken(fields.email);
      expect((await reset({ token, password: newPassword, password_confirmation: newPassword })).statusCode).toBe(200);
      const again = await reset({ token, password: 'yet another one', password_confirmation: 'yet another one' });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({ error: { code: 'RESET_LINK_USED', message: 'This password link has already been used' } });
      const fr = await reset({ token, password: 'yet another one', password_confirmation: 'yet another one' }, { 'accept-language': 'fr' });
      expect(fr.json().error.message).toBe('Ce lien de mot de passe a déjà été utilisé');
      expect((await login(t, fields.email, newPassword)).statusCode).toBe(200);
    });

    it('answers 422 RESET_LINK_INVALID for an unknown link and for one older than an hour', async () => {
      const unknown = await reset({ token: 'A'.repeat(43), password: newPassword, password_confirmation: newPassword });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toEqual({
        error: { code: 'RESET_LINK_INVALID', message: 'This password link is invalid or has expired. Please ask for a new one.' },
      });

      const { fields } = await signUp(t);
      const token = await resetToken(fields.email);
      t.clock.advance(60 * 60 + 1);
      const expired = await reset({ token, password: newPassword, password_confirmation: newPassword });
      expect(expired.statusCode).toBe(422);
      expect(expired.json().error.code).toBe('RESET_LINK_INVALID');
      expect((await login(t, fields.email)).statusCode).toBe(200);
    });

    it('retires older links once one is used', async () => {
      const { fields } = await signUp(t);
      const first = await resetToken(fields.email, 1);
      const second = await resetToken(fields.email, 2);
      expect((await reset({ token: second, password: newPassword, password_confirmation: newPassword })).statusCode).toBe(200);
      const older = await reset({ token: first, password: 'sneaky other one', password_confirmation: 'sneaky other one' });
      expect(older.statusCode).toBe(422);
      expect(older.json().error.code).toBe('RESET_LINK_INVALID');
    });

    it('answers 400 "Passwords do not match" and other field errors without using the link', async () => {
      const { fields } = await signUp(t);
      const token = await resetToken(fields.email);
      const mismatch = await reset({ token, password: newPassword, password_confirmation: 'something else' });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({
        error: {
          code: 'PASSWORDS_DO_NOT_MATCH',
          message: 'Passwords do not match',
          fields: { password_confirmation: 'passwordsDoNotMatch' },
        },
      });
      const short = await reset({ token, password: 'short', password_confirmation: 'short' });
      expect(short.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { password: 'passwordTooShort' } });
      const missing = await reset({});
      expect(missing.json().error.fields).toEqual({ token: 'required', password: 'enterValidPsw', password_confirmation: 'required' });
      const hugeToken = await reset({ token: 't'.repeat(5000), password: newPassword, password_confirmation: newPassword });
      expect(hugeToken.json().error.fields).toEqual({ token: 'tooLong' });
      // The link still works.
      expect((await reset({ token, password: newPassword, password_confirmation: newPassword })).statusCode).toBe(200);
    });
  });

  describe('POST /user/reset_password/check and /renew', () => {
    it('tells a usable link from a used or expired one, and an unknown token reads as expired', async () => {
      const { fields } = await signUp(t);
      const token = await resetToken(fields.email);
      expect((await checkLink({ token })).json()).toEqual({ data: { state: 'usable' } });
      // Checking uses nothing: the link still sets the password.
      expect((await reset({ token, password: newPassword, password_confirmation: newPassword })).statusCode).toBe(200);
      const used = await checkLink({ token });
      expect(used.statusCode).toBe(200);
      expect(used.json()).toEqual({ data: { state: 'used' } });
      expect((await checkLink({ token: 'A'.repeat(43) })).json()).toEqual({ data: { state: 'expired' } });

      const later = await resetToken(fields.email, 2);
      t.clock.advance(60 * 60 + 1);
      expect((await checkLink({ token: later })).json()).toEqual({ data: { state: 'expired' } });
      expect((await checkLink({})).json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { token: 'required' } });
    });

    it('mails a new link to the account of a used link, and answers the same for an unknown token', async () => {
      const { fields } = await signUp(t, { country_code: 'fr', locale: 'fr-FR', zip_code: '69002' });
      const token = await resetToken(fields.email);
      expect((await reset({ token, password: newPassword, password_confirmation: newPassword })).statusCode).toBe(200);

      const renewed = await renewLink({ token });
      const unknown = await renewLink({ token: 'B'.repeat(43) });
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json()).toEqual({ data: { sent: true } });
      expect(unknown.body).toBe(renewed.body);
      // The answer names no address: the new link goes to the account's own.
      expect(renewed.body).not.toContain(fields.email);

      const isReset = (mail: { text: string }) => mail.text.includes('/reset-password?token=');
      await smtp.waitForMail(fields.email, { match: () => smtp.mailsTo(fields.email).filter(isReset).length >= 2 });
      const fresh = resetTokenFromMail(smtp.mailsTo(fields.email).filter(isReset)[1]!);
      expect(fresh).not.toBe(token);
      expect((await checkLink({ token: fresh })).json()).toEqual({ data: { state: 'usable' } });
      expect(
        (await reset({ token: fresh, password: 'the newest passphrase', password_confirmation: 'the newest passphrase' })).statusCode,
      ).toBe(200);
      expect((await login(t, fields.email, 'the newest passphrase')).statusCode).toBe(200);
    });
  });

  describe('POST /user/change_password', () => {
    it('changes the password, keeps this session and ends the others', async () => {
      const { fields, tokens, headers } = await customer(t);
      const otherDevice = (await login(t, fields.email)).json();
      const response = await changePassword(headers, {
        current_password: testPassword,
        password: newPassword,
        password_confirmation: newPassword,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { password_updated: true } });

      expect((await me(tokens.access_token)).statusCode).toBe(200);
      expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(200);
      expect((await me(otherDevice.access_token)).statusCode).toBe(401);
      expect((await refresh(t, otherDevice.refresh_token)).json().error).toBe('invalid_grant');
      expect((await login(t, fields.email, testPassword)).statusCode).toBe(400);
      expect((await login(t, fields.email, newPassword)).statusCode).toBe(200);
    });

    it('answers 422 "Current password is incorrect" and changes nothing', async () => {
      const { fields, headers } = await customer(t);
      const response = await changePassword(headers, {
        current_password: 'not my password',
        password: newPassword,
        password_confirmation: newPassword,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: { code: 'CURRENT_PASSWORD_INCORRECT', message: 'Current password is incorrect' } });
      const ja = await changePassword(
        { ...headers, 'accept-language': 'ja' },
        { current_password: 'nope nope', password: newPassword, password_confirmation: newPassword },
      );
      expect(ja.json().error.message).toBe('現在のパスワードが正しくありません');
      expect((await login(t, fields.email, testPassword)).statusCode).toBe(200);
    });

    it('answers 400 "Passwords do not match" and field errors', async () => {
      const { headers } = await customer(t);
      const mismatch = await changePassword(headers, {
        current_password: testPassword,
        password: newPassword,
        password_confirmation: 'other',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({
        error: {
          code: 'PASSWORDS_DO_NOT_MATCH',
          message: 'Passwords do not match',
          fields: { password_confirmation: 'passwordsDoNotMatch' },
        },
      });
      const fr = await changePassword(
        { ...headers, 'accept-language': 'fr' },
        { current_password: testPassword, password: newPassword, password_confirmation: 'other' },
      );
      expect(fr.json().error.message).toBe('Les mots de passe ne correspondent pas');
      const missing = await changePassword(headers, {});
      expect(missing.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { current_password: 'enterValidPsw', password: 'enterValidPsw', password_confirmation: 'required' },
      });
      const wrongTypes = await changePassword(headers, { current_password: 1, password: ['x'], password_confirmation: null });
      expect(wrongTypes.json().error.fields).toEqual({
        current_password: 'invalidValue',
        password: 'invalidValue',
        password_confirmation: 'required',
      });
    });

    it('needs a token', async () => {
      const response = await changePassword(
        {},
        { current_password: testPassword, password: newPassword, password_confirmation: newPassword },
      );
      expect(response.statusCode).toBe(401);
    });
  });
});

describe.each(databaseKinds)('password reset rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      limitRules: {
        resetRequestsPerAccount: { points: 2, windowSeconds: 3600 },
        resetRequestsPerAddress: { points: 4, windowSeconds: 1800 },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const requestReset = (email: string, remoteAddress: string) =>
    t.inject({ method: 'POST', url: '/api/v2/user/reset_password', remoteAddress, payload: { country_code: 'us', email } });

  it('limits requests per account the same way for known and unknown emails', async () => {
    const { fields } = await signUp(t);
    const ghost = uniqueEmail('ghost');
    for (const email of [fields.email, ghost]) {
      expect((await requestReset(email, '203.0.113.1')).statusCode).toBe(200);
      expect((await requestReset(email, '203.0.113.2')).statusCode).toBe(200);
      const limited = await requestReset(email, '203.0.113.3');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    }
  });

  it('limits requests per address', async () => {
    for (let n = 0; n < 4; n += 1) expect((await requestReset(uniqueEmail(), '203.0.113.50')).statusCode).toBe(200);
    const limited = await requestReset(uniqueEmail(), '203.0.113.50');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(1700);
    expect(retryAfter).toBeLessThanOrEqual(1800);
    expect((await requestReset(uniqueEmail(), '203.0.113.51')).statusCode).toBe(200);
  });
});
