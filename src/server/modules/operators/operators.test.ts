import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorRoles, type OperatorRole } from '#domain/schemas/operators';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { operatorPassword, signedInOperator } from '../../testing/operators';
import type { TestApp } from '../../testing/test-app';
import { cliHeaders, createWalletTestApp, operatorHeaders } from '../../testing/wallet';
import { verifyAuditChain } from '../audit/audit';
import { softwarePasskey } from '../../testing/software-authenticator';
import { totpCodeAt } from './totp';

interface Operation {
  security?: Record<string, string[]>[];
}

describe.each(databaseKinds)('operators as people with roles (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const me = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/v2/ops/me', headers });

  it('signs in with password and a fresh authenticator code, once per code; the session is short and apart from customers', async () => {
    const care = await signedInOperator(t, ['care']);
    expect((await me(care.headers)).json().data).toEqual({ kind: 'operator', name: care.email, roles: ['care'] });
    // The same code again is refused; with the right password the answer says to wait for the next
    // code (the join page's code, typed again at once, is the usual case). A wrong password is the
    // one answer for every wrong part.
    const replay = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/session',
      payload: { email: care.email, password: operatorPassword, code: totpCodeAt(care.secret, t.clock.now()) },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('OPERATOR_CODE_USED');
    t.clock.advance(30);
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/session',
      payload: { email: care.email, password: 'not-the-password', code: totpCodeAt(care.secret, t.clock.now()) },
    });
    expect(wrong.json().error.code).toBe('OPERATOR_SIGN_IN_FAILED');

    // Roles: care reads disputes, not payouts.
    expect((await t.inject({ method: 'GET', url: '/api/v2/ops/disputes', headers: care.headers })).statusCode).toBe(200);
    const payouts = await t.inject({ method: 'GET', url: '/api/v2/ops/payouts', headers: care.headers });
    expect(payouts.statusCode).toBe(403);
    expect(payouts.json().error.code).toBe('OPERATOR_ROLE_REQUIRED');

    // An operator token is no customer token, and a customer token no operator one.
    expect((await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers: care.headers })).statusCode).toBe(401);
    const person = await customer(t);
    expect((await me(person.headers)).statusCode).toBe(401);

    // Idle for longer than the idle limit: the session is over.
    t.clock.advance(16 * 60);
    expect((await me(care.headers)).statusCode).toBe(401);
  });

  it('disables an operator at once: their session ends, and the trail names who did it; the last admin stays', async () => {
    const admin = await signedInOperator(t, ['admin']);
    const finance = await signedInOperator(t, ['finance']);
    expect((await me(finance.headers)).statusCode).toBe(200);
    const disabled = await t.inject({ method: 'POST', url: `/api/v2/ops/operators/${finance.id}/disable`, headers: admin.headers });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await me(finance.headers)).statusCode).toBe(401);
    const trail = await t.inject({
      method: 'GET',
      url: `/api/v2/ops/audit?record_type=operator&record_id=${finance.id}`,
      headers: admin.headers,
    });
    expect(trail.json().data.map((entry: { action: string; actor: string }) => [entry.action, entry.actor])).toEqual([
      ['operator.disable', admin.email],
      ['operator.accept', finance.email],
      ['operator.invite', 'cli@test'],
    ]);
    // Other admins may exist from earlier tests; disabling every one but this one leaves this one undisableable.
    const everyone = (await t.inject({ method: 'GET', url: '/api/v2/ops/operators', headers: admin.headers })).json().data as {
      id: string;
      roles: string[];
      status: string;
    }[];
    for (const other of everyone.filter((row) => row.id !== admin.id && row.status === 'ACTIVE' && row.roles.includes('admin'))) {
      await t.inject({ method: 'POST', url: `/api/v2/ops/operators/${other.id}/disable`, headers: admin.headers });
    }
    const last = await t.inject({ method: 'POST', url: `/api/v2/ops/operators/${admin.id}/disable`, headers: admin.headers });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('OPERATOR_LAST_ADMIN');
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('makes automation tokens with their own roles and audit name, refused once revoked; OPS_KEY keeps working', async () => {
    const made = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/tokens',
      headers: operatorHeaders,
      payload: { name: 'nightly-export', roles: ['finance'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id, secret } = made.json<{ data: { id: string; secret: string } }>().data;
    const headers = { 'x-ops-key': secret };
    expect((await me(headers)).json().data).toEqual({ kind: 'token', name: 'nightly-export', roles: ['finance'] });
    expect((await t.inject({ method: 'GET', url: '/api/v2/ops/payouts', headers })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/v2/ops/disputes', headers })).statusCode).toBe(403);
    const listed = (await t.inject({ method: 'GET', url: '/api/v2/ops/tokens', headers: operatorHeaders })).body;
    expect(listed).not.toContain(secret);
    expect((await t.inject({ method: 'POST', url: `/api/v2/ops/tokens/${id}/revoke`, headers: operatorHeaders })).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(403);
    expect((await me(operatorHeaders)).json().data).toMatchObject({ kind: 'token', name: 'OPS_KEY' });
    const trail = (await t.inject({ method: 'GET', url: `/api/v2/ops/audit?actor=OPS_KEY`, headers: operatorHeaders })).json().data as {
      action: string;
    }[];
    expect(trail.map((entry) => entry.action).slice(0, 2)).toEqual(['token.revoke', 'token.create']);
  });

  it('answers every /ops call of the OpenAPI document as its declared roles say, for every role and credential', async () => {
    const document = (await t.inject({ method: 'GET', url: '/api/v2/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const byRole = new Map<OperatorRole, Record<string, string>>();
    const tokens = new Map<OperatorRole, Record<string, string>>();
    for (const role of operatorRoles) {
      byRole.set(role, (await signedInOperator(t, [role])).headers);
      const token = await t.inject({
        method: 'POST',
        url: '/api/v2/ops/tokens',
        headers: operatorHeaders,
        payload: { name: `matrix-${role}-${kind}`, roles: [role] },
      });
      tokens.set(role, { 'x-ops-key': token.json<{ data: { secret: string } }>().data.secret });
    }
    const revoked = await signedInOperator(t, ['admin', 'care']);
    await t.inject({ method: 'POST', url: `/api/v2/ops/operators/${revoked.id}/disable`, headers: operatorHeaders });
    const person = await customer(t);
    const gaps: string[] = [];
    let checked = 0;
    for (const [route, methods] of Object.entries(document.paths)) {
      if (!route.startsWith('/api/v2/ops/')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        const declaredFor = (scheme: string) => (operation.security ?? []).flatMap((requirement) => requirement[scheme] ?? []);
        if ((operation.security ?? []).length === 0) continue; // signing in and invitations: before any credential
        if (method === 'delete' && route === '/api/v2/ops/session') continue; // would end the sessions under test
        const url = route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const call = (headers: Record<string, string>) =>
          t.inject({ method: method.toUpperCase(), url, headers, payload: method === 'get' ? undefined : {} });
        const expectStatus = async (who: string, headers: Record<string, string>, allowed: boolean) => {
          const status = (await call(headers)).statusCode;
          checked += 1;
          if (allowed ? status === 401 || status === 403 : status !== 401 && status !== 403)
            gaps.push(`${method} ${route} ${who}: ${status}`);
        };
        await expectStatus('no credential', {}, false);
        await expectStatus('customer', person.headers, false);
        await expectStatus('disabled operator', revoked.headers, false);
        for (const role of operatorRoles) {
          await expectStatus(`operator ${role}`, byRole.get(role)!, declaredFor('operatorSession').includes(role));
          await expectStatus(`token ${role}`, tokens.get(role)!, declaredFor('opsToken').includes(role));
        }
      }
    }
    expect(gaps).toEqual([]);
    expect(checked).toBeGreaterThan(30 * 13);
  });
});

describe.each(databaseKinds)('operator passkeys (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const party = () => ({ origin: new URL(t.publicUrl).origin, rpId: new URL(t.publicUrl).hostname });

  it('adds a passkey to a signed-in operator, then signs in with it alone; each challenge and signature is good once', async () => {
    const care = await signedInOperator(t, ['care']);
    const key = softwarePasskey();
    const { origin, rpId } = party();
    const registration = (
      await t.inject({ method: 'POST', url: '/api/v2/ops/passkeys/registration-options', headers: care.headers })
    ).json<{
      data: { challenge_id: string; options: { challenge: string; rp: { id: string } } };
    }>().data;
    expect(registration.options.rp.id).toBe(rpId);
    const added = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/passkeys',
      headers: care.headers,
      payload: { challenge_id: registration.challenge_id, response: key.register(registration.options, origin, rpId) },
    });
    expect(added.statusCode, added.body).toBe(201);
    // An automation token has no person to hold a passkey.
    expect(
      (await t.inject({ method: 'POST', url: '/api/v2/ops/passkeys/registration-options', headers: operatorHeaders })).statusCode,
    ).toBe(403);

    const options = async () =>
      (await t.inject({ method: 'POST', url: '/api/v2/ops/session/passkey-options' })).json<{
        data: { challenge_id: string; options: { challenge: string } };
      }>().data;
    const first = await options();
    const answer = key.signIn(first.options, origin, rpId);
    const session = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/session/passkey',
      payload: { challenge_id: first.challenge_id, response: answer },
    });
    expect(session.statusCode, session.body).toBe(200);
    const token = session.json<{ data: { token: string } }>().data.token;
    expect((await t.inject({ method: 'GET', url: '/api/v2/ops/me', headers: { authorization: `Bearer ${token}` } })).json().data.name).toBe(
      care.email,
    );

    // The same answer again: its challenge was used.
    const replay = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/session/passkey',
      payload: { challenge_id: first.challenge_id, response: answer },
    });
    expect(replay.statusCode).toBe(401);
    // Another key, never added, signing a fresh challenge.
    const second = await options();
    const stranger = softwarePasskey();
    stranger.register({ challenge: 'x' }, origin, rpId);
    const refused = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/session/passkey',
      payload: { challenge_id: second.challenge_id, response: stranger.signIn(second.options, origin, rpId) },
    });
    expect(refused.statusCode).toBe(401);
    // A disabled operator's passkey signs nobody in.
    await t.inject({ method: 'POST', url: `/api/v2/ops/operators/${care.id}/disable`, headers: operatorHeaders });
    const third = await options();
    const disabled = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/session/passkey',
      payload: { challenge_id: third.challenge_id, response: key.signIn(third.options, origin, rpId) },
    });
    expect(disabled.statusCode).toBe(401);
  });
});

