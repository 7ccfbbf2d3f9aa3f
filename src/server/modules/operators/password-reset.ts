import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '#domain/locales';
import type { Operator } from '#domain/schemas/operators';
import type { AppContext } from '../../app-context';
import type { Database, Executor } from '../../db/client';
import { operators, operatorSessions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { mailErrorSummary } from '../../mail/mailer';
import { operatorPasswordResetMail } from '../../mail/templates';
import { hashPassword } from '../accounts/passwords';
import { newOpaqueToken, sha256Hex } from '../accounts/secrets';
import { recordAudit, type Actor } from '../audit/audit';
import { operatorActor, operatorView, type OperatorRow } from './operators';
import { acceptedTotpStep } from './totp';

/** A password-reset link works for an hour, once; until it is used the current password still works. */
export const passwordResetLifetimeMs = 3_600_000;

/** Where a password-reset link opens: the console's page that takes a new password and a code. */
export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/ops/reset-password#${token}`;
}

type MailContext = Pick<AppContext, 'db' | 'mailer' | 'config' | 'now'>;

/** A new link for an active operator: its digest replaces any earlier one, which stops working. */
async function newResetLink(db: Executor, operatorId: string, now: Date): Promise<{ row: OperatorRow; token: string } | undefined> {
  const token = newOpaqueToken();
  const [row] = await db
    .update(operators)
    .set({ passwordResetDigest: sha256Hex(token), passwordResetExpiresAt: new Date(now.getTime() + passwordResetLifetimeMs) })
    .where(and(eq(operators.id, operatorId), eq(operators.status, 'ACTIVE')))
    .returning();
  return row ? { row, token } : undefined;
}

function resetMail(context: MailContext, row: OperatorRow, token: string, language: Language, requestedBy: string | null) {
  return {
    to: row.email,
    kind: 'operator-password-reset',
    ...operatorPasswordResetMail({
      language: row.language ?? language,
      name: row.name,
      requestedBy,
      link: passwordResetLink(context.config.publicUrl, token),
    }),
  };
}

/**
 * An admin sends an active operator a link to choose a new password (docs/operators.md, The
 * admin's day). Nothing else changes until the operator uses it, with a code of their
 * authenticator: an admin cannot set anyone's password.
 */
export async function sendPasswordReset(context: MailContext, actor: Actor, operatorId: string, language: Language): Promise<Operator> {
  const { row, token } = await context.db.transaction(async (tx) => {
    const made = await newResetLink(tx, operatorId, context.now());
    if (!made) {
      const [exists] = await tx.select({ id: operators.id }).from(operators).where(eq(operators.id, operatorId));
      throw exists ? new ApiError(409, 'OPERATOR_NOT_ACTIVE') : new ApiError(404, 'NOT_FOUND');
    }
    await recordAudit(tx, actor, {
      action: 'operator.password-reset-send',
      recordType: 'operator',
      recordId: operatorId,
      detail: { operator_id: operatorId, email: made.row.email },
    });
    return made;
  });
  await context.mailer.send(resetMail(context, row, token, language, actor.name));
  return operatorView(row);
}

/**
 * The console's "forgot your password": the answer is the same whether or not the email belongs to
 * an active operator, and so is its timing, since the link is made and mailed after the answer.
 */
export async function requestPasswordReset(
  context: MailContext & Pick<AppContext, 'rateLimits'>,
  email: string,
  address: string,
  language: Language,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  await context.rateLimits.consume('resetRequestsPerAddress', `operator:${address}`);
  await context.rateLimits.consume('resetRequestsPerAccount', `operator:${email.toLowerCase()}`);
  void (async () => {
    const [found] = await context.db
      .select({ id: operators.id })
      .from(operators)
      .where(and(sql`lower(${operators.email}) = lower(${email})`, eq(operators.status, 'ACTIVE')));
    if (!found) return;
    const made = await newResetLink(context.db, found.id, context.now());
    if (made) await context.mailer.send(resetMail(context, made.row, made.token, language, null));
  })().catch((error: unknown) => log.error({ err: mailErrorSummary(error) }, 'operator password-reset mail not sent'));
}

async function operatorOfResetLink(db: Executor, token: string, now: Date): Promise<OperatorRow> {
  const [row] = await db
    .select()
    .from(operators)
    .where(and(eq(operators.passwordResetDigest, sha256Hex(token)), eq(operators.status, 'ACTIVE')));
  if (!row || !row.passwordResetExpiresAt || row.passwordResetExpiresAt <= now) throw new ApiError(404, 'PASSWORD_RESET_INVALID');
  return row;
}

/** What a password-reset link opens: whose it is, and the language its page opens in. */
export async function readPasswordReset(db: Executor, token: string, now: Date) {
  const row = await operatorOfResetLink(db, token, now);
  return { email: row.email, name: row.name, language: row.language };
}

/**
 * A new password, with a code of the operator's authenticator not used before (the mailbox alone is
 * not enough): the link stops working, every session of theirs ends, their sign-in failures are
 * forgotten. The trail names the operator, from the address they used.
 */
export async function acceptPasswordReset(
  db: Database,
  token: string,
  input: { password: string; code: string },
  context: { now: Date; address: string | null },
): Promise<Operator> {
  const { now } = context;
  const row = await operatorOfResetLink(db, token, now);
  const step = acceptedTotpStep(row.totpSecret, input.code, now, row.totpLastStep);
  if (step === undefined) throw new ApiError(400, 'VALIDATION_FAILED', { code: 'invalidValue' });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(operators)
      .set({
        passwordHash,
        totpLastStep: step,
        passwordResetDigest: null,
        passwordResetExpiresAt: null,
        failedSignIns: 0,
        signInBlockedUntil: null,
      })
      .where(
        and(
          eq(operators.id, row.id),
          eq(operators.status, 'ACTIVE'),
          eq(operators.passwordResetDigest, row.passwordResetDigest!),
          sql`${operators.passwordResetExpiresAt} > ${now.toISOString()}`,
          sql`coalesce(${operators.totpLastStep}, -1) < ${step}`,
        ),
      )
      .returning();
    if (!updated) throw new ApiError(404, 'PASSWORD_RESET_INVALID');
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, row.id));
    await recordAudit(tx, operatorActor(updated, context.address), {
      action: 'operator.password-reset',
      recordType: 'operator',
      recordId: updated.id,
      detail: { operator_id: updated.id, email: updated.email },
    });
    return operatorView(updated);
  });
}
