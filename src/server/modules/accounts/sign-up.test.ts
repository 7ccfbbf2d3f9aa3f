import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { signUp, signUpFields, testPassword, uniqueEmail } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { codeFromMail, withMailingApp, type TestSmtpServer } from '../../testing/smtp';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe.each(databaseKinds)('POST /api/v2/user (sign-up) on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  withMailingApp(kind, (app, mail) => {
    t = app;
    smtp = mail;
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: '/api/v2/user', payload: payload as object, headers });

  it('creates the account, answers 201 with the user, and mails a 4-digit code with a verify link', async () => {
    const fields = signUpFields({ email: `  ${uniqueEmail('New.Person').toUpperCase()} ` });
    const response = await post(fields);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(Object.keys(data).sort()).toEqual(
      ['address', 'city', 'country_code', 'created_at', 'email', 'email_verified', 'id', 'locale', 'name', 'state', 'zip_code'].sort(),
    );
    expect(data).toMatchObject({
      email: fields.email.trim().toLowerCase(),
      name: 'Jamie Rivera',
      country_code: 'us',
      locale: 'en-US',
      zip_code: '97205',
      address: null,
      city: null,
      state: null,
      email_verified: false,
    });
    expect(response.body).not.toContain('password');
    expect(response.headers['cache-control']).toBe('no-store');

    const mail = await smtp.waitForMail(data.email);
    const code = codeFromMail(mail);
    expect(code).toMatch(/^\d{4}$/);
    expect(mail.subject).toBe(`Your Roundtrip code: ${code}`);
    expect(mail.text).toContain(`https://roundtrip.test/us/user/verify-email?code=${code}`);
    expect(mail.html).toContain(`https://roundtrip.test/us/user/verify-email?code=${code}`);

    const [row] = await t.db.select().from(users).where(eq(users.id, data.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(testPassword);
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
  });

  it('writes the mail in the language of the chosen locale, with the market in the link', async () => {
    const fr = signUpFields({ country_code: 'fr', locale: 'fr-FR', zip_code: '69002' });
    expect((await post(fr)).statusCode).toBe(201);
    const frMail = await smtp.waitForMail(fr.email);
    expect(frMail.subject).toMatch(/^Votre code Roundtrip\u202F: \d{4}$/);
    expect(frMail.text).toContain('Bonjour Jamie Rivera,');
    expect(frMail.text).toContain('https://roundtrip.test/fr/user/verify-email?code=');

    const jp = signUpFields({ country_code: 'jp', locale: 'ja-JP', zip_code: '1500002', name: '田中 結衣' });
    const jpResponse = await post(jp);
    expect(jpResponse.statusCode).toBe(201);
    expect(jpResponse.json().data.zip_code).toBe('150-0002');
    const jpMail = await smtp.waitForMail(jp.email);
    expect(jpMail.subject).toMatch(/^Roundtrip の確認コード：\d{4}$/);
    expect(jpMail.text).toContain('田中 結衣 様');
    expect(jpMail.text).toContain('https://roundtrip.test/jp/user/verify-email?code=');

    const uk = signUpFields({ country_code: 'uk', locale: 'en-GB', zip_code: 'm11ae' });
    const ukResponse = await post(uk);
    expect(ukResponse.statusCode).toBe(201);
    expect(ukResponse.json().data.zip_code).toBe('M1 1AE');
    expect((await smtp.waitForMail(uk.email)).text).toContain('https://roundtrip.test/uk/user/verify-email?code=');
  });

  it('keeps Canada in French on the account and writes its mails in Quebec French', async () => {
    const fields = signUpFields({ country_code: 'ca', locale: 'fr-CA', zip_code: 'h2x1y4', name: 'Camille Tremblay' });
    const response = await post(fields);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ locale: 'fr-CA', zip_code: 'H2X 1Y4' });
    const mail = await smtp.waitForMail(fields.email);
    expect(mail.subject).toMatch(/^Votre code Roundtrip\u202F: \d{4}$/);
    expect(mail.text).toContain('Bonjour Camille Tremblay,');
    expect(mail.text).toContain('votre adresse courriel');
    expect(mail.text).not.toContain('e-mail');
    expect(mail.text).toContain('https://roundtrip.test/ca/user/verify-email?code=');
  });

  it('escapes the name in the html mail', async () => {
    const fields = signUpFields({ name: '<b>Bold</b> & co' });
    expect((await post(fields)).statusCode).toBe(201);
    const mail = await smtp.waitForMail(fields.email);
    expect(mail.html).not.toContain('<b>Bold</b>');
    expect(mail.html).toContain('&#60;b&#62;Bold&#60;/b&#62; &#38; co');
  });

  it('answers 409 "Email has already been taken" for a taken email, whatever its case', async () => {
    const { fields } = await signUp(t);
    const again = await post(signUpFields({ email: fields.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'EMAIL_TAKEN', message: 'Email has already been taken' } });
  });

  it('lets exactly one of two simultaneous sign-ups with the same email win', async () => {
    const email = uniqueEmail('twice');
    const [first, second] = await Promise.all([post(signUpFields({ email })), post(signUpFields({ email }))]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().error.code).toBe('EMAIL_TAKEN');
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('says the email is taken in French and Japanese', async () => {
    const { fields } = await signUp(t);
    const fr = await post(signUpFields({ email: fields.email }), { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    expect(fr.json().error.message).toBe('Cette adresse e-mail est déjà utilisée');
    const ja = await post(signUpFields({ email: fields.email }), { 'accept-language': 'ja' });
    expect(ja.json().error.message).toBe('このメールアドレスはすでに使用されています');
  });

  it('refuses sign-up without accepting the terms', async () => {
    for (const terms of [false, undefined, 'yes', 1]) {
      const response = await post({ ...signUpFields(), terms_accepted: terms });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'TERMS_NOT_ACCEPTED', message: 'Please accept the terms and conditions', fields: { terms_accepted: 'acceptTerms' } },
      });
    }
  });

  it('names every missing field', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please check the highlighted fields.',
      fields: {
        email: 'enterValidEmail',
        password: 'enterValidPsw',
        name: 'required',
        country_code: 'required',
        locale: 'required',
        zip_code: 'required',
        terms_accepted: 'acceptTerms',
      },
    });
  });

  it.each([
    ['a malformed email', { email: 'not-an-email' }, { email: 'emailInputError' }],
    ['a short password', { password: 'short' }, { password: 'passwordTooShort' }],
    ['a huge password', { password: 'x'.repeat(10_000) }, { password: 'passwordTooLong' }],
    ['a huge name', { name: 'n'.repeat(5_000) }, { name: 'tooLong' }],
    ['a blank name', { name: '   ' }, { name: 'required' }],
    ['an unknown market', { country_code: 'de' }, { country_code: 'invalidValue' }],
    ['an unknown locale', { locale: 'de-DE' }, { locale: 'invalidValue' }],
    ['a short zip code', { zip_code: '123' }, { zip_code: 'zipCodeTooShort' }],
    ['a zip code of another market', { zip_code: 'SW1A 1AA' }, { zip_code: 'zipCodeInvalid' }],
    ['a number for the email', { email: 12345 }, { email: 'emailInputError' }],
    ['an object for the name', { name: { first: 'a' } }, { name: 'invalidValue' }],
    ['an unknown field', { is_admin: true }, { is_admin: 'unknownField' }],
  ])('answers 400 with the field for %s', async (_label, change, fields) => {
    const response = await post({ ...signUpFields(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields).toEqual(fields);
  });

  it('answers 400 in the one error shape for malformed JSON and for a body over the limit, with no internals', async () => {
    const malformed = await t.inject({
      method: 'POST',
      url: '/api/v2/user',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'Please check the highlighted fields.' } });

    const huge = await post({ ...signUpFields(), name: 'n'.repeat(100_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.code).toBe('VALIDATION_FAILED');
    expect(huge.body).not.toMatch(/stack|at .*\.ts|select|insert/i);
  });

  it('answers with fields in French for a French reader', async () => {
    const response = await post({ ...signUpFields(), password: 'short' }, { 'accept-language': 'fr' });
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Veuillez vérifier les champs signalés.',
      fields: { password: 'passwordTooShort' },
    });
  });
});

