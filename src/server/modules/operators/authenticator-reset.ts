import { and, eq, ne } from 'drizzle-orm';
import type { Language } from '#domain/locales';
import type { Operator } from '#domain/schemas/operators';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { operatorPasskeys, operators, operatorSessions } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { operatorAuthenticatorResetMail } from '../../mail/templates';
import { newOpaqueToken, sha256Hex } from '../accounts/secrets';
import { recordAudit, type Actor } from '../audit/audit';
import { invitationLink } from './invitations';
import { invitationLifetimeMs, operatorView, refuseLosingLastAdmin } from './operators';
import { newTotpSecret } from './totp';

/**
 * An admin resets an operator's authenticator (a lost phone, a secret that may be known): the
 * operator goes back to INVITED with a new TOTP secret, no password, no passkey and no session,
 * and is mailed a new invitation link, through which they choose a password and add the new
 * secret as on their first day (docs/operators.md, Passkeys and resets). The last active admin is
 * not reset, as they are not disabled; a disabled operator stays disabled.
 */
export async function resetAuthenticator(
  context: Pick<AppContext, 'db' | 'mailer' | 'config' | 'now'>,
  actor: Actor,
  operatorId: string,
  language: Language,
): Promise<Operator> {
  const { row: operator, invitationToken } = await resetAuthenticatorOf(context.db, actor, operatorId, context.now());
  const link = invitationLink(context.config.publicUrl, invitationToken);
  await context.mailer.send({
    to: operator.email,
    kind: 'operator-authenticator-reset',
    ...operatorAuthenticatorResetMail({ language: operator.language ?? language, name: operator.name, resetBy: actor.name, link }),
  });
  return operatorView(operator);
}

/** The reset itself, in one transaction; the caller hands the new link over (by mail, or the CLI prints it). */
export async function resetAuthenticatorOf(
  db: Database,
  actor: Actor,
  operatorId: string,
  now: Date,
): Promise<{ row: typeof operators.$inferSelect; invitationToken: string }> {
  const invitationToken = newOpaqueToken();
  const reset = await db.transaction(async (tx) => {
    await refuseLosingLastAdmin(tx, operatorId);
    const [row] = await tx
      .update(operators)
      .set({
        status: 'INVITED',
        passwordHash: null,
        totpSecret: newTotpSecret(),
        totpLastStep: null,
        invitationDigest: sha256Hex(invitationToken),
        invitationExpiresAt: new Date(now.getTime() + invitationLifetimeMs),
      })
      // A disabled operator is not brought back by a reset.
      .where(and(eq(operators.id, operatorId), ne(operators.status, 'DISABLED')))
      .returning();
    if (!row) throw new ApiError(404, 'NOT_FOUND');
    const passkeys = await tx
      .delete(operatorPasskeys)
      .where(eq(operatorPasskeys.operatorId, operatorId))
      .returning({ id: operatorPasskeys.id });
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
    await recordAudit(tx, actor, {
      action: 'operator.authenticator-reset',
      recordType: 'operator',
      recordId: operatorId,
      detail: { operator_id: operatorId, email: row.email, passkeys: passkeys.map((key) => key.id) },
    });
    return row;
  });
  return { row: reset, invitationToken };
}
