import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import { sha256Hex } from './secrets';
import type { AuthenticatedSession } from './session-lookup';

const sessions = new WeakMap<FastifyRequest, AuthenticatedSession>();

/** Our tokens are 43 characters; anything far longer is not worth a database round trip. */
const maxTokenLength = 256;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
  const token = match?.[1];
  return token && token.length <= maxTokenLength ? token : undefined;
}

function unauthorized(reply: FastifyReply): ApiError {
  reply.header('www-authenticate', 'Bearer');
  return new ApiError(401, 'UNAUTHORIZED');
}

/**
 * A hook for customer routes: a valid Bearer access token, or 401.
 * Use it as `{ preValidation: authenticate(context) }` (before the input is validated, so a caller
 * without a token gets 401 whatever they sent), then read the caller
 * with currentUserId(request) / currentSession(request).
 */
export function authenticate(context: Pick<AppContext, 'sessions' | 'now'>): preValidationAsyncHookHandler {
  return async function authenticateRequest(request, reply) {
    const token = bearerToken(request);
    if (!token) throw unauthorized(reply);
    const session = await context.sessions.find(sha256Hex(token), context.now());
    if (!session) throw unauthorized(reply);
    sessions.set(request, session);
  };
}

/** The caller of a route guarded by authenticate(); throws 401 if the route was not guarded. */
export function currentSession(request: FastifyRequest): AuthenticatedSession {
  const session = sessions.get(request);
  if (!session) throw new ApiError(401, 'UNAUTHORIZED');
  return session;
}

export function currentUserId(request: FastifyRequest): string {
  return currentSession(request).userId;
}
