import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Language } from '#domain/locales';
import type { ListTotals } from '#domain/schemas/operator-answers';
import type { Operator, OperatorRole, OperatorSession } from '#domain/schemas/operators';
import { rowsOf, type Database, type Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { afterPageKey, pageKeyTime, type PageKey } from '../../db/page-keys';
import { dutiesApartError, refuseLabelsWithCheckIn } from './duties';
import { operators, operatorSessions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../accounts/passwords';
import { newOpaqueToken, sha256Hex } from '../accounts/secrets';
import { recordAudit, type Actor } from '../audit/audit';
import { claimSignInTry, clearSignInFailures, signInLimits, type SignInAlerts } from './sign-in-limits';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp';

/** An invitation link works for two days. */
export const invitationLifetimeMs = 48 * 3_600_000;

export interface SessionTimes {
  idleSeconds: number;
  maxAgeSeconds: number;
}

export type OperatorRow = typeof operators.$inferSelect;

export function operatorView(row: OperatorRow): Operator {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles,
    status: row.status,
    language: row.language,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Invites a person: an INVITED operator with their roles, and a link (the token, of which only the
 * digest is kept) through which they choose a password and add the authenticator secret. The
 * first administrator is invited this way by the CLI on the server's machine.
 */
export async function inviteOperator(
  db: Database,
  actor: Actor,
  input: { email: string; name: string; roles: OperatorRole[]; language?: Language | undefined },
  now: Date,
): Promise<{ operator: Operator; invitationToken: string }> {
  refuseLabelsWithCheckIn(input.roles);
  const invitationToken = newOpaqueToken();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(operators)
        .values({
          email: input.email,
          name: input.name,
          roles: input.roles,
          language: input.language ?? null,
          totpSecret: newTotpSecret(),
          invitationDigest: sha256Hex(invitationToken),
          invitationExpiresAt: new Date(now.getTime() + invitationLifetimeMs),
          createdAt: now,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'operator.invite',
        recordType: 'operator',
        recordId: row!.id,
        detail: { email: input.email, roles: input.roles },
      });
      return { operator: operatorView(row!), invitationToken };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'operators_email_key')) throw new ApiError(409, 'OPERATOR_EXISTS');
    throw dutiesApartError(error) ?? error;
  }
}

async function invitedOperator(db: Executor, token: string, now: Date): Promise<OperatorRow> {
  const [row] = await db
    .select()
    .from(operators)
    .where(and(eq(operators.invitationDigest, sha256Hex(token)), eq(operators.status, 'INVITED')));
  if (!row || !row.invitationExpiresAt || row.invitationExpiresAt <= now) throw new ApiError(404, 'INVITATION_INVALID');
  return row;
}

/** What the invitation link shows: who is invited and the authenticator secret to add. */
export async function readInvitation(db: Executor, token: string, now: Date) {
  const row = await invitedOperator(db, token, now);
  return {
    email: row.email,
    name: row.name,
    totp_uri: totpUri(row.totpSecret, row.email),
    totp_secret: row.totpSecret,
    expires_at: row.invitationExpiresAt!.toISOString(),
    language: row.language,
  };
}

/**
 * The invited person's password and a first code from their authenticator, which proves the
 * secret was added: the operator becomes ACTIVE and the link stops working (its digest is gone, so
 * the token shows the secret to nobody after this). The trail names the new operator, from the
 * address they joined from.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  input: { password: string; code: string },
  context: { now: Date; address: string | null },
): Promise<Operator> {
  const { now } = context;
  const row = await invitedOperator(db, token, now);
  const step = acceptedTotpStep(row.totpSecret, input.code, now, row.totpLastStep);
  if (step === undefined) throw new ApiError(400, 'VALIDATION_FAILED', { code: 'invalidValue' });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(operators)
      .set({ status: 'ACTIVE', passwordHash, totpLastStep: step, invitationDigest: null, invitationExpiresAt: null })
      .where(
        and(
          eq(operators.id, row.id),
          eq(operators.status, 'INVITED'),
          eq(operators.invitationDigest, row.invitationDigest!),
          sql`${operators.invitationExpiresAt} > ${now.toISOString()}`,
        ),
      )
      .returning();
    if (!updated) throw new ApiError(404, 'INVITATION_INVALID');
    await recordAudit(tx, operatorActor(updated, context.address), {
      action: 'operator.accept',
      recordType: 'operator',
      recordId: updated.id,
      detail: { email: updated.email, roles: updated.roles },
    });
    return operatorView(updated);
  });
}

/**
 * Email, password and a fresh authenticator code, all three or nothing: one answer for every
 * failure, and an unknown email costs the same time as a known one. Each try of an active account
 * counts against it from any address (sign-in-limits.ts); `alerts` hears of a long run of failures.
 */
