import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  countrySchema,
  passwordGrantBody,
  refreshGrantBody,
  resetLinkBody,
  resetLinkStateResponse,
  resetPasswordBody,
  resetPasswordRequestBody,
  revokeBody,
  signUpBody,
  tokenBody,
  updateUserBody,
  verifyEmailBody,
  type TokenBody,
} from '#domain/schemas/account';
import { userSchema } from '#domain/schemas/user';
import type { AppContext } from '../../app-context';
import { OAuthError } from '../../http/api-error';
import { apiErrorAnswer, oauthErrorAnswer } from '#domain/schemas/error-answers';
import { tokenResponse } from '#domain/schemas/token-answer';
import { customerSecurity, dataAnswer, errorAnswers, notModified } from '../../http/api-schemas';
import { requestLanguage } from '../../http/language';
import { authenticate, currentSession, currentUserId } from './authenticate';
import { listCountries } from './countries';
import { fieldErrorsOf, inputValidator, type SoleFieldError } from '../../http/validation';
import { loginWithPassword } from './login';
import { renewResetLink, requestPasswordReset, resetLinkState, resetPassword } from './password-reset';
import { revokeToken, rotateRefreshToken } from './sessions';
import { changePassword, getUser, signUp, updateUser } from './users';
import { resendVerificationCode, verifyEmail } from './verification';

const passwordsMismatch: SoleFieldError = {
  field: 'password_confirmation',
  key: 'passwordsDoNotMatch',
  code: 'PASSWORDS_DO_NOT_MATCH',
};

/** The token endpoint's input, answered in OAuth's own error shape (RFC 6749 §5.2). */
function parseTokenRequest(body: unknown): TokenBody {
  const raw: Record<string, unknown> = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const grantType = raw.grant_type;
  if (grantType === undefined || grantType === null || grantType === '') {
    throw new OAuthError('invalid_request', { grant_type: 'required' });
  }
  if (typeof grantType !== 'string') throw new OAuthError('invalid_request', { grant_type: 'invalidValue' });
  if (grantType !== 'password' && grantType !== 'refresh_token') throw new OAuthError('unsupported_grant_type');
  const result = (grantType === 'password' ? passwordGrantBody : refreshGrantBody).safeParse(raw);
  if (!result.success) throw new OAuthError('invalid_request', fieldErrorsOf(result.error));
  return result.data;
}

