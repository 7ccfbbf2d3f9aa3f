import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { mailErrorSummary } from '../../mail/mailer';
import type { FastifyBaseLogger } from 'fastify';
import type { ResetLinkState } from '#domain/schemas/account';
import type { AppContext } from '../../app-context';
import { passwordResetTokens, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { resetPasswordMail } from '../../mail/templates';
import { hashPassword } from './passwords';
import { newOpaqueToken, sha256Hex } from './secrets';
import { revokeUserFamilies } from './sessions';
import { toUserView } from './user-view';

export const resetLinkLifetimeSeconds = 60 * 60;

/**
 * POST /user/reset_password. The answer is the same whether or not the
 * account exists, and so is its timing: the mail is sent after the answer.
 */
export async function requestPasswordReset(context: AppContext, email: string, address: string, log: FastifyBaseLogger): Promise<void> {
  await context.rateLimits.consume('resetRequestsPerAddress', address);
  await context.rateLimits.consume('resetRequestsPerAccount', email);
  const [user] = await context.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  if (!user?.email) return;
  await mailResetLink(context, user, log);
}

/** A new single-use link for this account, mailed after the answer (the request's timing stays the same). */
async function mailResetLink(context: AppContext, user: typeof users.$inferSelect, log: FastifyBaseLogger): Promise<void> {
  if (!user.email) return;
  const token = newOpaqueToken();
  const now = context.now();
  await context.db.insert(passwordResetTokens).values({
    tokenHash: sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + resetLinkLifetimeSeconds * 1000),
    createdAt: now,
  });
  const view = toUserView(user);
  const content = resetPasswordMail({
    locale: view.locale,
    name: view.name,
    token,
    publicUrl: context.config.publicUrl,
    countryCode: view.country_code,
  });
  const to = user.email;
  void context.mailer.send({ to, kind: 'reset-password', ...content }).catch((error: unknown) => {
    log.error({ err: mailErrorSummary(error) }, 'reset mail not sent');
  });
}

/**
 * POST /user/reset_password/check: what the link can still do, so that the page says "already used"
 * before anyone types a new password twice. Counted with the tries of links (a way to test tokens too).
 */
export async function resetLinkState(context: AppContext, token: string, address: string): Promise<ResetLinkState> {
  await context.rateLimits.consume('resetAttemptsPerAddress', address);
  const [link] = await context.db
    .select({ usedAt: passwordResetTokens.usedAt, expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, sha256Hex(token)))
    .limit(1);
  if (!link) return 'expired';
  if (link.usedAt) return 'used';
  return link.expiresAt.getTime() <= context.now().getTime() ? 'expired' : 'usable';
}

/**
 * POST /user/reset_password/renew: a new link for the account a used or expired link belongs to,
 * without the person typing the address again and without the answer showing it. The answer is the
 * same for an unknown token; the limits are those of asking by address.
 */
export async function renewResetLink(context: AppContext, token: string, address: string, log: FastifyBaseLogger): Promise<void> {
  await context.rateLimits.consume('resetRequestsPerAddress', address);
  const [link] = await context.db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, sha256Hex(token)))
    .limit(1);
  if (!link) return;
  const [user] = await context.db
    .select()
    .from(users)
    .where(and(eq(users.id, link.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user?.email) return;
  await context.rateLimits.consume('resetRequestsPerAccount', user.email);
  await mailResetLink(context, user, log);
}

type ResetOutcome = { ok: true } | { ok: false; error: ApiError };

/**
 * PUT /user/reset_password: a single-use link sets the password and signs the person out everywhere.
 * Tries are limited per address, and the link is checked before the new password is hashed: argon2
 * costs memory and time, which a stream of made-up tokens must not buy.
 */
export async function resetPassword(context: AppContext, token: string, newPassword: string, address: string): Promise<void> {
  await context.rateLimits.consume('resetAttemptsPerAddress', address);
  const now = context.now();
  const tokenHash = sha256Hex(token);
  const [candidate] = await context.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)).limit(1);
  if (!candidate) throw new ApiError(422, 'RESET_LINK_INVALID');
  if (candidate.usedAt) throw new ApiError(422, 'RESET_LINK_USED');
  if (candidate.expiresAt.getTime() <= now.getTime()) throw new ApiError(422, 'RESET_LINK_INVALID');
  const passwordHash = await hashPassword(newPassword);
  const outcome = await context.db.transaction(async (tx): Promise<ResetOutcome> => {
    const [link] = await tx.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)).for('update');
    if (!link) return { ok: false, error: new ApiError(422, 'RESET_LINK_INVALID') };
    if (link.usedAt) return { ok: false, error: new ApiError(422, 'RESET_LINK_USED') };
    if (link.expiresAt.getTime() <= now.getTime()) return { ok: false, error: new ApiError(422, 'RESET_LINK_INVALID') };
    const updated = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, link.userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (updated.length === 0) return { ok: false, error: new ApiError(422, 'RESET_LINK_INVALID') };
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.tokenHash, tokenHash));
    // Other links still out there stop working: the newest password wins.
    await tx
      .update(passwordResetTokens)
      .set({ expiresAt: now })
      .where(
        and(
          eq(passwordResetTokens.userId, link.userId),
          ne(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      );
    await revokeUserFamilies(tx, link.userId, now);
    return { ok: true };
  });
  if (!outcome.ok) throw outcome.error;
}
