import { and, eq, isNull } from 'drizzle-orm';
import type { OperatorRole } from '#domain/schemas/operators';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { automationTokens } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { newOpaqueToken, sha256Hex } from '../accounts/secrets';
import { recordAudit, type Actor } from '../audit/audit';

type TokenRow = typeof automationTokens.$inferSelect;

export function tokenView(row: TokenRow) {
  return {
    id: row.id,
    name: row.name,
    roles: row.roles,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** A script's credential for X-Ops-Key. The secret is answered once; only its digest is kept. */
export async function createAutomationToken(db: Database, actor: Actor, input: { name: string; roles: OperatorRole[] }, now: Date) {
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
          createdById: actor.kind === 'operator' ? actor.id : null,
          createdAt: now,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'token.create',
        recordType: 'automation_token',
        recordId: row!.id,
        detail: { name: input.name, roles: input.roles },
      });
      return { ...tokenView(row!), secret };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'automation_tokens_name_key')) throw new ApiError(409, 'AUTOMATION_TOKEN_EXISTS');
    throw error;
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