/** The token endpoints validate their input into OAuth's error answers. */
function oauthValidator(parse: (body: unknown) => unknown): FastifySchemaCompiler<unknown> {
  return () => (data) => {
    try {
      return { value: parse(data) };
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  };
}

/** RFC 7009's input: a hint we do not know is its own error, then the fields. */
function parseRevokeRequest(body: unknown) {
  const raw: Record<string, unknown> = body && typeof body === 'object' ? { ...body } : {};
  const hint = raw.token_type_hint;
  if (hint !== undefined && hint !== 'access_token' && hint !== 'refresh_token') throw new OAuthError('unsupported_token_type');
  const result = revokeBody.safeParse(raw);
  if (!result.success) throw new OAuthError('invalid_request', fieldErrorsOf(result.error));
  return result.data;
}

const oauthInput = ['application/json', 'application/x-www-form-urlencoded'];
const oauthFailure = z.union([oauthErrorAnswer, apiErrorAnswer]);
const sent = dataAnswer(z.object({ sent: z.literal(true) }));
const passwordUpdated = dataAnswer(z.object({ password_updated: z.literal(true) }));

/** Accounts and sign-in (docs/architecture.md, Errors and Security). Handlers parse and delegate; services do the work. */
export async function registerAccountRoutes(instance: FastifyInstance, context: AppContext) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const requireUser = authenticate(context);

  api.post(
    '/user',
    {
      schema: { summary: 'Sign up', body: signUpBody, response: { 201: dataAnswer(userSchema), ...errorAnswers(409, 429) } },
      validatorCompiler: inputValidator({ soleErrors: [{ field: 'terms_accepted', key: 'acceptTerms', code: 'TERMS_NOT_ACCEPTED' }] }),
    },
    async (request, reply) => {
      await context.rateLimits.consume('signUpsPerAddress', request.ip);
      const user = await signUp(context, request.body, request.log);
      return reply.status(201).send({ data: user });
    },
  );

  api.post(
    '/oauth/token',
    {
      schema: {
        summary: 'Log in, or refresh a session',
        consumes: oauthInput,
        body: tokenBody,
        response: { 200: tokenResponse, 400: oauthFailure, ...errorAnswers(429) },
      },
      validatorCompiler: oauthValidator(parseTokenRequest),
    },
    async (request, reply) => {
      const body = request.body;
      const tokens =
        body.grant_type === 'password'
          ? await loginWithPassword(context, { email: body.email, password: body.password, clientId: body.client_id, address: request.ip })
          : await rotateRefreshToken(context, body.refresh_token);
      reply.header('pragma', 'no-cache');
      return reply.send(tokens);
    },
  );

  /** RFC 7009: the app's sign-out. 200 for any token, known or not; errors in OAuth's shape. */
  api.post(
    '/oauth/revoke',
    {
      schema: {
        summary: 'Log out: revoke a session by one of its tokens',
        consumes: oauthInput,
        body: revokeBody,
        response: { 200: z.object({}), 400: oauthFailure },
      },
      validatorCompiler: oauthValidator(parseRevokeRequest),
    },
    async (request, reply) => {
      await revokeToken(context, request.body.token, request.body.token_type_hint);
      reply.header('pragma', 'no-cache');
      return reply.send({});
    },
  );

  api.get(
    '/user',
    {
      preValidation: requireUser,
      schema: {
        summary: 'The logged-in customer',
        security: customerSecurity,
        response: { 200: dataAnswer(userSchema), 304: notModified },
      },
    },
    async (request, reply) => {
      const session = currentSession(request);
      return context.answers.send(request, reply, session, async () => ({ data: await getUser(context, session.userId) }));
    },
  );

  api.patch(
    '/user',
    {
      preValidation: requireUser,
      schema: {
        summary: 'Change personal data',
        security: customerSecurity,
        body: updateUserBody,
        response: { 200: dataAnswer(userSchema), ...errorAnswers(422) },
      },
    },
    async (request) => ({ data: await updateUser(context, currentUserId(request), request.body) }),
  );

  api.post(
    '/user/verification',
    {
      preValidation: requireUser,
      schema: { summary: 'Mail a new email code', security: customerSecurity, response: { 200: sent, ...errorAnswers(409, 429, 503) } },
    },
    async (request) => {
      await resendVerificationCode(context, currentUserId(request));
      return { data: { sent: true } } as const;
    },
  );

  api.post(
    '/user/verify_email',
    {
      preValidation: requireUser,
      schema: {
        summary: 'Verify the email with its code',
        security: customerSecurity,
        body: verifyEmailBody,
        response: { 200: dataAnswer(userSchema), ...errorAnswers(409, 422) },
      },
      validatorCompiler: inputValidator({ soleErrors: [{ field: 'code', key: 'enterFourDigits', code: 'CODE_FORMAT' }] }),
    },
    async (request) => ({ data: await verifyEmail(context, currentUserId(request), request.body.code) }),
  );

  api.post(
    '/user/reset_password',
    { schema: { summary: 'Mail a password reset link', body: resetPasswordRequestBody, response: { 200: sent, ...errorAnswers(429) } } },
    async (request) => {
      await requestPasswordReset(context, request.body.email, request.ip, request.log);
      return { data: { sent: true } } as const;
    },
  );

  api.post(
    '/user/reset_password/check',
    {
      schema: {
        summary: 'What a reset link can still do: usable, used or expired',
        body: resetLinkBody,
        response: { 200: resetLinkStateResponse, ...errorAnswers(429) },
      },
    },
    async (request) => ({ data: { state: await resetLinkState(context, request.body.token, request.ip) } }),
  );

  api.post(
    '/user/reset_password/renew',
    {
      schema: {
        summary: 'Mail a new reset link to the account of a used or expired one',
        body: resetLinkBody,
        response: { 200: sent, ...errorAnswers(429) },
      },
    },
    async (request) => {
      await renewResetLink(context, request.body.token, request.ip, request.log);
      return { data: { sent: true } } as const;
    },
  );

  api.put(
    '/user/reset_password',
    {
      schema: {
        summary: 'Set a new password with a reset link',
        body: resetPasswordBody,
        response: { 200: passwordUpdated, ...errorAnswers(422, 429) },
      },
      validatorCompiler: inputValidator({ soleErrors: [passwordsMismatch] }),
    },
    async (request) => {
      await resetPassword(context, request.body.token, request.body.password, request.ip);
      return { data: { password_updated: true } } as const;
    },
  );

  api.post(
    '/user/change_password',
    {
      preValidation: requireUser,
      schema: {
        summary: 'Change the password',
        security: customerSecurity,
        body: changePasswordBody,
        response: { 200: passwordUpdated, ...errorAnswers(422, 429) },
      },
      validatorCompiler: inputValidator({ soleErrors: [passwordsMismatch] }),
    },
    async (request) => {
      const session = currentSession(request);
      await changePassword(context, {
        userId: session.userId,
        familyId: session.familyId,
        currentPassword: request.body.current_password,
        newPassword: request.body.password,
      });
      return { data: { password_updated: true } } as const;
    },
  );

  api.get(
    '/countries',
    { schema: { summary: 'The markets, named in the request language', response: { 200: dataAnswer(z.array(countrySchema)) } } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      reply.header('vary', 'accept-language');
      return { data: listCountries(requestLanguage(request)) };
    },
  );
}
