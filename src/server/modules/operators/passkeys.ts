import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Language } from '#domain/locales';
import { reauthenticationWindowSeconds, type OperatorPasskey } from '#domain/schemas/operator-passkeys';
import type { OperatorSession } from '#domain/schemas/operators';
import type { AppContext } from '../../app-context';
import type { Database, Executor } from '../../db/client';
import { operatorPasskeys, operators, operatorSessions, webauthnChallenges } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { mailErrorSummary } from '../../mail/mailer';
import { operatorPasskeyMail } from '../../mail/templates';
import { sha256Hex } from '../accounts/secrets';
import { recordAudit, type Actor } from '../audit/audit';
import { startOperatorSession, type OperatorRow, type SessionContext } from './operators';

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

/**
 * A session adds a passkey only within five minutes of proving itself: at sign-in, or through
 * POST /ops/session/reauthenticate (docs/operators.md, Passkeys and resets). A session token alone,
 * stolen later, adds nothing that would outlive it.
 */
export async function requireRecentProof(db: Executor, actor: Actor, sessionToken: string | undefined, now: Date): Promise<void> {
  if (actor.kind !== 'operator' || !actor.id || !sessionToken) throw new ApiError(403, 'OPERATOR_ROLE_REQUIRED');
  const [session] = await db
    .select({ reauthenticatedAt: operatorSessions.reauthenticatedAt })
    .from(operatorSessions)
    .where(and(eq(operatorSessions.tokenDigest, sha256Hex(sessionToken)), eq(operatorSessions.operatorId, actor.id)));
  const since = new Date(now.getTime() - reauthenticationWindowSeconds * 1000);
  if (!session?.reauthenticatedAt || session.reauthenticatedAt <= since) throw new ApiError(403, 'REAUTHENTICATION_REQUIRED');
}

/** Options for the browser to make a passkey for the signed-in operator (a resident key, verified). */
export async function passkeyRegistrationOptions(
  db: Database,
  actor: Actor,
  sessionToken: string | undefined,
  party: RelyingParty,
  now: Date,
): Promise<{ challenge_id: string; options: Record<string, unknown> }> {
  await requireRecentProof(db, actor, sessionToken, now);
  const [operator] = await db.select().from(operators).where(eq(operators.id, actor.id!));
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

/**
 * Keeps the passkey the browser made, once the answer proves the challenge was signed by it and
 * the session still proved itself recently (a challenge taken while fresh, answered later, is refused).
 */
export async function addPasskey(
  db: Database,
  actor: Actor,
  sessionToken: string | undefined,
  input: { challengeId: string; response: RegistrationResponseJSON },
  party: RelyingParty,
  now: Date,
): Promise<{ id: string; operator: OperatorRow }> {
  await requireRecentProof(db, actor, sessionToken, now);
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
    await recordAudit(tx, actor, {
      action: 'passkey.add',
      recordType: 'operator',
      recordId: actor.id!,
      detail: { passkey: credential.id },
    });
    const [operator] = await tx.select().from(operators).where(eq(operators.id, actor.id!));
    return { id: credential.id, operator: operator! };
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
 * The passkey (and its operator) that signed a sign-in challenge, or nothing: an unknown key, a
 * wrong signature, a used or late challenge, a counter that did not move forward. The challenge is
 * taken out whatever the outcome.
 */
export async function verifyPasskeyAssertion(
  db: Database,
  input: { challengeId: string; response: AuthenticationResponseJSON },
  party: RelyingParty,
  now: Date,
): Promise<{ operator: OperatorRow; passkeyId: string } | undefined> {
  const challenge = await takeChallenge(db, input.challengeId, 'sign-in', now);
  if (!challenge) return undefined;
  const [found] = await db
    .select({ key: operatorPasskeys, operator: operators })
    .from(operatorPasskeys)
    .innerJoin(operators, eq(operators.id, operatorPasskeys.operatorId))
    .where(eq(operatorPasskeys.id, input.response.id));
  if (!found) return undefined;
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
  if (!verification.verified) return undefined;
  const newCounter = verification.authenticationInfo.newCounter;
  // The counter only moves forward (0 stays 0 for authenticators that keep none): a second use of
  // the same signature, or a clone, is refused.
  const moved = await db
    .update(operatorPasskeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(operatorPasskeys.id, found.key.id), sql`(${operatorPasskeys.counter} < ${newCounter} or ${newCounter} = 0)`))
    .returning({ id: operatorPasskeys.id });
  if (moved.length === 0) return undefined;
  return { operator: found.operator, passkeyId: found.key.id };
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
  const proved = await verifyPasskeyAssertion(db, input, party, context.now);
  if (!proved || proved.operator.status !== 'ACTIVE') throw new ApiError(401, 'OPERATOR_SIGN_IN_FAILED');
  return startOperatorSession(db, proved.operator, context);
}

/** The signed-in operator's passkeys, newest first (ids and dates: the keys themselves stay here). */
export async function listOwnPasskeys(db: Executor, actor: Actor): Promise<OperatorPasskey[]> {
  if (actor.kind !== 'operator' || !actor.id) throw new ApiError(403, 'OPERATOR_ROLE_REQUIRED');
  const rows = await db
    .select()
    .from(operatorPasskeys)
    .where(eq(operatorPasskeys.operatorId, actor.id))
    .orderBy(desc(operatorPasskeys.createdAt), operatorPasskeys.id);
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    transports: row.transports,
  }));
}

