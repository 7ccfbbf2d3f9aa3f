import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TokenResponse } from '#domain/schemas/token-answer';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { accessTokens, refreshTokens, sessionFamilies, users } from '../../db/schema';
import { OAuthError } from '../../http/api-error';
import { newOpaqueToken, sha256Hex } from './secrets';

/**
 * A refresh token presented again within this many seconds of its rotation
 * is taken for a concurrent retry (two tabs refreshing at once, a request
 * resent after a dropped answer): it gets invalid_grant, but the family
 * stays alive so the winner's new tokens keep working. Later than that, a
 * second use means the token was copied, and the whole family is revoked.
 */
export const refreshReuseGraceSeconds = 10;

type TokenContext = Pick<AppContext, 'config' | 'db' | 'now'>;

/**
 * Insert one access and one refresh token for a family (inside the caller's transaction). Neither
 * outlives the family's absolute end (sign-in + SESSION_MAX_AGE), however often it is refreshed.
 */
async function insertTokenPair(
  context: TokenContext,
  tx: Executor,
  family: { userId: string; familyId: string; signedInAt: Date },
  now: Date,
): Promise<TokenResponse> {
  const accessToken = newOpaqueToken();
  const refreshToken = newOpaqueToken();
  const { accessTokenTtlSeconds, refreshTokenTtlSeconds, sessionMaxAgeSeconds } = context.config;
  const sessionEnd = family.signedInAt.getTime() + sessionMaxAgeSeconds * 1000;
  const secondsLeft = Math.floor((sessionEnd - now.getTime()) / 1000);
  if (secondsLeft <= 0) throw new OAuthError('invalid_grant');
  const accessSeconds = Math.min(accessTokenTtlSeconds, secondsLeft);
  const refreshSeconds = Math.min(refreshTokenTtlSeconds, secondsLeft);
  await tx.insert(accessTokens).values({
    tokenHash: sha256Hex(accessToken),
    familyId: family.familyId,
    userId: family.userId,
    expiresAt: new Date(now.getTime() + accessSeconds * 1000),
    createdAt: now,
  });
  await tx.insert(refreshTokens).values({
    tokenHash: sha256Hex(refreshToken),
    familyId: family.familyId,
    expiresAt: new Date(now.getTime() + refreshSeconds * 1000),
    createdAt: now,
  });
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: accessSeconds,
    refresh_token_expires_in: refreshSeconds,
  };
}

/** A new login: a new session family with its first pair of tokens. */
export async function startSession(context: TokenContext, userId: string, clientId: string | undefined): Promise<TokenResponse> {
  const now = context.now();
  const familyId = randomUUID();
  return context.db.transaction(async (tx) => {
    await tx.insert(sessionFamilies).values({ id: familyId, userId, clientId: clientId || null, createdAt: now });
    return insertTokenPair(context, tx, { userId, familyId, signedInAt: now }, now);
  });
}

/** Exchange a refresh token for a new pair in the same family (RFC 6749 §6, with rotation). */
export async function rotateRefreshToken(context: TokenContext, presented: string): Promise<TokenResponse> {
  const now = context.now();
  const tokenHash = sha256Hex(presented);
  const [found] = await context.db
    .select({
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      familyRevokedAt: sessionFamilies.revokedAt,
      signedInAt: sessionFamilies.createdAt,
      userId: sessionFamilies.userId,
      userDeletedAt: users.deletedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessionFamilies, eq(sessionFamilies.id, refreshTokens.familyId))
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);

  if (!found || found.familyRevokedAt !== null || found.userDeletedAt !== null) throw new OAuthError('invalid_grant');
  if (found.rotatedAt !== null) {
    const secondsSinceRotation = (now.getTime() - found.rotatedAt.getTime()) / 1000;
    if (secondsSinceRotation > refreshReuseGraceSeconds) await revokeFamily(context.db, found.familyId, now);
    throw new OAuthError('invalid_grant');
  }
  if (found.expiresAt.getTime() <= now.getTime()) throw new OAuthError('invalid_grant');

  const pair = await context.db.transaction(async (tx) => {
    // Only one of two concurrent exchanges of the same token wins this update.
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
      .returning({ familyId: refreshTokens.familyId });
    if (claimed.length === 0) return undefined;
    return insertTokenPair(context, tx, { userId: found.userId, familyId: found.familyId, signedInAt: found.signedInAt }, now);
  });
  // The loser of a race is inside the grace by definition: refused, family kept.
  if (!pair) throw new OAuthError('invalid_grant');
  return pair;
}

/** Revoking a family ends every access and refresh token in it (authentication checks the family). */
export async function revokeFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: now })
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
}

/**
 * RFC 7009: the session a token (access or refresh, the hint only saves a lookup) belongs to is
 * revoked, every token of it with it. An unknown, expired or already revoked token is answered the
 * same way (RFC 7009 §2.2), so a sign-out never fails and the endpoint tells nothing about a token.
 */
export async function revokeToken(
  context: Pick<AppContext, 'db' | 'now'>,
  token: string,
  hint: 'access_token' | 'refresh_token' | undefined,
): Promise<void> {
  const tokenHash = sha256Hex(token);
  const lookups = hint === 'access_token' ? (['access', 'refresh'] as const) : (['refresh', 'access'] as const);
  for (const kind of lookups) {
    const table = kind === 'access' ? accessTokens : refreshTokens;
    const [found] = await context.db.select({ familyId: table.familyId }).from(table).where(eq(table.tokenHash, tokenHash)).limit(1);
    if (found) {
      await revokeFamily(context.db, found.familyId, context.now());
      return;
    }
  }
}

/** When the person behind a session last proved who they are with their password (its sign-in). */
export async function sessionSignedInAt(db: Executor, familyId: string): Promise<Date | undefined> {
  const [family] = await db
    .select({ createdAt: sessionFamilies.createdAt })
    .from(sessionFamilies)
    .where(eq(sessionFamilies.id, familyId))
    .limit(1);
  return family?.createdAt;
}

/** Sign a person out everywhere, or everywhere but the session at hand. */
export async function revokeUserFamilies(db: Executor, userId: string, now: Date, exceptFamilyId?: string): Promise<void> {
  const conditions = [eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)];
  if (exceptFamilyId) conditions.push(ne(sessionFamilies.id, exceptFamilyId));
  await db
    .update(sessionFamilies)
    .set({ revokedAt: now })
    .where(and(...conditions));
}
