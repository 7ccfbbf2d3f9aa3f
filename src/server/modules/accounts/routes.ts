import type { FastifyInstance } from 'fastify';
import {
  changePasswordBody,
  passwordGrantBody,
  refreshGrantBody,
  resetPasswordBody,
  resetPasswordRequestBody,
  revokeBody,
  signUpBody,
  updateUserBody,
  verifyEmailBody,
  type TokenBody,
} from '../../../domain/schemas/account';
import type { AppContext } from '../../app';
import { OAuthError } from '../../http/api-error';
import { requestLanguage } from '../../http/language';
import { authenticate, currentSession, currentUserId } from './authenticate';
import { listCountries } from './countries';
import { fieldErrorsOf, parseInput, type SoleFieldError } from '../../http/validation';
import { loginWithPassword } from './login';
import { requestPasswordReset, resetPassword } from './password-reset';
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

/** Accounts and sign-in (issue 2; DESIGN.md §5 and §8). Handlers parse and delegate; services do the work. */
export async function registerAccountRoutes(api: FastifyInstance, context: AppContext) {
  const requireUser = authenticate(context);

  api.post('/user', async (request, reply) => {
    const body = parseInput(signUpBody, request.body, [{ field: 'terms_accepted', key: 'acceptTerms', code: 'TERMS_NOT_ACCEPTED' }]);
    await context.rateLimits.consume('signUpsPerAddress', request.ip);
    const user = await signUp(context, body, request.log);
    return reply.status(201).send({ data: user });
  });

  api.post('/oauth/token', async (request, reply) => {
    const body = parseTokenRequest(request.body);
    const tokens =
      body.grant_type === 'password'
        ? await loginWithPassword(context, { email: body.email, password: body.password, clientId: body.client_id, address: request.ip })
        : await rotateRefreshToken(context, body.refresh_token);
    reply.header('pragma', 'no-cache');
    return reply.send(tokens);
  });

  /** RFC 7009: the app's sign-out. 200 for any token, known or not; errors in OAuth's shape. */
  api.post('/oauth/revoke', async (request, reply) => {
    const raw: Record<string, unknown> = request.body && typeof request.body === 'object' ? { ...request.body } : {};
    const hint = raw.token_type_hint;
    if (hint !== undefined && hint !== 'access_token' && hint !== 'refresh_token') throw new OAuthError('unsupported_token_type');
    const result = revokeBody.safeParse(raw);
    if (!result.success) throw new OAuthError('invalid_request', fieldErrorsOf(result.error));
    await revokeToken(context, result.data.token, result.data.token_type_hint);
    reply.header('pragma', 'no-cache');
    return reply.send({});
  });

  api.get('/user', { preHandler: requireUser }, async (request, reply) => {
    const session = currentSession(request);
    return context.answers.send(request, reply, session, async () => ({ data: await getUser(context, session.userId) }));
  });

  api.patch('/user', { preHandler: requireUser }, async (request) => {
    const body = parseInput(updateUserBody, request.body);
    return { data: await updateUser(context, currentUserId(request), body) };
  });

  api.post('/user/verification', { preHandler: requireUser }, async (request) => {
    await resendVerificationCode(context, currentUserId(request));
    return { data: { sent: true } };
  });

  api.post('/user/verify_email', { preHandler: requireUser }, async (request) => {
    const body = parseInput(verifyEmailBody, request.body, [{ field: 'code', key: 'enterFourDigits', code: 'CODE_FORMAT' }]);
    return { data: await verifyEmail(context, currentUserId(request), body.code) };
  });

  api.post('/user/reset_password', async (request) => {
    const body = parseInput(resetPasswordRequestBody, request.body);
    await requestPasswordReset(context, body.email, request.ip, request.log);
    return { data: { sent: true } };
  });

  api.put('/user/reset_password', async (request) => {
    const body = parseInput(resetPasswordBody, request.body, [passwordsMismatch]);
    await resetPassword(context, body.token, body.password, request.ip);
    return { data: { password_updated: true } };
  });

  api.post('/user/change_password', { preHandler: requireUser }, async (request) => {
    const body = parseInput(changePasswordBody, request.body, [passwordsMismatch]);
    const session = currentSession(request);
    await changePassword(context, {
      userId: session.userId,
      familyId: session.familyId,
      currentPassword: body.current_password,
      newPassword: body.password,
    });
    return { data: { password_updated: true } };
  });

  api.get('/countries', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    reply.header('vary', 'accept-language');
    return { data: listCountries(requestLanguage(request)) };
  });
}
