import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema';
import { databaseKinds } from '../../testing/databases';
import { operatorPassword, signedInOperator } from '../../testing/operators';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { cliHeaders, ops, operatorHeaders, testLocalKey, testOperatorKey } from '../../testing/wallet';
import { totpCodeAt } from './totp';

type Headers = Record<string, string>;

/**
 * The team manages itself (docs/operators.md, The admin's day): an admin enables a disabled
 * operator, sends a new invitation, changes roles, sees and ends an operator's sessions; each is
 * admin-only and leaves one audit entry naming the operator.
 */
describe.each(databaseKinds)("the admin's day (%s)", (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp(kind, { smtpUrl: smtp.url, env: { OPS_KEY: testOperatorKey }, localOperatorKey: testLocalKey });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const me = (headers: Headers) => t.inject({ method: 'GET', url: '/api/v2/ops/me', headers });
  const post = (url: string, headers: Headers) => t.inject({ method: 'POST', url: `/api/v2/ops${url}`, headers, payload: {} });
  const trailOf = async (operatorId: string) =>
    (
      await t.inject({ method: 'GET', url: `/api/v2/ops/audit?record_type=operator&record_id=${operatorId}`, headers: operatorHeaders })
    ).json<{
      data: { action: string; actor: string }[];
    }>().data;
  /** The details of the operator's newest entry of `action` (the API's trail does not show them). */
  const detailOf = async (operatorId: string, action: string) => {
    const [row] = await t.db
      .select({ detail: auditEntries.detail })
      .from(auditEntries)
      .where(and(eq(auditEntries.recordId, operatorId), eq(auditEntries.action, action)))
      .orderBy(desc(auditEntries.seq))
      .limit(1);
    return row?.detail;
  };
  const signIn = (email: string, secret: string, password = operatorPassword) => {
    t.clock.advance(30);
    return t.inject({ method: 'POST', url: '/api/v2/ops/session', payload: { email, password, code: totpCodeAt(secret, t.clock.now()) } });
  };
  const invite = async (admin: Headers, language = 'en-US') => {
    const email = `new-${crypto.randomUUID()}@roundtrip.test`;
    const invited = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/operators',
      headers: { ...admin, 'accept-language': language },
      payload: { email, name: 'Noor', roles: ['care'] },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    return { id: invited.json<{ data: { id: string } }>().data.id, email };
  };
  const linkIn = (text: string) => /\/ops\/join#([A-Za-z0-9_-]{43})/.exec(text)![1]!;

  it('enables a disabled operator again: they sign in with their own password and code; only an admin may', async () => {
    const admin = await signedInOperator(t, ['admin']);
    const finance = await signedInOperator(t, ['finance']);
    expect((await post(`/operators/${finance.id}/disable`, admin.headers)).statusCode).toBe(200);
    expect((await signIn(finance.email, finance.secret)).statusCode).toBe(401);

    const refused = await post(`/operators/${finance.id}/enable`, finance.headers);
    expect(refused.statusCode).toBe(401);
    const care = await signedInOperator(t, ['care']);
    expect((await post(`/operators/${finance.id}/enable`, care.headers)).json().error.code).toBe('OPERATOR_ROLE_REQUIRED');

    const enabled = await post(`/operators/${finance.id}/enable`, admin.headers);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().data).toMatchObject({ id: finance.id, status: 'ACTIVE', roles: ['finance'] });
    const session = await signIn(finance.email, finance.secret);
    expect(session.statusCode, session.body).toBe(200);
    expect((await me({ authorization: `Bearer ${session.json().data.token}` })).statusCode).toBe(200);

    // Enabling someone who is not disabled changes nothing and says so.
    const again = await post(`/operators/${finance.id}/enable`, admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('OPERATOR_NOT_DISABLED');
    expect((await post(`/operators/${crypto.randomUUID()}/enable`, admin.headers)).statusCode).toBe(404);

    const [entry] = await trailOf(finance.id);
    expect(entry).toMatchObject({ action: 'operator.enable', actor: admin.email });
    expect(await detailOf(finance.id, 'operator.enable')).toMatchObject({ operator_id: finance.id });
  });

  it('an operator disabled before joining comes back invited, and a new link brings them in; the old link stops working', async () => {
    const admin = await signedInOperator(t, ['admin']);
    const { id, email } = await invite(admin.headers);
    const first = await smtp.waitForMail(email, { match: (mail) => /\/ops\/join#/.test(mail.text) });
    const oldToken = linkIn(first.text);
    expect((await post(`/operators/${id}/disable`, admin.headers)).statusCode).toBe(200);
    expect((await post(`/operators/${id}/enable`, admin.headers)).json().data).toMatchObject({ status: 'INVITED' });

    const resent = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/operators/${id}/invitation`,
      headers: { ...admin.headers, 'accept-language': 'fr-FR' },
      payload: {},
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await smtp.waitForMail(email, { match: (mail) => /\/ops\/join#/.test(mail.text) && linkIn(mail.text) !== oldToken });
    const lookup = (token: string) => t.inject({ method: 'POST', url: '/api/v2/ops/invitations/lookup', payload: { token } });
    expect((await lookup(oldToken)).statusCode).toBe(404);
    const invitation = (await lookup(linkIn(second.text))).json<{ data: { totp_secret: string } }>().data;
    const accepted = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/invitations/accept',
      payload: { token: linkIn(second.text), password: operatorPassword, code: totpCodeAt(invitation.totp_secret, t.clock.now()) },
    });
    expect(accepted.json().data).toMatchObject({ status: 'ACTIVE' });

    // Someone who has joined has no invitation to send again.
    const joined = await post(`/operators/${id}/invitation`, admin.headers);
    expect(joined.statusCode).toBe(409);
    expect(joined.json().error.code).toBe('OPERATOR_NOT_INVITED');
    expect((await trailOf(id)).map((entry) => [entry.action, entry.actor])).toEqual([
      ['operator.accept', email],
      ['operator.invitation-resend', admin.email],
      ['operator.enable', admin.email],
      ['operator.disable', admin.email],
      ['operator.invite', admin.email],
    ]);
  });

  it("lists an operator's sessions without their tokens and ends them all at once; audited once", async () => {
    const admin = await signedInOperator(t, ['admin']);
    const care = await signedInOperator(t, ['care']);
    const second = await signIn(care.email, care.secret);
    const url = `/api/v2/ops/operators/${care.id}/sessions`;
    expect((await t.inject({ method: 'GET', url, headers: care.headers })).statusCode).toBe(403);
    const listed = await t.inject({ method: 'GET', url, headers: admin.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toHaveLength(2);
    expect(listed.body).not.toContain(care.token);
    expect(listed.json().data[0]).toEqual({
      started_at: expect.any(String),
      last_used_at: expect.any(String),
      expires_at: expect.any(String),
      address: expect.any(String),
    });

    const ended = await t.inject({ method: 'DELETE', url, headers: admin.headers });
    expect(ended.json().data).toEqual({ ended: 2 });
    expect((await me(care.headers)).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${second.json().data.token}` })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url, headers: admin.headers })).json().data).toEqual([]);
    // None left to end: nothing changes, nothing is written.
    expect((await t.inject({ method: 'DELETE', url, headers: admin.headers })).json().data).toEqual({ ended: 0 });
    // They may sign in again: ending sessions is not disabling.
    expect((await signIn(care.email, care.secret)).statusCode).toBe(200);
    const entries = (await trailOf(care.id)).filter((entry) => entry.action === 'operator.sessions-end');
    expect(entries.map((entry) => entry.actor)).toEqual([admin.email]);
    expect(await detailOf(care.id, 'operator.sessions-end')).toMatchObject({ operator_id: care.id, ended: 2 });
  });

  it("the CLI on the server's machine does the same: enable, a new link, roles, sessions, a reset", async () => {
    const run = async (...argv: string[]) => {
      const answer = await ops(t, '/commands', { argv, cwd: '/srv/ops' }, cliHeaders);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ data: { exit_code: number; stdout: string; stderr: string } }>().data;
    };
    const care = await signedInOperator(t, ['care']);
    expect((await run('operators', 'sessions', care.id)).stdout).toMatch(/started .* from 127\.0\.0\.1/);
    expect((await run('operators', 'end-sessions', care.id)).stdout).toBe('Ended 1 session(s).\n');
    expect((await me(care.headers)).statusCode).toBe(401);
    expect((await run('operators', 'roles', care.id, '--roles', 'care,finance')).stdout).toContain('care,finance');
    expect((await run('operators', 'disable', care.id)).exit_code).toBe(0);
    expect((await run('operators', 'enable', care.id)).stdout).toContain('they log in with their password and code');
    expect((await signIn(care.email, care.secret)).statusCode).toBe(200);

    const reset = await run('operators', 'reset-authenticator', care.id);
    const token = linkIn(reset.stdout);
    const resent = await run('operators', 'resend', care.id);
    expect((await t.inject({ method: 'POST', url: '/api/v2/ops/invitations/lookup', payload: { token } })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'POST', url: '/api/v2/ops/invitations/lookup', payload: { token: linkIn(resent.stdout) } })).statusCode,
    ).toBe(200);
    expect((await run('operators', 'enable', 'not-an-id')).exit_code).toBe(2);
    expect((await trailOf(care.id)).slice(0, 6).map((entry) => entry.action)).toEqual([
      'operator.invitation-resend',
      'operator.authenticator-reset',
      'operator.enable',
      'operator.disable',
      'operator.roles',
      'operator.sessions-end',
    ]);
  });

  /** A person invited from the console in `language` (the admin's console in English), who joins: their secret. */
  const joined = async (admin: Headers, language: 'en' | 'fr' | 'ja') => {
    const email = `lang-${crypto.randomUUID()}@roundtrip.test`;
    const invited = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/operators',
      headers: { ...admin, 'accept-language': 'en-US' },
      payload: { email, name: 'Aiko', roles: ['care'], language },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data).toMatchObject({ language });
    const mail = await smtp.waitForMail(email, { match: (sent) => /\/ops\/join#/.test(sent.text) });
    const token = linkIn(mail.text);
    const invitation = (await t.inject({ method: 'POST', url: '/api/v2/ops/invitations/lookup', payload: { token } })).json<{
      data: { totp_secret: string; language: string | null };
    }>().data;
    const accepted = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/invitations/accept',
      payload: { token, password: operatorPassword, code: totpCodeAt(invitation.totp_secret, t.clock.now()) },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { id: invited.json<{ data: { id: string } }>().data.id, email, secret: invitation.totp_secret, mail, invitation };
  };
  const resetLinkIn = (text: string) => /\/ops\/reset-password#([A-Za-z0-9_-]{43})/.exec(text)?.[1];

  it('an invitation goes out in the language the admin chose; the join page and their later mails use it', async () => {
    const admin = await signedInOperator(t, ['admin']);
    const aiko = await joined(admin.headers, 'ja');
    expect(aiko.mail.subject).toBe('Roundtrip オペレーターアカウントのご案内');
    expect(aiko.invitation.language).toBe('ja');
    // A session tells the console which language to open in.
    const session = await signIn(aiko.email, aiko.secret);
    expect(session.json().data.operator).toMatchObject({ language: 'ja' });
    // A reset of their authenticator, made from an English console, is mailed in Japanese.
    const reset = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/operators/${aiko.id}/authenticator-reset`,
      headers: { ...admin.headers, 'accept-language': 'en-US' },
      payload: {},
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await smtp.waitForMail(aiko.email, { match: (mail) => mail.subject === 'Roundtrip オペレーターの認証を設定し直してください' });
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/operators',
      headers: admin.headers,
      payload: { email: `x-${crypto.randomUUID()}@roundtrip.test`, name: 'X', roles: ['care'], language: 'de' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('an admin mails a password-reset link: the operator chooses a new password with their code, and every session ends', async () => {
    const admin = await signedInOperator(t, ['admin']);
    const camille = await joined(admin.headers, 'fr');
    const session = await signIn(camille.email, camille.secret);
    const headers = { authorization: `Bearer ${session.json().data.token}` };
    const care = await signedInOperator(t, ['care']);
    expect((await post(`/operators/${camille.id}/password-reset`, care.headers)).statusCode).toBe(403);

    const sent = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/operators/${camille.id}/password-reset`,
      headers: { ...admin.headers, 'accept-language': 'en-US' },
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Nothing changes until they use it: their session and password still work.
    expect((await me(headers)).statusCode).toBe(200);
    const mail = await smtp.waitForMail(camille.email, { match: (m) => resetLinkIn(m.text) !== undefined });
    expect(mail.subject).toBe('Choisissez un nouveau mot de passe pour votre compte opérateur Roundtrip');
    expect(mail.text).toContain(admin.email);
    const token = resetLinkIn(mail.text)!;
    const lookup = await t.inject({ method: 'POST', url: '/api/v2/ops/password-reset/lookup', payload: { token } });
    expect(lookup.json().data).toEqual({ email: camille.email, name: 'Aiko', language: 'fr' });

    // The mailbox alone is not enough: a wrong code changes nothing.
    const accept = (code: string) =>
      t.inject({ method: 'POST', url: '/api/v2/ops/password-reset/accept', payload: { token, password: 'a-new-password-3', code } });
    const wrong = await accept('000000');
    expect(wrong.statusCode).toBe(400);
    t.clock.advance(30);
    const done = await accept(totpCodeAt(camille.secret, t.clock.now()));
    expect(done.statusCode, done.body).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await accept(totpCodeAt(camille.secret, t.clock.now()))).json().error.code).toBe('PASSWORD_RESET_INVALID');
    expect((await signIn(camille.email, camille.secret)).statusCode).toBe(401);
    expect((await signIn(camille.email, camille.secret, 'a-new-password-3')).statusCode).toBe(200);
    expect((await trailOf(camille.id)).slice(0, 2).map((entry) => [entry.action, entry.actor])).toEqual([
      ['operator.password-reset', camille.email],
      ['operator.password-reset-send', admin.email],
    ]);
    expect(await detailOf(camille.id, 'operator.password-reset-send')).toMatchObject({ operator_id: camille.id });

    // Only an active operator gets one.
    const invited = await invite(admin.headers);
    const refused = await post(`/operators/${invited.id}/password-reset`, admin.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('OPERATOR_NOT_ACTIVE');
  });

  it('forgot password on the sign-in page: one answer for any email; the operator is mailed a link in their language', async () => {
    const admin = await signedInOperator(t, ['admin']);
    const aiko = await joined(admin.headers, 'ja');
    const ask = (email: string) =>
      t.inject({ method: 'POST', url: '/api/v2/ops/password-reset', headers: { 'accept-language': 'en-US' }, payload: { email } });
    const known = await ask(aiko.email.toUpperCase());
    const unknown = await ask(`nobody-${crypto.randomUUID()}@roundtrip.test`);
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(known.json()).toEqual({ data: { sent: true } });
    const mail = await smtp.waitForMail(aiko.email, { match: (m) => resetLinkIn(m.text) !== undefined });
    expect(mail.subject).toBe('Roundtrip オペレーターアカウントの新しいパスワードを設定してください');
    // A second request replaces the first link.
    await ask(aiko.email);
    const second = await smtp.waitForMail(aiko.email, {
      match: (m) => resetLinkIn(m.text) !== undefined && resetLinkIn(m.text) !== resetLinkIn(mail.text),
    });
    const lookup = (token: string) => t.inject({ method: 'POST', url: '/api/v2/ops/password-reset/lookup', payload: { token } });
    expect((await lookup(resetLinkIn(mail.text)!)).statusCode).toBe(404);
    expect((await lookup(resetLinkIn(second.text)!)).statusCode).toBe(200);
    // The link runs out after an hour.
    t.clock.advance(3601);
    expect((await lookup(resetLinkIn(second.text)!)).json().error.code).toBe('PASSWORD_RESET_INVALID');
  });

  it('signing in right after joining with the same code says to wait for the next one; a wrong code says nothing more', async () => {
    const admin = await signedInOperator(t, ['admin']);
    const aiko = await joined(admin.headers, 'en');
    const sameCode = totpCodeAt(aiko.secret, t.clock.now());
    const signInWith = (password: string, code: string) =>
      t.inject({ method: 'POST', url: '/api/v2/ops/session', payload: { email: aiko.email, password, code } });
    const used = await signInWith(operatorPassword, sameCode);
    expect(used.statusCode).toBe(401);
    expect(used.json().error.code).toBe('OPERATOR_CODE_USED');
    expect((await signInWith('not-the-password', sameCode)).json().error.code).toBe('OPERATOR_SIGN_IN_FAILED');
    t.clock.advance(30);
    expect((await signInWith(operatorPassword, totpCodeAt(aiko.secret, t.clock.now()))).statusCode).toBe(200);
  });
});
