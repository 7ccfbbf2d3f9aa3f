import { and, asc, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { User } from '#domain/schemas/user';
import type { AppContext } from '../../app-context';
import { emailVerificationCodes, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { verificationMail } from '../../mail/templates';
import { digestsEqual, newVerificationCode, verificationCodeDigest } from './secrets';
import type { Executor } from '../../db/client';
import type { LimitRule } from '../../http/rate-limit';
import { toUserView, type UserRow } from './user-view';

/** A 4-digit code is only about 13 bits: it must die fast (docs/architecture.md, Security). */
export const codeLifetimeSeconds = 10 * 60;
export const maxCodeAttempts = 5;

/**
 * A new code for the user; every earlier one stops working. Call inside a
 * transaction that holds the user's row, so two requests cannot both slip
 * under the hourly limit.
 */
export async function issueVerificationCode(tx: Executor, userId: string, now: Date): Promise<string> {
  const code = newVerificationCode();
  await tx
    .update(emailVerificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailVerificationCodes.userId, userId), isNull(emailVerificationCodes.consumedAt)));
  await tx.insert(emailVerificationCodes).values({
    userId,
    codeHash: verificationCodeDigest(userId, code),
    expiresAt: new Date(now.getTime() + codeLifetimeSeconds * 1000),
    createdAt: now,
  });
  return code;
}

export async function sendVerificationMail(context: AppContext, user: UserRow, code: string): Promise<void> {
  if (!user.email) return;
  const view = toUserView(user);
  const content = verificationMail({
    locale: view.locale,
    name: view.name,
    code,
    publicUrl: context.config.publicUrl,
    countryCode: view.country_code,
  });
  await context.mailer.send({ to: user.email, kind: 'verification-code', ...content });
}

/**
 * Refuses a new code when `rule` is used up, counting the codes in the database (inside the
 * transaction that holds the user's row, so two requests cannot both slip under it).
 */
async function checkCodeAllowance(tx: Executor, userId: string, rule: LimitRule, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  const recentFilter = and(eq(emailVerificationCodes.userId, userId), gt(emailVerificationCodes.createdAt, windowStart));
  const [recent] = await tx.select({ n: count() }).from(emailVerificationCodes).where(recentFilter);
  if ((recent?.n ?? 0) < rule.points) return;
  const [oldest] = await tx
    .select({ createdAt: emailVerificationCodes.createdAt })
    .from(emailVerificationCodes)
    .where(recentFilter)
    .orderBy(asc(emailVerificationCodes.createdAt))
    .limit(1);
  const freeAt = (oldest?.createdAt.getTime() ?? now.getTime()) + rule.windowSeconds * 1000;
  throw new ApiError(429, 'TOO_MANY_CODES', undefined, Math.max(1, (freeAt - now.getTime()) / 1000));
}

/**
 * POST /user/verification: a new code by mail, within the hourly and daily allowances counted in
 * the database. A code whose mail could not be sent is taken back (it does not count, and the
 * answer is 503 MAIL_NOT_SENT with Retry-After): the person asks again once the mail server is back.
 */
export async function resendVerificationCode(context: AppContext, userId: string): Promise<void> {
  const now = context.now();
  const { user, code } = await context.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.deletedAt) throw new ApiError(401, 'UNAUTHORIZED');
    if (user.emailVerifiedAt) throw new ApiError(409, 'EMAIL_ALREADY_VERIFIED');
    await checkCodeAllowance(tx, userId, context.rateLimits.rules.verificationCodesPerHour, now);
    await checkCodeAllowance(tx, userId, context.rateLimits.rules.verificationCodesPerDay, now);
    return { user, code: await issueVerificationCode(tx, userId, now) };
  });
  try {
    await sendVerificationMail(context, user, code);
  } catch {
    await context.db
      .delete(emailVerificationCodes)
      .where(and(eq(emailVerificationCodes.userId, userId), eq(emailVerificationCodes.codeHash, verificationCodeDigest(userId, code))));
    throw new ApiError(503, 'MAIL_NOT_SENT', undefined, 60);
  }
}

type CheckOutcome = { kind: 'verified'; user: UserRow } | { kind: 'refused'; error: ApiError };

/** POST /user/verify_email: the latest code, unexpired, within its tries. */
export async function verifyEmail(context: AppContext, userId: string, code: string): Promise<User> {
  const now = context.now();
  const outcome = await context.db.transaction(async (tx): Promise<CheckOutcome> => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.deletedAt) throw new ApiError(401, 'UNAUTHORIZED');
    if (user.emailVerifiedAt) throw new ApiError(409, 'EMAIL_ALREADY_VERIFIED');
    const [latest] = await tx
      .select()
      .from(emailVerificationCodes)
      .where(and(eq(emailVerificationCodes.userId, userId), isNull(emailVerificationCodes.consumedAt)))
      .orderBy(desc(emailVerificationCodes.createdAt))
      .limit(1);
    if (!latest) return { kind: 'refused', error: new ApiError(422, 'CODE_NOT_RECOGNISED') };
    if (latest.expiresAt.getTime() <= now.getTime()) return { kind: 'refused', error: new ApiError(422, 'CODE_EXPIRED') };
    if (latest.attempts >= maxCodeAttempts) return { kind: 'refused', error: new ApiError(422, 'CODE_NOT_RECOGNISED') };
    if (!digestsEqual(latest.codeHash, verificationCodeDigest(userId, code))) {
      // The failed try is written (the transaction commits), then refused.
      await tx
        .update(emailVerificationCodes)
        .set({ attempts: latest.attempts + 1 })
        .where(eq(emailVerificationCodes.id, latest.id));
      return { kind: 'refused', error: new ApiError(422, 'CODE_NOT_RECOGNISED') };
    }
    await tx.update(emailVerificationCodes).set({ consumedAt: now }).where(eq(emailVerificationCodes.id, latest.id));
    const [verified] = await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId)).returning();
    return { kind: 'verified', user: verified ?? user };
  });
  if (outcome.kind === 'refused') throw outcome.error;
  return toUserView(outcome.user);
}
