import { and, eq, isNull } from 'drizzle-orm';
import { mailErrorSummary } from '../../mail/mailer';
import type { FastifyBaseLogger } from 'fastify';
import { isCountryCode } from '#domain/markets';
import { normalizePostalCode } from '#domain/postal-codes';
import type { SignUpBody, UpdateUserBody } from '#domain/schemas/account';
import type { User } from '#domain/schemas/user';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { hashPassword, verifyPassword } from './passwords';
import { revokeUserFamilies } from './sessions';
import { toUserView, type UserRow } from './user-view';
import { issueVerificationCode, sendVerificationMail } from './verification';

export async function findActiveUser(context: Pick<AppContext, 'db'>, userId: string): Promise<UserRow> {
  const [user] = await context.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  // The token was valid a moment ago; a user gone since is signed out.
  if (!user) throw new ApiError(401, 'UNAUTHORIZED');
  return user;
}

/** POST /user: the account and its first verification code in one transaction, then the mail. */
export async function signUp(context: AppContext, body: SignUpBody, log: FastifyBaseLogger): Promise<User> {
  const passwordHash = await hashPassword(body.password);
  const now = context.now();
  let created: { user: UserRow; code: string };
  try {
    created = await context.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          name: body.name,
          countryCode: body.country_code,
          locale: body.locale,
          zipCode: body.zip_code,
          termsAcceptedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new Error('insert returned no user');
      return { user, code: await issueVerificationCode(tx, user.id, now) };
    });
  } catch (error) {
    // The unique index decides, so two simultaneous sign-ups cannot both win.
    if (isUniqueViolation(error, 'users_email_key')) throw new ApiError(409, 'EMAIL_TAKEN');
    throw error;
  }
  try {
    await sendVerificationMail(context, created.user, created.code);
  } catch (error) {
    // The account exists; the person can ask for another code. Only the failure is logged, never the code.
    log.error({ err: mailErrorSummary(error) }, 'verification mail not sent');
  }
  return toUserView(created.user);
}

export async function getUser(context: AppContext, userId: string): Promise<User> {
  return toUserView(await findActiveUser(context, userId));
}

/**
 * PATCH /user. Email and zip code may be sent back unchanged (forms send
 * every field); a different value needs customer care, and nothing is written.
 */
export async function updateUser(context: AppContext, userId: string, body: UpdateUserBody): Promise<User> {
  const current = await findActiveUser(context, userId);
  if (body.email !== undefined && body.email.trim().toLowerCase() !== current.email) {
    throw new ApiError(422, 'CONTACT_CUSTOMER_CARE');
  }
  if (body.zip_code !== undefined) {
    const countryCode = current.countryCode;
    const sent = isCountryCode(countryCode) ? normalizePostalCode(countryCode, body.zip_code) : body.zip_code.trim();
    if (sent !== current.zipCode) throw new ApiError(422, 'CONTACT_CUSTOMER_CARE');
  }
  const changes: Partial<typeof users.$inferInsert> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.address !== undefined) changes.address = body.address || null;
  if (body.city !== undefined) changes.city = body.city || null;
  if (body.state !== undefined) changes.state = body.state || null;
  if (body.locale !== undefined) changes.locale = body.locale;
  if (Object.keys(changes).length === 0) return toUserView(current);
  const [updated] = await context.db
    .update(users)
    .set({ ...changes, updatedAt: context.now() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning();
  if (!updated) throw new ApiError(401, 'UNAUTHORIZED');
  return toUserView(updated);
}

export interface ChangePasswordInput {
  userId: string;
  /** The session making the change stays signed in; every other one ends. */
  familyId: string;
  currentPassword: string;
  newPassword: string;
}

/** POST /user/change_password. Guesses of the current password count against the login limit. */
export async function changePassword(context: AppContext, input: ChangePasswordInput): Promise<void> {
  const user = await findActiveUser(context, input.userId);
  const limitKey = user.email ?? user.id;
  await context.rateLimits.consume('loginPerAccount', limitKey);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new ApiError(422, 'CURRENT_PASSWORD_INCORRECT');
  }
  await context.rateLimits.reset('loginPerAccount', limitKey);
  const passwordHash = await hashPassword(input.newPassword);
  const now = context.now();
  await context.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserFamilies(tx, user.id, now, input.familyId);
  });
}