export async function signInOperator(
  db: Database,
  input: { email: string; password: string; code: string },
  context: SessionContext,
  alerts?: SignInAlerts,
): Promise<OperatorSession> {
  const [row] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.email}) = lower(${input.email})`);
  const failed = () => new ApiError(401, 'OPERATOR_SIGN_IN_FAILED');
  if (!row || row.status !== 'ACTIVE' || !row.passwordHash) {
    await verifyAgainstDummy(input.password);
    throw failed();
  }
  const failures = await claimSignInTry(db, row.id, context.now);
  const failedTry = async () => {
    if (failures === signInLimits.mailAfterFailures) await alerts?.repeatedFailures(row, failures);
    return failed();
  };
  if (!(await verifyPassword(row.passwordHash, input.password))) throw await failedTry();
  // The right password with a code already taken (typed on the join page a moment ago, or twice):
  // said apart, so the person waits for the next code instead of doubting their password. Only
  // someone who holds the password and a code the authenticator just showed learns anything.
  const codeUsed = async () => {
    await failedTry();
    return new ApiError(401, 'OPERATOR_CODE_USED');
  };
  const step = acceptedTotpStep(row.totpSecret, input.code, context.now, row.totpLastStep);
  if (step === undefined) {
    throw acceptedTotpStep(row.totpSecret, input.code, context.now, null) === undefined ? await failedTry() : await codeUsed();
  }
  // The step is taken with a condition, so two sign-ins racing with one code do not both pass.
  const taken = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, row.id), sql`coalesce(${operators.totpLastStep}, -1) < ${step}`))
    .returning({ id: operators.id });
  if (taken.length === 0) throw await codeUsed();
  return startOperatorSession(db, row, context);
}

export interface SessionContext {
  now: Date;
  address: string | null;
  times: SessionTimes;
}

/** A new session for an operator who proved who they are (password and code, or a passkey). */
export async function startOperatorSession(db: Executor, row: OperatorRow, context: SessionContext): Promise<OperatorSession> {
  const token = `op_${newOpaqueToken()}`;
  const expiresAt = new Date(context.now.getTime() + context.times.maxAgeSeconds * 1000);
  await db.insert(operatorSessions).values({
    tokenDigest: sha256Hex(token),
    operatorId: row.id,
    createdAt: context.now,
    lastUsedAt: context.now,
    expiresAt,
    address: context.address,
    // A sign-in is a fresh proof (password and code, or a passkey): it may add a passkey for five minutes.
    reauthenticatedAt: context.now,
  });
  await clearSignInFailures(db, row.id);
  return { token, expires_at: expiresAt.toISOString(), idle_seconds: context.times.idleSeconds, operator: operatorView(row) };
}

/**
 * The operator behind a session token, read from the database on every call so that disabling
 * someone ends their sessions on every instance at once. A call moves the idle limit on.
 */
export async function operatorOfSession(
  db: Executor,
  token: string,
  now: Date,
  times: SessionTimes,
  address: string | null,
): Promise<Actor | undefined> {
  const idleSince = new Date(now.getTime() - times.idleSeconds * 1000);
  const [row] = await db
    .update(operatorSessions)
    .set({ lastUsedAt: now })
    .from(operators)
    .where(
      and(
        eq(operatorSessions.tokenDigest, sha256Hex(token)),
        eq(operators.id, operatorSessions.operatorId),
        eq(operators.status, 'ACTIVE'),
        sql`${operatorSessions.expiresAt} > ${now.toISOString()}`,
        sql`${operatorSessions.lastUsedAt} > ${idleSince.toISOString()}`,
      ),
    )
    .returning({ id: operators.id, email: operators.email, roles: operators.roles });
  if (!row) return undefined;
  return operatorActor(row, address);
}

/** An operator as the audit trail names who acted: the person behind every credential of theirs. */
export function operatorActor(row: Pick<OperatorRow, 'id' | 'email' | 'roles'>, address: string | null): Actor {
  return { kind: 'operator', id: row.id, name: row.email, person: `operator:${row.id}`, roles: row.roles, address };
}

export async function signOutOperator(db: Executor, token: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.tokenDigest, sha256Hex(token)));
}

/**
 * One page of GET /ops/operators: the newest invited first (whom an admin just invited is on the first page),
 * from `after` on, an index range of operators_created_idx read backwards.
 */
export function operatorsPageQuery(db: Executor, options: { limit?: number; after?: PageKey } = {}) {
  return db
    .select({ operator: operators, pageAt: pageKeyTime(operators.createdAt) })
    .from(operators)
    .where(afterPageKey(operators.createdAt, operators.id, options.after, 'desc'))
    .orderBy(desc(operators.createdAt), desc(operators.id))
    .limit(options.limit ?? 1000);
}

export async function listOperators(
  db: Executor,
  options: { limit?: number; after?: PageKey } = {},
): Promise<(Operator & { pageKey: PageKey })[]> {
  const rows = await operatorsPageQuery(db, options);
  return rows.map(({ operator, pageAt }) => ({ ...operatorView(operator), pageKey: { at: pageAt, id: operator.id } }));
}

/** How many operators there are, whatever page is shown (a list without amounts). */
export async function operatorTotals(db: Executor): Promise<ListTotals> {
  const [row] = await db.select({ rows: count() }).from(operators);
  return { count: row?.rows ?? 0, amounts: [] };
}

/** The last active administrator stays one: otherwise nobody could manage operators any more. */
export async function refuseLosingLastAdmin(tx: Executor, operatorId: string): Promise<void> {
  // Taken in a fixed order, so that two admins disabling each other at once cannot both pass.
  await tx.execute(sql`SELECT id FROM operators WHERE status = 'ACTIVE' AND 'admin' = ANY(roles) ORDER BY id FOR UPDATE`);
  const others = rowsOf<{ one: number }>(
    await tx.execute(sql`SELECT 1 AS one FROM operators WHERE status = 'ACTIVE' AND 'admin' = ANY(roles) AND id <> ${operatorId} LIMIT 1`),
  );
  const [target] = await tx.select().from(operators).where(eq(operators.id, operatorId));
  const targetIsActiveAdmin = target?.status === 'ACTIVE' && target.roles.includes('admin');
  if (targetIsActiveAdmin && others.length === 0) throw new ApiError(409, 'OPERATOR_LAST_ADMIN');
}

/** Disabled at once: every session of theirs ends with the same commit, on every instance. */
export async function disableOperator(db: Database, actor: Actor, operatorId: string, now: Date): Promise<Operator> {
  return db.transaction(async (tx) => {
    await refuseLosingLastAdmin(tx, operatorId);
    const [row] = await tx
      .update(operators)
      .set({ status: 'DISABLED', disabledAt: now, invitationDigest: null, invitationExpiresAt: null })
      .where(eq(operators.id, operatorId))
      .returning();
    if (!row) throw new ApiError(404, 'NOT_FOUND');
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
    await recordAudit(tx, actor, {
      action: 'operator.disable',
      recordType: 'operator',
      recordId: operatorId,
      detail: { email: row.email },
    });
    return operatorView(row);
  });
}

export async function setOperatorRoles(db: Database, actor: Actor, operatorId: string, roles: OperatorRole[]): Promise<Operator> {
  refuseLabelsWithCheckIn(roles);
  return db
    .transaction(async (tx) => {
      if (!roles.includes('admin')) await refuseLosingLastAdmin(tx, operatorId);
      const [before] = await tx.select({ roles: operators.roles }).from(operators).where(eq(operators.id, operatorId)).for('update');
      const [row] = await tx.update(operators).set({ roles }).where(eq(operators.id, operatorId)).returning();
      if (!row || !before) throw new ApiError(404, 'NOT_FOUND');
      await recordAudit(tx, actor, {
        action: 'operator.roles',
        recordType: 'operator',
        recordId: operatorId,
        // What they held and what they hold now: the trail shows the change, not only its result.
        detail: { email: row.email, previous_roles: before.roles, roles },
      });
      return operatorView(row);
    })
    .catch((error: unknown) => {
      throw dutiesApartError(error) ?? error;
    });
}
