import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditCursorOf,
  auditPageSchema,
  auditQuerySchema,
  seqOfAuditCursor,
  auditVerdictSchema,
  auditVerifyQuerySchema,
  automationTokenBody,
  automationTokenSchema,
  createdAutomationTokenSchema,
  invitationAcceptRequest,
  invitationLookupBody,
  invitationSchema,
  operatorCallerSchema,
  operatorInviteBody,
  operatorRolesBody,
  operatorSchema,
  operatorSessionSchema,
  operatorSessionSummarySchema,
  operatorSignInBody,
  passkeyOptionsSchema,
  passkeyRegistrationBody,
  passkeySignInBody,
  passwordResetAcceptRequest,
  passwordResetLookupBody,
  passwordResetRequestBody,
  passwordResetSchema,
} from '#domain/schemas/operators';
import {
  operatorPasskeySchema,
  passkeyIdParams,
  reauthenticationBody,
  reauthenticationSchema,
  removedPasskeysSchema,
} from '#domain/schemas/operator-passkeys';
import { operatorsPage, operatorsQuery } from '#domain/schemas/operator-answers';
import type { AppContext } from '../../app-context';
import { dataAnswer, errorAnswers, noContent } from '../../http/api-schemas';
import { decodePageCursor, pageMeta, pageOf } from '../../http/page-cursor';
import { currentActor, operatorBearerToken, operatorOnlyAccess, operatorAccess, registerOperatorScope } from '../../http/operator-access';
import { requestLanguage } from '../../http/language';
import { accountAddressKey, addressLimitKey } from '../../http/rate-limit';
import { auditCsv, auditFilterOf, auditPage, verifyAuditTrail } from '../audit/audit';
import { inviteAndMail, resendInvitation } from './invitations';
import { enableOperator, endOperatorSessions, listOperatorSessions } from './team';
import {
  acceptInvitation,
  disableOperator,
  listOperators,
  operatorTotals,
  readInvitation,
  setOperatorRoles,
  signInOperator,
  signOutOperator,
} from './operators';
import { signInAlertsByMail } from './sign-in-limits';
import { acceptPasswordReset, readPasswordReset, requestPasswordReset, sendPasswordReset } from './password-reset';
import { resetAuthenticator } from './authenticator-reset';
import {
  addPasskey,
  listOwnPasskeys,
  mailPasskeyChange,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  relyingPartyOf,
  removeOperatorPasskeys,
  removeOwnPasskey,
  signInWithPasskey,
} from './passkeys';
import { reauthenticate } from './reauthentication';
import { createAutomationToken, listAutomationTokens, revokeAutomationToken } from './tokens';

const idParams = z.strictObject({ id: z.uuid({ error: 'invalidValue' }) });
/**
 * The operators' own calls (docs/operators.md): signing in and out, accepting an invitation,
 * operators and automation tokens (admins), and the audit trail (admins, care and finance).
 */
