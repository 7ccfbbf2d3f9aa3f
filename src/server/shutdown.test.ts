import { describe, expect, it } from 'vitest';
import { databaseKinds } from './testing/databases';
import { signUp } from './testing/accounts';
import { withMailingApp, type TestSmtpServer } from './testing/smtp';
import type { TestApp } from './testing/test-app';
import { shutdownWithin } from './shutdown';

describe('shutdownWithin', () => {
  it('answers done when the steps finish first', async () => {
    expect(await shutdownWithin(60_000, async () => {})).toBe('done');
  });

  it('gives up at the deadline on a step that never ends', async () => {
    expect(await shutdownWithin(1, () => new Promise<void>(() => {}))).toBe('deadline');
  });
});

describe.each(databaseKinds)('closing the server on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  withMailingApp(kind, (app, mail) => {
    t = app;
    smtp = mail;
  });

  it('sends the mail a request queued after its answer before it closes', async () => {
    const { fields } = await signUp(t);
    const answered = await t.inject({ method: 'POST', url: '/api/v2/user/reset_password', payload: { email: fields.email } });
    expect(answered.statusCode).toBe(200);
    // Closed at once: the reset mail is still on its way.
    await t.app.close();
    expect(smtp.mailsTo(fields.email).some((mail) => mail.subject === 'Reset your Roundtrip password')).toBe(true);
  });
});