describe.each(databaseKinds)('the ops CLI for operators, tokens and the trail (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const run = async (argv: string[]) =>
    (await t.inject({ method: 'POST', url: '/api/v2/ops/commands', headers: cliHeaders, payload: { argv } })).json<{
      data: { exit_code: number; stdout: string; stderr: string };
    }>().data;

  it('makes the first administrator with a link that works once, and verifies the trail it wrote', async () => {
    const invited = await run(['operators', 'invite', '--email', 'Ana@Example.org', '--name', 'Ana', '--roles', 'admin']);
    expect(invited.exit_code, invited.stderr).toBe(0);
    const token = /\/ops\/join#([A-Za-z0-9_-]{43})/.exec(invited.stdout)?.[1];
    expect(token).toBeDefined();
    const invitation = (await t.inject({ method: 'POST', url: '/api/v2/ops/invitations/lookup', payload: { token } })).json().data;
    expect(invitation).toMatchObject({ email: 'ana@example.org', name: 'Ana' });
    const accept = () =>
      t.inject({
        method: 'POST',
        url: '/api/v2/ops/invitations/accept',
        payload: { token, password: operatorPassword, code: totpCodeAt(invitation.totp_secret, t.clock.now()) },
      });
    expect((await accept()).json().data).toMatchObject({ status: 'ACTIVE', roles: ['admin'] });
    expect((await accept()).json().error.code).toBe('INVITATION_INVALID');

    expect((await run(['operators', 'invite', '--email', 'b@example.org', '--name', 'B', '--roles', 'root'])).exit_code).toBe(2);
    const made = await run(['tokens', 'create', '--name', 'backup-script', '--roles', 'finance']);
    expect(made.stdout).toMatch(/rtk_[A-Za-z0-9_-]{43}/);
    const trail = await run(['audit', 'list', '--actor', `cli@${hostname()}`]);
    expect(trail.stdout).toContain('token.create');
    expect(trail.stdout).toContain('operator.invite');
    const verified = await run(['audit', 'verify']);
    expect(verified.exit_code).toBe(0);
    expect(verified.stdout).toMatch(/holds: \d+ entries of the chain after entry \d+ .*recomputed, head [0-9a-f]{64}/);
  });

  it('makes a token that may approve only when told, and keeps labels apart from check-in', async () => {
    expect((await run(['tokens', 'create', '--name', 'second-care', '--roles', 'care', '--may-approve'])).exit_code).toBe(0);
    expect((await run(['tokens', 'create', '--name', 'plain-care', '--roles', 'care'])).exit_code).toBe(0);
    const listed = (await run(['tokens', 'list'])).stdout.split('\n');
    expect(listed.find((line) => line.includes('second-care'))).toContain('may approve');
    expect(listed.find((line) => line.includes('plain-care'))).not.toContain('may approve');
    const both = await run(['operators', 'invite', '--email', 'both@example.org', '--name', 'Both', '--roles', 'labels,check-in']);
    expect(both.exit_code).not.toBe(0);
    expect(both.stderr).toContain('labels');
  });
});
