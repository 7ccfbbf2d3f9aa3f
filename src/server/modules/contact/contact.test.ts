import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { uniqueEmail } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp';
import { createTestApp, type TestApp } from '../../testing/test-app';

const supportEmail = 'care@roundtrip.test';

function contactFields(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Camille Martin',
    email: uniqueEmail('contact'),
    topic: 'returns',
    message: 'I returned three bottles on Monday and they are still pending. Is that normal?',
    country_code: 'fr',
    locale: 'fr-FR',
    ...overrides,
  };
}

describe.each(databaseKinds)('POST /api/v2/contact on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp(kind, { smtpUrl: smtp.url, env: { SUPPORT_EMAIL: supportEmail } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: '/api/v2/contact', payload: payload as object, headers });

  it('stores the message, mails it to support with a Reply-To of the sender, and answers 201', async () => {
    const fields = contactFields({ name: 'Camille <b>Martin</b>', email: `  ${uniqueEmail('Sender').toUpperCase()} ` });
    const response = await post(fields);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(data.created_at)).not.toBeNaN();

    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, data.id));
    expect(row).toMatchObject({
      name: 'Camille <b>Martin</b>',
      email: fields.email.trim().toLowerCase(),
      topic: 'returns',
      message: fields.message,
      locale: 'fr-FR',
      countryCode: 'fr',
    });

    const mail = await smtp.waitForMail(supportEmail, { match: (candidate) => candidate.text.includes(data.id) });
    expect(mail.replyTo).toEqual([fields.email.trim().toLowerCase()]);
    expect(mail.subject).toBe('[Contact · returns] Camille <b>Martin</b>');
    expect(mail.text).toContain(fields.message);
    expect(mail.text).toContain('Answer in: fr-FR');
    // The sender's words never become markup in the HTML part.
    expect(mail.html).toContain('Camille &#60;b&#62;Martin&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>Martin</b>');

    await expect
      .poll(async () => (await t.db.select().from(contactMessages).where(eq(contactMessages.id, data.id)))[0]?.mailedAt)
      .toBeInstanceOf(Date);
  });

  it('answers in the request language from Accept-Language when the form gives no locale', async () => {
    const { locale: _locale, country_code: _country, ...withoutMarket } = contactFields();
    const response = await post(withoutMarket, { 'accept-language': 'ja' });
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, response.json().data.id));
    expect(row?.locale).toBe('ja-JP');
    expect(row?.countryCode).toBeNull();
  });

  it('refuses a bad form with a field key per field and the message in the request language, storing nothing', async () => {
    const before = (await t.db.select().from(contactMessages)).length;
    const response = await post(
      { name: ' ', email: 'not-an-email', topic: 'gossip', message: 'Too short' },
      { 'accept-language': 'fr-FR' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Veuillez vérifier les champs signalés.',
      fields: { name: 'required', email: 'emailInputError', topic: 'invalidValue', message: 'messageTooShort' },
    });

    const tooLong = await post(contactFields({ message: 'x'.repeat(2001), extra: true }), { 'accept-language': 'ja' });
    expect(tooLong.json().error).toMatchObject({
      message: '入力内容を確認してください。',
      fields: { message: 'messageTooLong', extra: 'unknownField' },
    });

    const empty = await post({});
    expect(empty.json().error.fields).toEqual({ name: 'required', email: 'enterValidEmail', topic: 'required', message: 'required' });
    expect((await t.db.select().from(contactMessages)).length).toBe(before);
  });
});

describe.each(databaseKinds)('contact form limits and mail failures on %s', (kind) => {
  it('limits messages per address and per email with 429 and Retry-After', async () => {
    const t = await createTestApp(kind, {
      limitRules: { contactPerAddress: { points: 3, windowSeconds: 3600 }, contactPerEmail: { points: 2, windowSeconds: 3600 } },
    });
    try {
      const post = (payload: unknown) => t.inject({ method: 'POST', url: '/api/v2/contact', payload: payload as object });
      const email = uniqueEmail('limited');
      expect((await post(contactFields({ email }))).statusCode).toBe(201);
      expect((await post(contactFields({ email }))).statusCode).toBe(201);
      const perEmail = await post(contactFields({ email }));
      expect(perEmail.statusCode).toBe(429);
      expect(perEmail.json().error.code).toBe('RATE_LIMITED');
      expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);

      // The address has spent its three messages (the refused one counts), whatever the email.
      const perAddress = await post(contactFields());
      expect(perAddress.statusCode).toBe(429);
      expect(await t.db.select().from(contactMessages)).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('keeps the message and still answers 201 when the mail to support cannot be sent', async () => {
    // Nothing listens on port 9: the SMTP connection is refused.
    const t = await createTestApp(kind, { smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const response = await t.inject({ method: 'POST', url: '/api/v2/contact', payload: contactFields() });
      expect(response.statusCode).toBe(201);
      const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, response.json().data.id));
      expect(row?.mailedAt).toBeNull();
    } finally {
      await t.close();
    }
  });
});
