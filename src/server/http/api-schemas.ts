import { z } from 'zod';
import { errorCodes, fieldErrorKeys } from '#domain/errors';
import type { HttpStatus, OAuthErrorCode } from './api-error';

/**
 * What routes declare beside their request schemas (docs/api.md, "How this description is made").
 * Success answers use the shared schemas of src/domain/schemas; errors use these.
 */

/** The one error shape of the API, every code and field key spelled out. */
export const apiErrorAnswer = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      /** In the request's language (Accept-Language: en, fr or ja). */
      message: z.string(),
      fields: z.record(z.string(), z.enum(fieldErrorKeys)).optional(),
    }),
  })
  .meta({ id: 'ApiError', description: 'An error: its code, a message in the request language, the fields at fault' });

const oauthErrorCodes = [
  'invalid_grant',
  'invalid_request',
  'unsupported_grant_type',
  'unsupported_token_type',
] as const satisfies readonly OAuthErrorCode[];

/** The token endpoints answer their own mistakes as OAuth does; other failures (malformed JSON, limits) keep the API's shape. */
export const oauthErrorAnswer = z
  .object({
    error: z.enum(oauthErrorCodes),
    error_description: z.string(),
    fields: z.record(z.string(), z.enum(fieldErrorKeys)).optional(),
  })
  .meta({ id: 'OAuthError', description: 'An OAuth error (RFC 6749 §5.2), the description in the request language' });

type ErrorStatus = Exclude<HttpStatus, 500>;

/** `...errorAnswers(404, 409)` in a route's `response`: those statuses answer the error shape. */
export function errorAnswers<const Statuses extends readonly ErrorStatus[]>(
  ...statuses: Statuses
): Record<Statuses[number], typeof apiErrorAnswer> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorAnswer])) as Record<Statuses[number], typeof apiErrorAnswer>;
}

/** `{data: …}`, the envelope of most answers. */
export const dataAnswer = <Schema extends z.ZodType>(schema: Schema) => z.object({ data: schema });

/** A 304 to a request whose If-None-Match holds the current ETag: no body. */
export const notModified = z.null().meta({ description: 'Not Modified: the ETag in If-None-Match is current' });

/** `security` of a customer route (`Authorization: Bearer`): answers 401 without a valid token. */
export const customerSecurity = [{ bearer: [] }];

/** A 204: done, nothing to say. */
export const noContent = z.null().meta({ description: 'No Content' });
