import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorPasskeys, operators } from '../../db/schema';
import { databaseKinds } from '../../testing/databases';
import { operatorPassword, signedInOperator } from '../../testing/operators';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../testing/smtp';
import { softwarePasskey, type SoftwarePasskey } from '../../testing/software-authenticator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { operatorHeaders, testOperatorKey } from '../../testing/wallet';
import { totpCodeAt } from './totp';

type Headers = Record<string, string>;
type Signed = Awaited<ReturnType<typeof signedInOperator>>;

/**
 * A stolen session must not be enough to add a passkey that outlives it (docs/operators.md,
 * Passkeys and resets): adding one needs the password and a fresh code, or another passkey, within
 * five minutes; the operator lists and removes theirs; an admin removes anyone's and resets their
 * authenticator; every change is mailed to the operator and written to the trail.
 */
describe.each(databaseKinds)('passkeys and resets (%s)', (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp(kind, {
      smtpUrl: smtp.url,
      env: { OPS_KEY: testOperatorKey },
      // Three wrong re-authentications of one account, then a wait (sign-ins use other keys).
      limitRules: { loginPerAccount: { points: 3, windowSeconds: 15 * 60 } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const party = () => ({ origin: new URL(t.publicUrl).origin, rpId: new URL(t.publicUrl).hostname });
  const me = (headers: Headers) => t.inject({ method: 'GET', url: '/api/v2/ops/me', headers });
  const registrationOptions = (headers: Headers) =>
    t.inject({ method: 'POST', url: '/api/v2/ops/passkeys/registration-options', headers, payload: {} });
  /** The whole add: options, the authenticator's answer, the answer sent. */
  const addKey = async (headers: Headers, key: SoftwarePasskey) => {
    const options = await registrationOptions(headers);
    if (options.statusCode !== 200) return options;
    const { challenge_id, options: creation } = options.json<{ data: { challenge_id: string; options: { challenge: string } } }>().data;
    const { origin, rpId } = party();
    return t.inject({
      method: 'POST',
      url: '/api/v2/ops/passkeys',
      headers,
      payload: { challenge_id, response: key.register(creation, origin, rpId) },
    });
  };
  /** An assertion of `key` over a fresh challenge of the passkey sign-in. */
  const assertion = async (key: SoftwarePasskey) => {
    const { challenge_id, options } = (await t.inject({ method: 'POST', url: '/api/v2/ops/session/passkey-options' })).json<{
      data: { challenge_id: string; options: { challenge: string } };
    }>().data;
    const { origin, rpId } = party();
    return { challenge_id, response: key.signIn(options, origin, rpId) };
  };
  const passkeySignIn = async (key: SoftwarePasskey) =>
    t.inject({ method: 'POST', url: '/api/v2/ops/session/passkey', payload: await assertion(key) });
  const reauthenticate = (headers: Headers, payload: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: '/api/v2/ops/session/reauthenticate', headers, payload });
  /** Password and the authenticator's next code (a code is good once: the clock moves a step). */
  const withPassword = async (operator: Signed, headers: Headers = operator.headers) => {
    t.clock.advance(30);
    return reauthenticate(headers, { password: operatorPassword, code: totpCodeAt(operator.secret, t.clock.now()) });
  };
  const auditOf = async (operatorId: string) =>
    (
      await t.inject({ method: 'GET', url: `/api/v2/ops/audit?record_type=operator&record_id=${operatorId}`, headers: operatorHeaders })
    ).json<{
      data: { action: string; actor: string }[];
    }>().data;
  const mailsTo = (email: string, match: (mail: ReceivedMail) => boolean) => smtp.mailsTo(email).filter(match);

  it('a session alone, stolen after its sign-in, adds no passkey: the passkey sign-in stays closed after sign-out', async () => {
    const victim = await signedInOperator(t, ['care']);
    // The thief uses the session later than the sign-in's five minutes.
    t.clock.advance(6 * 60);
    const thiefKey = softwarePasskey();
    const refused = await addKey(victim.headers, thiefKey);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.code).toBe('REAUTHENTICATION_REQUIRED');
    // The refusal ends nothing: the session still works.
    expect((await me(victim.headers)).statusCode).toBe(200);
    // Signed out, the session is gone and no passkey of the thief's signs in.
    await t.inject({ method: 'DELETE', url: '/api/v2/ops/session', headers: victim.headers });
    expect((await passkeySignIn(thiefKey)).statusCode).toBe(401);
    expect(await t.db.select().from(operatorPasskeys).where(eq(operatorPasskeys.operatorId, victim.id))).toEqual([]);
  });

  it('a challenge handed out while fresh is refused when answered after the five minutes', async () => {
    const care = await signedInOperator(t, ['care']);
    const options = (await registrationOptions(care.headers)).json<{ data: { challenge_id: string; options: { challenge: string } } }>()
      .data;
    t.clock.advance(5 * 60 + 1);
    const { origin, rpId } = party();
    const late = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/passkeys',
      headers: care.headers,
      payload: { challenge_id: options.challenge_id, response: softwarePasskey().register(options.options, origin, rpId) },
    });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe('REAUTHENTICATION_REQUIRED');
  });

  it('re-authenticated with password and code, or with a passkey, the session adds one; failures keep the session and are limited', async () => {
    const care = await signedInOperator(t, ['care']);
    t.clock.advance(6 * 60);
    // A wrong password: refused in the caller's language, without ending the session.
    t.clock.advance(30);
    const wrong = await reauthenticate(
      { ...care.headers, 'accept-language': 'fr-FR' },
      { password: 'not-the-password', code: totpCodeAt(care.secret, t.clock.now()) },
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({ code: 'REAUTHENTICATION_FAILED', message: expect.stringMatching(/mot de passe/) });
    expect((await me(care.headers)).statusCode).toBe(200);

    const proved = await withPassword(care);
    expect(proved.statusCode, proved.body).toBe(200);
    expect(proved.json().data.reauthenticated_at).toBe(t.clock.now().toISOString());
    // The same code again proves nothing.
    const replay = await reauthenticate(care.headers, { password: operatorPassword, code: totpCodeAt(care.secret, t.clock.now()) });
    expect(replay.json().error.code).toBe('REAUTHENTICATION_FAILED');

    const key = softwarePasskey();
    const added = await addKey({ ...care.headers, 'accept-language': 'ja-JP' }, key);
    expect(added.statusCode, added.body).toBe(201);
    const mail = await smtp.waitForMail(care.email, { match: (sent) => sent.text.includes(key.id) });
    expect(mail.subject).toMatch(/パスキー/);

    // Later, the passkey proves the session again, and a second passkey is added with it.
    t.clock.advance(6 * 60);
    const second = softwarePasskey();
    expect((await addKey(care.headers, second)).statusCode).toBe(403);
    const byPasskey = await reauthenticate(care.headers, await assertion(key));
    expect(byPasskey.statusCode, byPasskey.body).toBe(200);
    expect((await addKey(care.headers, second)).statusCode).toBe(201);

    // Another operator's passkey proves nothing about this session.
    t.clock.advance(6 * 60);
    const other = await signedInOperator(t, ['finance']);
    const othersKey = softwarePasskey();
    expect((await addKey(other.headers, othersKey)).statusCode).toBe(201);
    const notMine = await reauthenticate(care.headers, await assertion(othersKey));
    expect(notMine.json().error.code).toBe('REAUTHENTICATION_FAILED');

    // Wrong tries of one account are limited from any address; the session stays.
    const limited = await signedInOperator(t, ['care']);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await reauthenticate(limited.headers, { password: 'wrong-password', code: '000000' })).statusCode).toBe(403);
    }
    const blocked = await reauthenticate(limited.headers, { password: operatorPassword, code: totpCodeAt(limited.secret, t.clock.now()) });
    expect(blocked.statusCode).toBe(429);
    expect((await me(limited.headers)).statusCode).toBe(200);
  });

  it('an operator lists and removes their own passkeys, each removal audited and mailed; not another’s', async () => {
    const care = await signedInOperator(t, ['care']);
    const [first, second] = [softwarePasskey(), softwarePasskey()];
    expect((await addKey(care.headers, first)).statusCode).toBe(201);
    expect((await addKey(care.headers, second)).statusCode).toBe(201);
    const other = await signedInOperator(t, ['care']);
    const othersKey = softwarePasskey();
    expect((await addKey(other.headers, othersKey)).statusCode).toBe(201);

    const listed = await t.inject({ method: 'GET', url: '/api/v2/ops/passkeys', headers: care.headers });
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json<{ data: { id: string }[] }>()
        .data.map((row) => row.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());

    const notMine = await t.inject({ method: 'DELETE', url: `/api/v2/ops/passkeys/${othersKey.id}`, headers: care.headers });
    expect(notMine.statusCode).toBe(404);
    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/v2/ops/passkeys/${first.id}`,
      headers: { ...care.headers, 'accept-language': 'fr-FR' },
    });
    expect(removed.statusCode).toBe(204);
    expect((await passkeySignIn(first)).statusCode).toBe(401);
    expect((await passkeySignIn(second)).statusCode).toBe(200);
    expect((await passkeySignIn(othersKey)).statusCode).toBe(200);
    expect((await auditOf(care.id)).map((entry) => [entry.action, entry.actor]).slice(0, 3)).toEqual([
      ['passkey.remove', care.email],
      ['passkey.add', care.email],
      ['passkey.add', care.email],
    ]);
    const mail = await smtp.waitForMail(care.email, { match: (sent) => sent.text.includes(first.id) && /supprim/.test(sent.subject) });
    expect(mail.text).toContain(first.id);
  });

  it("an admin removes an operator's passkeys and resets their authenticator; audited, mailed, refused to others", async () => {
    const admin = await signedInOperator(t, ['admin']);
    const care = await signedInOperator(t, ['care']);
    const key = softwarePasskey();
    expect((await addKey(care.headers, key)).statusCode).toBe(201);

    // Not an admin: refused, whatever the target.
    for (const url of [`/api/v2/ops/operators/${admin.id}/passkeys`, `/api/v2/ops/operators/${admin.id}/authenticator-reset`]) {
      const method = url.endsWith('passkeys') ? 'DELETE' : 'POST';
      const refused = await t.inject({ method, url, headers: care.headers, payload: {} });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('OPERATOR_ROLE_REQUIRED');
    }

    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/v2/ops/operators/${care.id}/passkeys`,
      headers: { ...admin.headers, 'accept-language': 'fr-FR' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ removed: 1 });
    expect((await passkeySignIn(key)).statusCode).toBe(401);
    await smtp.waitForMail(care.email, { match: (sent) => sent.text.includes(key.id) && /supprim/.test(sent.subject) });
    expect((await me(care.headers)).statusCode).toBe(200);

    const again = softwarePasskey();
    expect((await addKey(care.headers, again)).statusCode).toBe(201);
    const oldSecret = care.secret;
    const reset = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/operators/${care.id}/authenticator-reset`,
      headers: { ...admin.headers, 'accept-language': 'ja-JP' },
      payload: {},
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toMatchObject({ id: care.id, status: 'INVITED' });
    // Every session of theirs ended, their passkeys and their password no longer sign in.
    expect((await me(care.headers)).statusCode).toBe(401);
    expect((await passkeySignIn(again)).statusCode).toBe(401);
    t.clock.advance(30);
    const oldWay = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/session',
      payload: { email: care.email, password: operatorPassword, code: totpCodeAt(oldSecret, t.clock.now()) },
    });
    expect(oldWay.statusCode).toBe(401);
    const [row] = await t.db.select().from(operators).where(eq(operators.id, care.id));
    expect(row!.totpSecret).not.toBe(oldSecret);
    expect(await t.db.select().from(operatorPasskeys).where(eq(operatorPasskeys.operatorId, care.id))).toEqual([]);

    // The link in the mail (in the admin's language) sets the account up again, with a new secret.
    const mail = await smtp.waitForMail(care.email, { match: (sent) => /\/ops\/join#/.test(sent.text) && /認証/.test(sent.subject) });
    const token = /\/ops\/join#([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const invitation = (await t.inject({ method: 'POST', url: '/api/v2/ops/invitations/lookup', payload: { token } })).json<{
      data: { totp_secret: string };
    }>().data;
    expect(invitation.totp_secret).toBe(row!.totpSecret);
    const accepted = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/invitations/accept',
      payload: { token, password: 'a-new-password-2', code: totpCodeAt(invitation.totp_secret, t.clock.now()) },
    });
    expect(accepted.json().data).toMatchObject({ status: 'ACTIVE' });

    expect((await auditOf(care.id)).map((entry) => [entry.action, entry.actor]).slice(0, 5)).toEqual([
      ['operator.accept', care.email],
      ['operator.authenticator-reset', admin.email],
      ['passkey.add', care.email],
      ['operator.passkeys-remove', admin.email],
      ['passkey.add', care.email],
    ]);
    expect(mailsTo(care.email, (sent) => /\/ops\/join#/.test(sent.text))).toHaveLength(1);
  });

  it('the last active administrator is not reset', async () => {
    const admin = await signedInOperator(t, ['admin']);
    const everyone = (await t.inject({ method: 'GET', url: '/api/v2/ops/operators', headers: operatorHeaders })).json<{
      data: { id: string; roles: string[]; status: string }[];
    }>().data;
    for (const other of everyone.filter((entry) => entry.id !== admin.id && entry.status === 'ACTIVE' && entry.roles.includes('admin'))) {
      await t.inject({ method: 'POST', url: `/api/v2/ops/operators/${other.id}/disable`, headers: operatorHeaders });
    }
    const last = await t.inject({ method: 'POST', url: `/api/v2/ops/operators/${admin.id}/authenticator-reset`, headers: operatorHeaders });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('OPERATOR_LAST_ADMIN');
    expect((await me(admin.headers)).statusCode).toBe(200);
  });
});
