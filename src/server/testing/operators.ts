import type { OperatorRole } from '#domain/schemas/operators';
import type { Actor } from '../modules/audit/audit';
import { inviteOperator } from '../modules/operators/operators';
import { totpCodeAt } from '../modules/operators/totp';
import type { TestApp } from './test-app';

export const operatorPassword = 'operator-password-1';

/** The actor of set-up steps a test makes directly (not through a call it checks). */
export const setUpActor: Actor = { kind: 'cli', id: null, name: 'cli@test', person: 'key:cli@test', roles: ['admin'], address: null };

/** An invited person who accepts their link, then signs in: their session headers and secret. */
export async function signedInOperator(t: TestApp, roles: OperatorRole[], email = `op-${crypto.randomUUID()}@roundtrip.test`, name = 'Op') {
  const { operator, invitationToken } = await inviteOperator(t.db, setUpActor, { email, name, roles }, t.clock.now());
  const invitation = (await t.inject({ method: 'POST', url: '/api/v2/ops/invitations/lookup', payload: { token: invitationToken } })).json<{
    data: { totp_secret: string };
  }>().data;
  const secret = invitation.totp_secret;
  const accepted = await t.inject({
    method: 'POST',
    url: '/api/v2/ops/invitations/accept',
    payload: { token: invitationToken, password: operatorPassword, code: totpCodeAt(secret, t.clock.now()) },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.body}`);
  // A code is good once: the sign-in waits for the authenticator's next one.
  t.clock.advance(30);
  const session = await t.inject({
    method: 'POST',
    url: '/api/v2/ops/session',
    payload: { email, password: operatorPassword, code: totpCodeAt(secret, t.clock.now()) },
  });
  if (session.statusCode !== 200) throw new Error(`sign-in: ${session.body}`);
  const { token } = session.json<{ data: { token: string } }>().data;
  return { id: operator.id, email, secret, token, headers: { authorization: `Bearer ${token}` } };
}
