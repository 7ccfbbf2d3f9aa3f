import { and, desc, eq, sql } from 'drizzle-orm';
import type { Operator, OperatorSessionSummary } from '#domain/schemas/operators';
import type { Database, Executor } from '../../db/client';
import { operators, operatorSessions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { newOpaqueToken, sha256Hex } from '../accounts/secrets';
import { recordAudit, type Actor } from '../audit/audit';
import { dutiesApartError } from './duties';
import { invitationLifetimeMs, operatorView } from './operators';
import { newTotpSecret } from './totp';

/**
 * A disabled operator comes back as they were: ACTIVE with their password, authenticator and
 * passkeys when they had joined, INVITED (without a link: the admin sends a new one) when they had
 * not. Their sessions ended when they were disabled and stay ended; their sign-in failures are
 * forgotten. Their roles are held against the duties kept apart again by the database's CHECK.
 */
export async function enableOperator(db: Database, actor: Actor, operatorId: string): Promise<Operator> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(operators)
        .set({
          status: sql`case when ${operators.passwordHash} is null then 'INVITED' else 'ACTIVE' end`,
          disabledAt: null,
          failedSignIns: 0,
          signInBlockedUntil: null,
        })
        .where(and(eq(operators.id, operatorId), eq(operators.status, 'DISABLED')))
        .returning();
      if (!row) throw await notInState(tx, operatorId, 'OPERATOR_NOT_DISABLED');
      await recordAudit(tx, actor, {
        action: 'operator.enable',
        recordType: 'operator',
        recordId: operatorId,
        detail: { operator_id: operatorId, email: row.email, status: row.status },
      });
      return operatorView(row);
    })
    .catch((error: unknown) => {
      throw dutiesApartError(error) ?? error;
    });
}

/** 404 when there is no such operator, 409 `code` when there is one in another state. */
async function notInState(db: Executor, operatorId: string, code: 'OPERATOR_NOT_DISABLED' | 'OPERATOR_NOT_INVITED'): Promise<ApiError> {
  const [row] = await db.select({ id: operators.id }).from(operators).where(eq(operators.id, operatorId));
  return row ? new ApiError(409, code) : new ApiError(404, 'NOT_FOUND');
}

/**
 * A new invitation link for an operator who has not joined yet (the mail was lost, the link ran
 * out): a new token and a new authenticator secret, good for 48 hours. The old link stops working
 * in the same update, and the secret it showed is never used: whoever else read it learns nothing.
 */
export async function renewInvitation(
  db: Database,
  actor: Actor,
  operatorId: string,
  now: Date,
): Promise<{ operator: Operator; invitationToken: string; row: typeof operators.$inferSelect }> {
  const invitationToken = newOpaqueToken();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(operators)
      .set({
        totpSecret: newTotpSecret(),
        totpLastStep: null,
        invitationDigest: sha256Hex(invitationToken),
        invitationExpiresAt: new Date(now.getTime() + invitationLifetimeMs),
      })
      .where(and(eq(operators.id, operatorId), eq(operators.status, 'INVITED')))
      .returning();
    if (!row) throw await notInState(tx, operatorId, 'OPERATOR_NOT_INVITED');
    await recordAudit(tx, actor, {
      action: 'operator.invitation-resend',
      recordType: 'operator',
      recordId: operatorId,
      detail: { operator_id: operatorId, email: row.email },
    });
    return { operator: operatorView(row), invitationToken, row };
  });
}

/** An operator's open sessions, newest first: when and from where they began, when last used. */
export async function listOperatorSessions(db: Executor, operatorId: string, now: Date): Promise<OperatorSessionSummary[]> {
  const [operator] = await db.select({ id: operators.id }).from(operators).where(eq(operators.id, operatorId));
  if (!operator) throw new ApiError(404, 'NOT_FOUND');
  const rows = await db
    .select()
    .from(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), sql`${operatorSessions.expiresAt} > ${now.toISOString()}`))
    .orderBy(desc(operatorSessions.createdAt));
  return rows.map((row) => ({
    started_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    address: row.address,
  }));
}

/**
 * Ends every session of an operator at once, on every instance (each call reads its session from
 * the database). Their account stays as it is: they may sign in again.
 */
export async function endOperatorSessions(db: Database, actor: Actor, operatorId: string): Promise<{ ended: number }> {
  return db.transaction(async (tx) => {
    const [operator] = await tx.select({ email: operators.email }).from(operators).where(eq(operators.id, operatorId));
    if (!operator) throw new ApiError(404, 'NOT_FOUND');
    const ended = await tx
      .delete(operatorSessions)
      .where(eq(operatorSessions.operatorId, operatorId))
      .returning({ operatorId: operatorSessions.operatorId });
    // Nothing ended, nothing changed: no entry, as for any repeat.
    if (ended.length === 0) return { ended: 0 };
    await recordAudit(tx, actor, {
      action: 'operator.sessions-end',
      recordType: 'operator',
      recordId: operatorId,
      detail: { operator_id: operatorId, email: operator.email, ended: ended.length },
    });
    return { ended: ended.length };
  });
}
