import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { OperatorSession } from '#domain/schemas/operators';
import type { Database, Executor } from '../../db/client';
import { operatorPasskeys, operators, webauthnChallenges } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { recordAudit, type Actor } from '../audit/audit';
import { startOperatorSession, type SessionContext } from './operators';

/** Where the console runs: WebAuthn binds a passkey to this site (its host is the relying party). */
export interface RelyingParty {
  origin: string;
  id: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { origin: url.origin, id: url.hostname };
}

const challengeLifetimeMs = 5 * 60_000;

async function keepChallenge(db: Executor, challenge: string, purpose: 'register' | 'sign-in', operatorId: string | null, now: Date) {
  // Challenges nobody answered go with the next one handed out.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({ challenge, purpose, operatorId, expiresAt: new Date(now.getTime() + challengeLifetimeMs) })
    .returning({ id: webauthnChallenges.id });
  return row!.id;
}

/** A challenge is answered once: taken out as it is used, whether the answer proves right or not. */
async function takeChallenge(db: Executor, id: string, purpose: 'register' | 'sign-in', now: Date) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, now)))
    .returning();
  return row;
}

/** Options for the browser to make a passkey for the signed-in operator (a resident key, verified). */
export async function passkeyRegistrationOptions(
  db: Database,
  actor: Actor,
  party: RelyingParty,
  now: Date,
): Promise<{ challenge_id: string; options: Record<string, unknown> }> {
  if (actor.kind !== 'operator' || !actor.id) throw new ApiError(403, 'OPERATOR_ROLE_REQUIRED');
  const [operator] = await db.select().from(operators).where(eq(operators.id, actor.id));
  if (!operator) throw new ApiError(401, 'OPERATOR_UNAUTHORIZED');
  const existing = await db.select().from(operatorPasskeys).where(eq(operatorPasskeys.operatorId, operator.id));
  const options = await generateRegistrationOptions({
    rpName: 'Roundtrip',
    rpID: party.id,
    userName: operator.email,
    userDisplayName: operator.name,
    userID: new TextEncoder().encode(operator.id),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  // Spread: the library's interface as a plain record, the shape the answer's schema takes.
  return { challenge_id: await keepChallenge(db, options.challenge, 'register', operator.id, now), options: { ...options } };
}

/** Keeps the passkey the browser made, once the answer proves the challenge was signed by it. */
export async function addPasskey(
  db: Database,
  actor: Actor,
  input: { challengeId: string; response: RegistrationResponseJSON },
  party: RelyingParty,
  now: Date,
): Promise<{ id: string }> {
  const challenge = await takeChallenge(db, input.challengeId, 'register', now);
  if (!challenge || challenge.operatorId !== actor.id || actor.kind !== 'operator') throw new ApiError(404, 'NOT_FOUND');
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: party.origin,
    expectedRPID: party.id,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw new ApiError(400, 'VALIDATION_FAILED', { response: 'invalidValue' });
  const credential = verification.registrationInfo.credential;
  return db.transaction(async (tx) => {
    await tx.insert(operatorPasskeys).values({
      id: credential.id,
      operatorId: actor.id!,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: now,
    });
    await recordAudit(tx, actor, { action: 'passkey.add', recordType: 'operator', recordId: actor.id! });
    return { id: credential.id };
  });
}

/** Options for signing in with any passkey of this site: the browser offers the ones it holds. */
export async function passkeySignInOptions(
  db: Database,
  party: RelyingParty,
  now: Date,
): Promise<{ challenge_id: string; options: Record<string, unknown> }> {
  const options = await generateAuthenticationOptions({ rpID: party.id, userVerification: 'required' });
  return { challenge_id: await keepChallenge(db, options.challenge, 'sign-in', null, now), options: { ...options } };
}

/**
 * A session for the operator whose passkey signed the challenge. Every failure is the same
 * answer: an unknown key, a disabled operator, a wrong signature, a used or late challenge.
 */
export async function signInWithPasskey(
  db: Database,
  input: { challengeId: string; response: AuthenticationResponseJSON },
  party: RelyingParty,
  context: SessionContext,
): Promise<OperatorSession> {
  const failed = () => new ApiError(401, 'OPERATOR_SIGN_IN_FAILED');
  const challenge = await takeChallenge(db, input.challengeId, 'sign-in', context.now);
  if (!challenge) throw failed();
  const [found] = await db
    .select({ key: operatorPasskeys, operator: operators })
    .from(operatorPasskeys)
    .innerJoin(operators, eq(operators.id, operatorPasskeys.operatorId))
    .where(eq(operatorPasskeys.id, input.response.id));
  if (!found || found.operator.status !== 'ACTIVE') throw failed();
  const verification = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: party.origin,
    expectedRPID: party.id,
    requireUserVerification: true,
    credential: {
      id: found.key.id,
      publicKey: new Uint8Array(Buffer.from(found.key.publicKey, 'base64url')),
      counter: found.key.counter,
      transports: found.key.transports,
    },
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw failed();
  const newCounter = verification.authenticationInfo.newCounter;
  // The counter only moves forward (0 stays 0 for authenticators that keep none): a second use of
  // the same signature, or a clone, is refused.
  const moved = await db
    .update(operatorPasskeys)
    .set({ counter: newCounter, lastUsedAt: context.now })
    .where(and(eq(operatorPasskeys.id, found.key.id), sql`(${operatorPasskeys.counter} < ${newCounter} or ${newCounter} = 0)`))
    .returning({ id: operatorPasskeys.id });
  if (moved.length === 0) throw failed();
  return startOperatorSession(db, found.operator, context);
}