export async function registerOperatorTeamRoutes(instance: FastifyInstance, context: AppContext) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const times = () => ({
    idleSeconds: context.config.operatorSessionIdleSeconds,
    maxAgeSeconds: context.config.operatorSessionMaxAgeSeconds,
  });

  // Outside the guard: what a person does before they have a session.
  await api.register(
    async (scope) => {
      const open = scope.withTypeProvider<ZodTypeProvider>();
      open.post(
        '/session',
        {
          schema: {
            summary: 'Log in as an operator: email, password and an authenticator code',
            body: operatorSignInBody,
            response: { 200: dataAnswer(operatorSessionSchema), ...errorAnswers(401, 429) },
          },
        },
        async (request) => {
          const address = addressLimitKey(request.ip);
          await context.rateLimits.consume('loginPerAddress', `operator:${address}`);
          await context.rateLimits.consume('loginPerAccount', `operator:${accountAddressKey(request.body.email, address)}`);
          const alerts = signInAlertsByMail(context, requestLanguage(request), request.log);
          return {
            data: await signInOperator(context.db, request.body, { now: context.now(), address: request.ip, times: times() }, alerts),
          };
        },
      );
      open.post(
        '/session/passkey-options',
        {
          schema: {
            summary: 'Options for logging in with a passkey (a challenge good once, for five minutes)',
            response: { 200: dataAnswer(passkeyOptionsSchema), ...errorAnswers(429) },
          },
        },
        async (request) => {
          await context.rateLimits.consume('loginPerAddress', `operator:${addressLimitKey(request.ip)}`);
          return { data: await passkeySignInOptions(context.db, relyingPartyOf(context.config.publicUrl), context.now()) };
        },
      );
      open.post(
        '/session/passkey',
        {
          schema: {
            summary: "Log in as an operator with a passkey: the browser's answer to the challenge",
            body: passkeySignInBody,
            response: { 200: dataAnswer(operatorSessionSchema), ...errorAnswers(401, 429) },
          },
        },
        async (request) => {
          await context.rateLimits.consume('loginPerAddress', `operator:${addressLimitKey(request.ip)}`);
          const session = await signInWithPasskey(
            context.db,
            { challengeId: request.body.challenge_id, response: request.body.response },
            relyingPartyOf(context.config.publicUrl),
            { now: context.now(), address: request.ip, times: times() },
          );
          return { data: session };
        },
      );
      // The token travels in the body: a path or a query lands in logs (docs/operators.md,
      // Invitations and secrets in URLs).
      open.post(
        '/invitations/lookup',
        {
          schema: {
            summary: 'An invitation: who is invited, and the authenticator secret to add',
            body: invitationLookupBody,
            response: { 200: dataAnswer(invitationSchema), ...errorAnswers(404) },
          },
        },
        async (request) => ({ data: await readInvitation(context.db, request.body.token, context.now()) }),
      );
      open.post(
        '/invitations/accept',
        {
          schema: {
            summary: 'Accept an invitation: a password and a first authenticator code',
            body: invitationAcceptRequest,
            response: { 200: dataAnswer(operatorSchema), ...errorAnswers(404, 429) },
          },
        },
        async (request) => {
          await context.rateLimits.consume('resetAttemptsPerAddress', `operator:${addressLimitKey(request.ip)}`);
          const { token, password, code } = request.body;
          return { data: await acceptInvitation(context.db, token, { password, code }, { now: context.now(), address: request.ip }) };
        },
      );
      // The console's "forgot your password": one answer whether or not the email is an operator's.
      open.post(
        '/password-reset',
        {
          schema: {
            summary: 'Mail an active operator a link to choose a new password (the same answer for any email)',
            body: passwordResetRequestBody,
            response: { 200: dataAnswer(z.object({ sent: z.literal(true) })), ...errorAnswers(429) },
          },
        },
        async (request) => {
          await requestPasswordReset(context, request.body.email, addressLimitKey(request.ip), requestLanguage(request), request.log);
          return { data: { sent: true as const } };
        },
      );
      open.post(
        '/password-reset/lookup',
        {
          schema: {
            summary: 'A password-reset link: whose account, and its language',
            body: passwordResetLookupBody,
            response: { 200: dataAnswer(passwordResetSchema), ...errorAnswers(404, 429) },
          },
        },
        async (request) => {
          await context.rateLimits.consume('resetAttemptsPerAddress', `operator:${addressLimitKey(request.ip)}`);
          return { data: await readPasswordReset(context.db, request.body.token, context.now()) };
        },
      );
      open.post(
        '/password-reset/accept',
        {
          schema: {
            summary: 'Choose a new password with a reset link and an authenticator code: every session of the operator ends',
            body: passwordResetAcceptRequest,
            response: { 200: dataAnswer(operatorSchema), ...errorAnswers(404, 429) },
          },
        },
        async (request) => {
          await context.rateLimits.consume('resetAttemptsPerAddress', `operator:${addressLimitKey(request.ip)}`);
          const { token, password, code } = request.body;
          return { data: await acceptPasswordReset(context.db, token, { password, code }, { now: context.now(), address: request.ip }) };
        },
      );
    },
    { prefix: '/ops' },
  );

  await registerOperatorScope(api, context, (ops) => {
    const anyRole = operatorAccess('check-in', 'care', 'finance', 'content', 'admin');
    const anyPerson = operatorOnlyAccess('check-in', 'care', 'finance', 'content', 'admin');
    ops.get(
      '/me',
      {
        schema: { summary: 'Who is calling, and with which roles', security: anyRole, response: { 200: dataAnswer(operatorCallerSchema) } },
      },
      async (request) => {
        const actor = currentActor(request);
        return { data: { kind: actor.kind, name: actor.name, roles: [...actor.roles] } };
      },
    );
    ops.delete(
      '/session',
      { schema: { summary: 'Log out: this operator session ends', security: anyPerson, response: { 204: noContent } } },
      async (request, reply) => {
        const token = operatorBearerToken(request);
        if (token) await signOutOperator(context.db, token);
        return reply.status(204).send(null);
      },
    );

    ops.post(
      '/passkeys/registration-options',
      {
        schema: {
          summary: 'Options for adding a passkey to the logged-in operator, whose session proved itself in the last five minutes',
          security: anyPerson,
          response: { 200: dataAnswer(passkeyOptionsSchema), ...errorAnswers(403) },
        },
      },
      async (request) => ({
        data: await passkeyRegistrationOptions(
          context.db,
          currentActor(request),
          operatorBearerToken(request),
          relyingPartyOf(context.config.publicUrl),
          context.now(),
        ),
      }),
    );
    ops.post(
      '/passkeys',
      {
        schema: {
          summary: "Add a passkey: the browser's answer to the registration challenge",
          security: anyPerson,
          body: passkeyRegistrationBody,
          response: { 201: dataAnswer(z.object({ id: z.string() })), ...errorAnswers(403, 404) },
        },
      },
      async (request, reply) => {
        const actor = currentActor(request);
        const now = context.now();
        const added = await addPasskey(
          context.db,
          actor,
          operatorBearerToken(request),
          { challengeId: request.body.challenge_id, response: request.body.response },
          relyingPartyOf(context.config.publicUrl),
          now,
        );
        await mailPasskeyChange(context, request.log, {
          operator: added.operator,
          change: 'added',
          passkeyIds: [added.id],
          by: actor,
          at: now,
          language: requestLanguage(request),
        });
        return reply.status(201).send({ data: { id: added.id } });
      },
    );
    ops.post(
      '/session/reauthenticate',
      {
        schema: {
          summary: 'Prove this session again (password and a new code, or one of your passkeys): it may add a passkey for five minutes',
          security: anyPerson,
          body: reauthenticationBody,
          response: { 200: dataAnswer(reauthenticationSchema), ...errorAnswers(403, 429) },
        },
      },
      async (request) => {
        const actor = currentActor(request);
        // Limited as sign-ins are: per address, and per account from any address. A failure is a
        // 403, never a 401, so that the console keeps the session.
        const accountKey = `operator-reauthentication:${actor.id ?? actor.name}`;
        await context.rateLimits.consume('loginPerAddress', `operator:${addressLimitKey(request.ip)}`);
        await context.rateLimits.consume('loginPerAccount', accountKey);
        const body = request.body;
        const proof =
          'password' in body
            ? { kind: 'password' as const, password: body.password, code: body.code }
            : { kind: 'passkey' as const, challengeId: body.challenge_id, response: body.response };
        const answer = await reauthenticate(
          context.db,
          actor,
          operatorBearerToken(request),
          proof,
          relyingPartyOf(context.config.publicUrl),
          context.now(),
        );
        await context.rateLimits.reset('loginPerAccount', accountKey);
        return { data: answer };
      },
    );
    ops.get(
      '/passkeys',
      {
        schema: {
          summary: "The logged-in operator's passkeys, newest first",
          security: anyPerson,
          response: { 200: dataAnswer(z.array(operatorPasskeySchema)) },
        },
      },
      async (request) => ({ data: await listOwnPasskeys(context.db, currentActor(request)) }),
    );
    ops.delete(
      '/passkeys/:id',
      {
        schema: {
          summary: "Remove one of the logged-in operator's passkeys: it logs nobody in any more",
          security: anyPerson,
          params: passkeyIdParams,
          response: { 204: noContent, ...errorAnswers(404) },
        },
      },
      async (request, reply) => {
        const actor = currentActor(request);
        const operator = await removeOwnPasskey(context.db, actor, request.params.id);
        await mailPasskeyChange(context, request.log, {
          operator,
          change: 'removed',
          passkeyIds: [request.params.id],
          by: actor,
          at: context.now(),
          language: requestLanguage(request),
        });
        return reply.status(204).send(null);
      },
    );

    const admin = operatorAccess('admin');
    ops.get(
      '/operators',
      {
        schema: {
          summary: 'Operators, invited, active or disabled, the newest invited first, a page at a time, with how many there are',
          security: admin,
          querystring: operatorsQuery,
          response: { 200: operatorsPage, ...errorAnswers(400) },
        },
      },
      async (request) => {
        const { limit } = request.query;
        const after = decodePageCursor(request.query.cursor);
        const [rows, totals] = await Promise.all([listOperators(context.db, { limit: limit + 1, after }), operatorTotals(context.db)]);
        const page = pageOf(rows, limit);
        return { data: page.items.map(({ pageKey: _key, ...operator }) => operator), meta: pageMeta(page.nextCursor, totals) };
      },
    );
    ops.post(
      '/operators',
      {
        schema: {
          summary: 'Invite an operator by mail, with their roles',
          security: admin,
          body: operatorInviteBody,
          response: { 201: dataAnswer(operatorSchema), ...errorAnswers(409, 422) },
        },
      },
      async (request, reply) => {
        const { operator } = await inviteAndMail(context, currentActor(request), request.body, requestLanguage(request));
        return reply.status(201).send({ data: operator });
      },
    );
    ops.post(
      '/operators/:id/disable',
      {
        schema: {
          summary: 'Disable an operator: their sessions end at once, on every instance',
          security: admin,
          params: idParams,
          response: { 200: dataAnswer(operatorSchema), ...errorAnswers(404, 409) },
        },
      },
      async (request) => ({ data: await disableOperator(context.db, currentActor(request), request.params.id, context.now()) }),
    );
    ops.post(
      '/operators/:id/enable',
      {
        schema: {
          summary: 'Enable a disabled operator again: active when they had joined, invited (send them a new link) when not',
          security: admin,
          params: idParams,
          response: { 200: dataAnswer(operatorSchema), ...errorAnswers(404, 409, 422) },
        },
      },
      async (request) => ({ data: await enableOperator(context.db, currentActor(request), request.params.id) }),
    );
    ops.post(
      '/operators/:id/invitation',
      {
        schema: {
          summary: 'Send an invited operator a new invitation link (and authenticator secret); the old link stops working',
          security: admin,
          params: idParams,
          response: { 200: dataAnswer(operatorSchema), ...errorAnswers(404, 409) },
        },
      },
      async (request) => {
        const { operator } = await resendInvitation(context, currentActor(request), request.params.id, requestLanguage(request));
        return { data: operator };
      },
    );
    ops.get(
      '/operators/:id/sessions',
      {
        schema: {
          summary: "An operator's open sessions, newest first (never their tokens)",
          security: admin,
          params: idParams,
          response: { 200: dataAnswer(z.array(operatorSessionSummarySchema)), ...errorAnswers(404) },
        },
      },
      async (request) => ({ data: await listOperatorSessions(context.db, request.params.id, context.now()) }),
    );
    ops.delete(
      '/operators/:id/sessions',
      {
        schema: {
          summary: 'End every session of an operator, on every instance at once; they may log in again',
          security: admin,
          params: idParams,
          response: { 200: dataAnswer(z.object({ ended: z.number().int() })), ...errorAnswers(404) },
        },
      },
      async (request) => ({ data: await endOperatorSessions(context.db, currentActor(request), request.params.id) }),
    );
    ops.delete(
      '/operators/:id/passkeys',
      {
        schema: {
          summary: 'Remove every passkey of an operator (audited; the operator is mailed)',
          security: admin,
          params: idParams,
          response: { 200: dataAnswer(removedPasskeysSchema), ...errorAnswers(404) },
        },
      },
      async (request) => {
        const actor = currentActor(request);
        const { operator, removed } = await removeOperatorPasskeys(context.db, actor, request.params.id);
        await mailPasskeyChange(context, request.log, {
          operator,
          change: 'removed',
          passkeyIds: removed,
          by: actor,
          at: context.now(),
          language: requestLanguage(request),
        });
        return { data: { removed: removed.length } };
      },
    );
    ops.post(
      '/operators/:id/authenticator-reset',
      {
        schema: {
          summary:
            "Reset an operator's authenticator: a new secret, no password, passkey or session, and a new invitation link mailed to them",
          security: admin,
          params: idParams,
          response: { 200: dataAnswer(operatorSchema), ...errorAnswers(404, 409) },
        },
      },
      async (request) => ({
        data: await resetAuthenticator(context, currentActor(request), request.params.id, requestLanguage(request)),
      }),
    );
    ops.post(
      '/operators/:id/password-reset',
      {
        schema: {
          summary:
            'Mail an active operator a link to choose a new password (with their authenticator code); nothing changes until they use it',
          security: admin,
          params: idParams,
          response: { 200: dataAnswer(operatorSchema), ...errorAnswers(404, 409) },
        },
      },
      async (request) => ({
        data: await sendPasswordReset(context, currentActor(request), request.params.id, requestLanguage(request)),
      }),
    );
    ops.put(
      '/operators/:id/roles',
      {
        schema: {
          summary: "Set an operator's roles",
          security: admin,
          params: idParams,
          body: operatorRolesBody,
          response: { 200: dataAnswer(operatorSchema), ...errorAnswers(404, 409, 422) },
        },
      },
      async (request) => ({ data: await setOperatorRoles(context.db, currentActor(request), request.params.id, request.body.roles) }),
    );
    ops.get(
      '/tokens',
      {
        schema: {
          summary: 'Automation tokens (never their secrets)',
          security: admin,
          response: { 200: dataAnswer(z.array(automationTokenSchema)) },
        },
      },
      async () => ({ data: await listAutomationTokens(context.db) }),
    );
    ops.post(
      '/tokens',
      {
        schema: {
          summary: 'Make an automation token; its secret is in this answer only',
          security: admin,
          body: automationTokenBody,
          response: { 201: dataAnswer(createdAutomationTokenSchema), ...errorAnswers(409, 422) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createAutomationToken(context.db, currentActor(request), request.body, context.now()) }),
    );
    ops.post(
      '/tokens/:id/revoke',
      {
        schema: {
          summary: 'Revoke an automation token: refused from its next call',
          security: admin,
          params: idParams,
          response: { 200: dataAnswer(automationTokenSchema), ...errorAnswers(404) },
        },
      },
      async (request) => ({ data: await revokeAutomationToken(context.db, currentActor(request), request.params.id, context.now()) }),
    );

    const auditReaders = operatorAccess('admin', 'care', 'finance');
    ops.get(
      '/audit',
      {
        schema: {
          summary: 'The audit trail, newest first, narrowed by subject, actor, action, record and time; a page at a time',
          security: auditReaders,
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema },
        },
      },
      async (request) => {
        const { limit, cursor, ...query } = request.query;
        const before = cursor === undefined ? undefined : seqOfAuditCursor(cursor);
        const page = await auditPage(context.db, { ...auditFilterOf(query), limit, ...(before === undefined ? {} : { before }) });
        const last = page.entries[page.entries.length - 1];
        return { data: page.entries, next_cursor: page.more && last ? auditCursorOf(last.seq) : null };
      },
    );
    ops.get(
      '/audit/export',
      {
        schema: {
          summary: 'Every entry the filters match, newest first, as CSV (RFC 4180)',
          security: auditReaders,
          querystring: auditQuerySchema.omit({ cursor: true, limit: true }),
          produces: ['text/csv'],
          response: { 200: z.string().describe('text/csv: a header, then one line per entry (docs/api.md, The audit trail)') },
        },
      },
      async (request, reply) => {
        const csv = await auditCsv(context.db, auditFilterOf(request.query));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-${context.now().toISOString().slice(0, 10)}.csv"`)
          .send(csv);
      },
    );
    ops.get(
      '/audit/verify',
      {
        schema: {
          summary: "Recompute the audit trail's chain, hold it against its signed checkpoints, and write a new one",
          security: auditReaders,
          querystring: auditVerifyQuerySchema,
          response: { 200: dataAnswer(auditVerdictSchema), ...errorAnswers(503) },
        },
      },
      async (request) => ({
        data: await verifyAuditTrail(context.db, context.auditAnchor, context.now(), { full: request.query.full === 'true' }),
      }),
    );
  });
}
