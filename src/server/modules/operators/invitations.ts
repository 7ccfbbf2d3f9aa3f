import type { Language } from '#domain/locales';
import type { Operator, OperatorRole } from '#domain/schemas/operators';
import type { AppContext } from '../../app-context';
import { operatorInvitationMail } from '../../mail/templates';
import type { Actor } from '../audit/audit';
import { inviteOperator } from './operators';
import { renewInvitation } from './team';

/** Where an invitation link opens: the console's page that takes a password and a first code. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/ops/join#${token}`;
}

/**
 * Invites a person and mails them the link, in the language the admin chose for them (else the
 * admin's console's). The token travels in the link's fragment, so it stays out of server and proxy
 * logs.
 */
export async function inviteAndMail(
  context: Pick<AppContext, 'db' | 'mailer' | 'config' | 'now'>,
  actor: Actor,
  input: { email: string; name: string; roles: OperatorRole[]; language?: Language | undefined },
  language: Language,
): Promise<{ operator: Operator; link: string }> {
  const { operator, invitationToken } = await inviteOperator(context.db, actor, input, context.now());
  const link = invitationLink(context.config.publicUrl, invitationToken);
  await context.mailer.send({
    to: operator.email,
    kind: 'operator-invitation',
    ...operatorInvitationMail({ language: operator.language ?? language, name: operator.name, invitedBy: actor.name, link }),
  });
  return { operator, link };
}

/**
 * Sends an invited operator a new link (docs/operators.md, The admin's day): the old one stops
 * working at once. The mail goes out in the operator's language (else the admin's console's).
 */
export async function resendInvitation(
  context: Pick<AppContext, 'db' | 'mailer' | 'config' | 'now'>,
  actor: Actor,
  operatorId: string,
  language: Language,
): Promise<{ operator: Operator; link: string }> {
  const { operator, invitationToken } = await renewInvitation(context.db, actor, operatorId, context.now());
  const link = invitationLink(context.config.publicUrl, invitationToken);
  await context.mailer.send({
    to: operator.email,
    kind: 'operator-invitation',
    ...operatorInvitationMail({ language: operator.language ?? language, name: operator.name, invitedBy: actor.name, link }),
  });
  return { operator, link };
}
