import { and, eq, isNull } from 'drizzle-orm';
import { isReservedTokenName, type OperatorRole } from '#domain/schemas/operators';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { automationTokens } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { newOpaqueToken, sha256Hex } from '../accounts/secrets';
import { recordAudit, type Actor } from '../audit/audit';
import { dutiesApartError, refuseLabelsWithCheckIn } from './duties';

type TokenRow = typeof automationTokens.$inferSelect;

export function tokenView(row: TokenRow) {
  return {
    id: row.id,
    name: row.name,
    roles: row.roles,
    created_by: row.createdBy,
    may_approve: row.mayApprove,
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * The operator answerable for what the actor makes: the signed-in operator, or the operator who
 * made the token it calls with (a token made with a token is still theirs); none for OPS_KEY or
 * the CLI, whose tokens answer to the key's name.
 */
function operatorIdOf(actor: Actor): string | null {
  return actor.person.startsWith('operator:') ? actor.person.slice('operator:'.length) : null;
}

/**
 * A script's credential for X-Ops-Key. The secret is answered once; only its digest is kept. The
 * token is answerable to whoever made it (`created_by_id`): two-person approval counts it as them,
 * and it approves nothing unless the admin who made it said so (`may_approve`).
 */
export async function createAutomationToken(
  db: Database,
  actor: Actor,
  input: { name: string; roles: OperatorRole[]; may_approve?: boolean },
  now: Date,
) {
  // The trail could not tell a token named OPS_KEY from the deployment key (and the CLI, the seed).
  if (isReservedTokenName(input.name)) throw new ApiError(422, 'AUTOMATION_TOKEN_NAME_RESERVED', { name: 'invalidValue' });
  refuseLabelsWithCheckIn(input.roles);
  const secret = `rtk_${newOpaqueToken()}`;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(automationTokens)
        .values({
          name: input.name,
          roles: input.roles,
          digest: sha256Hex(secret),
          createdBy: actor.name,
          createdById: operatorIdOf(actor),
          mayApprove: input.may_approve ?? false,
          createdAt: now,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'token.create',
        recordType: 'automation_token',
        recordId: row!.id,
        detail: { name: input.name, roles: input.roles, may_approve: input.may_approve ?? false },
      });
      return { ...tokenView(row!), secret };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'automation_tokens_name_key')) throw new ApiError(409, 'AUTOMATION_TOKEN_EXISTS');
    throw dutiesApartError(error) ?? error;
  }
}

export async function listAutomationTokens(db: Executor) {
  return (await db.select().from(automationTokens).orderBy(automationTokens.createdAt)).map(tokenView);
}

/** Revoked at once: the next call with it is refused, on every instance. */
export async function revokeAutomationToken(db: Database, actor: Actor, id: string, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(automationTokens)
      .set({ revokedAt: now })
      .where(and(eq(automationTokens.id, id), isNull(automationTokens.revokedAt)))
      .returning();
    if (!row) throw new ApiError(404, 'NOT_FOUND');
    await recordAudit(tx, actor, { action: 'token.revoke', recordType: 'automation_token', recordId: id, detail: { name: row.name } });
    return tokenView(row);
  });
}

export async function actorOfAutomationToken(db: Executor, presented: string, address: string | null): Promise<Actor | undefined> {
  if (!presented.startsWith('rtk_') || presented.length > 100) return undefined;
  const [row] = await db
    .select()
    .from(automationTokens)
    .where(and(eq(automationTokens.digest, sha256Hex(presented)), isNull(automationTokens.revokedAt)));
  if (!row) return undefined;
  const person = row.createdById ? `operator:${row.createdById}` : `key:${row.createdBy}`;
  return { kind: 'token', id: row.id, name: row.name, person, roles: row.roles, address };
}