describe.each(databaseKinds)('sign-up limits and mail failures on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // No SMTP server listens on this port: the mail fails, the account must still be created.
    t = await createTestApp(kind, { smtpUrl: 'smtp://127.0.0.1:9', limitRules: { signUpsPerAddress: { points: 2, windowSeconds: 3600 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the account when the mail cannot be sent, then limits sign-ups per address with Retry-After', async () => {
    const headers = { 'x-test': '1' };
    const first = await t.inject({ method: 'POST', url: '/api/v2/user', payload: signUpFields(), headers });
    expect(first.statusCode).toBe(201);
    expect((await t.inject({ method: 'POST', url: '/api/v2/user', payload: signUpFields() })).statusCode).toBe(201);
    const third = await t.inject({ method: 'POST', url: '/api/v2/user', payload: signUpFields(), headers: { 'accept-language': 'ja' } });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: '試行回数が多すぎます。しばらくしてからもう一度お試しください。' },
    });
    const retryAfter = Number(third.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    const otherAddress = await t.inject({ method: 'POST', url: '/api/v2/user', payload: signUpFields(), remoteAddress: '10.0.0.7' });
    expect(otherAddress.statusCode).toBe(201);
  });
});

describe.each(databaseKinds)('mail without SMTP on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes the verification mail as an .eml file under DATA_DIR/mail', async () => {
    const fields = signUpFields();
    expect((await t.inject({ method: 'POST', url: '/api/v2/user', payload: fields })).statusCode).toBe(201);
    const mailDir = path.join(t.config.dataDir, 'mail');
    const files = readdirSync(mailDir).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    expect(files[0]).toContain('verification-code');
    const eml = readFileSync(path.join(mailDir, files[0]!), 'utf8');
    expect(eml).toContain(`To: ${fields.email}`);
    expect(eml).toMatch(/Subject: Your Roundtrip code: \d{4}/);
    expect(eml).toMatch(/https:\/\/roundtrip\.test\/us\/user\/verify-email\?code=\d{4}/);
  });
});
