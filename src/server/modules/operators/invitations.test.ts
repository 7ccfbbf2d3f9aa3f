import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases';
import { operatorPassword, setUpActor } from '../../testing/operators';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, operatorHeaders } from '../../testing/wallet';
import { verifyAuditChain } from '../audit/audit';
import { invitationLifetimeMs, inviteOperator } from './operators';
import { totpCodeAt } from './totp';

describe.each(databaseKinds)('an invitation link (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const invite = async (roles: ('care' | 'finance')[] = ['care']) => {
    const email = `join-${crypto.randomUUID()}@roundtrip.test`;
    const { operator, invitationToken } = await inviteOperator(t.db, setUpActor, { email, name: 'Joiner', roles }, t.clock.now());
    return { id: operator.id, email, token: invitationToken };
  };
  const lookUp = (token: string) => t.inject({ method: 'POST', url: '/api/v2/ops/invitations/lookup', payload: { token } });
  const accept = (token: string, secret: string) =>
    t.inject({
      method: 'POST',
      url: '/api/v2/ops/invitations/accept',
      payload: { token, password: operatorPassword, code: totpCodeAt(secret, t.clock.now()) },
    });

  it('is looked up and accepted with the token in the body; the old addresses with the token in the path are gone', async () => {
    const { token, email } = await invite();
    const found = await lookUp(token);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject({ email, name: 'Joiner', totp_secret: expect.any(String) });
    for (const method of ['GET', 'POST'] as const) {
      const old = await t.inject({ method, url: `/api/v2/ops/invitations/${token}`, payload: method === 'POST' ? {} : undefined });
      expect(old.statusCode, `${method} old path`).toBe(404);
      expect(old.json().error.code).toBe('NOT_FOUND');
    }
    // A token anywhere but the body is not read.
    const inQuery = await t.inject({ method: 'POST', url: `/api/v2/ops/invitations/lookup?token=${token}`, payload: {} });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().error.fields).toEqual({ token: 'required' });
  });

  it('shows the secret no more once accepted: looking up or accepting again is refused', async () => {
    const { token } = await invite();
    const secret = (await lookUp(token)).json<{ data: { totp_secret: string } }>().data.totp_secret;
    const accepted = await accept(token, secret);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'ACTIVE' });
    const again = await lookUp(token);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('INVITATION_INVALID');
    expect(again.body).not.toContain(secret);
    t.clock.advance(30);
    expect((await accept(token, secret)).json().error.code).toBe('INVITATION_INVALID');
  });

  it('shows the secret no more once its window has passed, even if it was looked up in time', async () => {
    const { token } = await invite();
    const secret = (await lookUp(token)).json<{ data: { totp_secret: string } }>().data.totp_secret;
    t.clock.advance(invitationLifetimeMs / 1000 + 1);
    const late = await lookUp(token);
    expect(late.statusCode).toBe(404);
    expect(late.json().error.code).toBe('INVITATION_INVALID');
    expect(late.body).not.toContain(secret);
    const lateAccept = await accept(token, secret);
    expect(lateAccept.statusCode).toBe(404);
    expect(lateAccept.json().error.code).toBe('INVITATION_INVALID');
  });

  it('writes one audit entry when accepted, naming the new operator', async () => {
    const { id, email, token } = await invite(['finance']);
    const secret = (await lookUp(token)).json<{ data: { totp_secret: string } }>().data.totp_secret;
    expect((await accept(token, secret)).statusCode).toBe(200);
    const trail = await t.inject({
      method: 'GET',
      url: `/api/v2/ops/audit?record_type=operator&record_id=${id}`,
      headers: operatorHeaders,
    });
    expect(trail.json().data.map((entry: { action: string; actor: string }) => [entry.action, entry.actor])).toEqual([
      ['operator.accept', email],
      ['operator.invite', setUpActor.name],
    ]);
    // A refused acceptance (a wrong code) changes nothing and writes nothing.
    const other = await invite();
    const otherSecret = (await lookUp(other.token)).json<{ data: { totp_secret: string } }>().data.totp_secret;
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/invitations/accept',
      payload: {
        token: other.token,
        password: operatorPassword,
        code: totpCodeAt(otherSecret, new Date(t.clock.now().getTime() - 3_600_000)),
      },
    });
    expect(wrong.statusCode).toBe(400);
    const otherTrail = await t.inject({
      method: 'GET',
      url: `/api/v2/ops/audit?record_type=operator&record_id=${other.id}`,
      headers: operatorHeaders,
    });
    expect(otherTrail.json().data.map((entry: { action: string }) => entry.action)).toEqual(['operator.invite']);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });
});
