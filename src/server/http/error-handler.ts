import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages, oauthErrorMessages, type ApiErrorBody, type ErrorCode } from '#domain/errors';
import type { Language } from '#domain/locales';
import { databaseErrorSummary, isLockConflict, isLostConnection } from '../db/errors';
import { ApiError, OAuthError } from './api-error';
import { inRequestRegion, requestLanguage } from './language';

/** The answer's body for an ApiError, in this language (also each refused scan's in a batch: wallet/routes.ts). */
export function apiErrorBody(error: ApiError, language: Language): ApiErrorBody {
  return {
    error: {
      code: error.code,
      message: (error.messages ?? errorMessages[error.code])[language],
      ...(error.fields ? { fields: error.fields } : {}),
    },
  };
}

function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  const answer = apiErrorBody(error, requestLanguage(request));
  const body = { error: { ...answer.error, message: inRequestRegion(request, answer.error.message) } } satisfies ApiErrorBody;
  if (error.cause !== undefined) request.log.warn(loggableError(error.cause), `answered ${error.code}`);
  if (error.retryAfter !== undefined) reply.header('retry-after', String(Math.ceil(error.retryAfter)));
  return reply.status(error.status).send(body);
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error && typeof error.code === 'string';
}

/**
 * What the log keeps of an unexpected error. A database error (or one wrapping it, as drizzle's
 * "Failed query: … params: …" does) is logged as its SQLSTATE and constraint, table and column
 * names: its message and detail can quote the parameters (emails, names, hashes). Other errors
 * keep their name, message and stack.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const errorName = error instanceof Error ? error.name : typeof error;
  const database = databaseErrorSummary(error);
  if (database) return { errorName, database };
  if (error instanceof Error && /failed query/i.test(error.message)) return { errorName, database: 'query failed (no SQLSTATE)' };
  return error instanceof Error ? { errorName, message: error.message, stack: error.stack } : { errorName };
}

/** One error shape for every answer; no stack trace or SQL ever leaves the server. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return sendApiError(request, reply, error);
    if (error instanceof OAuthError) {
      return reply.status(400).send({
        error: error.oauthCode,
        error_description: oauthErrorMessages[error.oauthCode][requestLanguage(request)],
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
      // Malformed JSON, a body over the limit, a wrong content type: the client's fault, said plainly.
      const code: ErrorCode = error.statusCode === 404 ? 'NOT_FOUND' : error.statusCode === 429 ? 'RATE_LIMITED' : 'VALIDATION_FAILED';
      const status = error.statusCode === 404 || error.statusCode === 429 ? error.statusCode : 400;
      return sendApiError(request, reply, new ApiError(status, code));
    }
    // Error name, SQLSTATE and constraint only: a database error's message and fields carry the
    // query's parameters (emails, names, password hashes), which never go to the log.
    if (isLostConnection(error)) {
      // Its transaction went with the connection: nothing was written, and the call can be made again
      // (the app's outbox does so on a 503).
      request.log.warn(loggableError(error), 'database connection lost under a request');
      return sendApiError(request, reply, new ApiError(503, 'SERVICE_BUSY', undefined, 1));
    }
    if (isLockConflict(error)) {
      // A deadlock or serialization failure the write did not retry itself: rolled back whole, so
      // the call can be made again; the client is told to, not that the server broke.
      request.log.warn(loggableError(error), 'write lost a lock conflict');
      return sendApiError(request, reply, new ApiError(503, 'SERVICE_BUSY', undefined, 1));
    }
    request.log.error(loggableError(error), 'unhandled error');
    return sendApiError(request, reply, new ApiError(500, 'RS_0001'));
  });
}
