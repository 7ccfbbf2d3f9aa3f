import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operators, operatorSessions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { verifyPassword } from '../accounts/passwords';
import { sha256Hex } from '../accounts/secrets';
import type { Actor } from '../audit/audit';
import { verifyPasskeyAssertion, type RelyingParty } from './passkeys';
import { acceptedTotpStep } from './totp';

export type ReauthenticationProof =
  { kind: 'password'; password: string; code: string } | { kind: 'passkey'; challengeId: string; response: AuthenticationResponseJSON };

/**
 * The signed-in operator proves themselves again, in this session: their password and a code of
 * their authenticator not used before, or one of their own passkeys over a fresh challenge. It
 * marks the session (operator_sessions.reauthenticated_at), which may then add a passkey for five
 * minutes. A failure is one answer (403, not 401: the session goes on), counted by the caller's
 * rate limits.
 */
export async function reauthenticate(
  db: Database,
  actor: Actor,
  sessionToken: string | undefined,
  proof: ReauthenticationProof,
  party: RelyingParty,
  now: Date,
): Promise<{ reauthenticated_at: string }> {
  if (actor.kind !== 'operator' || !actor.id || !sessionToken) throw new ApiError(403, 'OPERATOR_ROLE_REQUIRED');
  const failed = () => new ApiError(403, 'REAUTHENTICATION_FAILED');
  if (proof.kind === 'password') {
    const [row] = await db.select().from(operators).where(eq(operators.id, actor.id));
    if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, proof.password))) throw failed();
    const step = acceptedTotpStep(row.totpSecret, proof.code, now, row.totpLastStep);
    if (step === undefined) throw failed();
    // As at sign-in: the step is taken with a condition, so a code is good once even when raced.
    const taken = await db
      .update(operators)
      .set({ totpLastStep: step })
      .where(and(eq(operators.id, row.id), sql`coalesce(${operators.totpLastStep}, -1) < ${step}`))
      .returning({ id: operators.id });
    if (taken.length === 0) throw failed();
  } else {
    const proved = await verifyPasskeyAssertion(db, { challengeId: proof.challengeId, response: proof.response }, party, now);
    // Only the caller's own passkey proves anything about this session.
    if (!proved || proved.operator.id !== actor.id) throw failed();
  }
  const marked = await db
    .update(operatorSessions)
    .set({ reauthenticatedAt: now })
    .where(and(eq(operatorSessions.tokenDigest, sha256Hex(sessionToken)), eq(operatorSessions.operatorId, actor.id)))
    .returning({ at: operatorSessions.reauthenticatedAt });
  if (marked.length === 0) throw new ApiError(401, 'OPERATOR_UNAUTHORIZED');
  return { reauthenticated_at: now.toISOString() };
}