/**
 * Removes one of the caller's own passkeys. No fresh proof is asked: removing only takes access
 * away, and someone who fears a passkey was added behind their back must be able to do it at once.
 */
export async function removeOwnPasskey(db: Database, actor: Actor, passkeyId: string): Promise<OperatorRow> {
  if (actor.kind !== 'operator' || !actor.id) throw new ApiError(403, 'OPERATOR_ROLE_REQUIRED');
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(operatorPasskeys)
      .where(and(eq(operatorPasskeys.id, passkeyId), eq(operatorPasskeys.operatorId, actor.id!)))
      .returning({ id: operatorPasskeys.id });
    // Someone else's key is answered as one that does not exist.
    if (removed.length === 0) throw new ApiError(404, 'NOT_FOUND');
    await recordAudit(tx, actor, { action: 'passkey.remove', recordType: 'operator', recordId: actor.id!, detail: { passkey: passkeyId } });
    const [operator] = await tx.select().from(operators).where(eq(operators.id, actor.id!));
    return operator!;
  });
}

/** An admin removes every passkey of an operator (a lost phone, a key nobody recognises). */
export async function removeOperatorPasskeys(
  db: Database,
  actor: Actor,
  operatorId: string,
): Promise<{ operator: OperatorRow; removed: string[] }> {
  return db.transaction(async (tx) => {
    const [operator] = await tx.select().from(operators).where(eq(operators.id, operatorId));
    if (!operator) throw new ApiError(404, 'NOT_FOUND');
    const removed = await tx
      .delete(operatorPasskeys)
      .where(eq(operatorPasskeys.operatorId, operatorId))
      .returning({ id: operatorPasskeys.id });
    const ids = removed.map((row) => row.id);
    await recordAudit(tx, actor, {
      action: 'operator.passkeys-remove',
      recordType: 'operator',
      recordId: operatorId,
      detail: { email: operator.email, passkeys: ids },
    });
    return { operator, removed: ids };
  });
}

/**
 * Tells the operator a passkey was added to or removed from their account, so that one added by
 * someone else is noticed. A mail that cannot be sent is logged: the change stands, and the trail
 * has it.
 */
export async function mailPasskeyChange(
  context: Pick<AppContext, 'mailer'>,
  log: { error(object: object, message: string): void },
  input: { operator: OperatorRow; change: 'added' | 'removed'; passkeyIds: string[]; by: Actor; at: Date; language: Language },
): Promise<void> {
  if (input.passkeyIds.length === 0) return;
  const content = operatorPasskeyMail({
    language: input.operator.language ?? input.language,
    name: input.operator.name,
    change: input.change,
    passkeyIds: input.passkeyIds,
    byThemselves: input.by.id === input.operator.id,
    by: input.by.name,
    at: input.at,
    address: input.by.address,
  });
  await context.mailer
    .send({ to: input.operator.email, kind: `operator-passkey-${input.change}`, ...content })
    .catch((error: unknown) => log.error({ err: mailErrorSummary(error) }, 'passkey mail not sent'));
}
