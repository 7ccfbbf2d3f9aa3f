import { z } from 'zod';
import { errorCodes, fieldErrorKeys, oauthErrorCodes, type ErrorCode, type FieldErrorKey, type OAuthErrorCode } from '../errors';

// The error answers as the server declares them on its routes (and in its OpenAPI document), and
// as the app and the service worker read them (docs/architecture.md, Errors). The same zod as the
// app's other schemas: zod's mini build beside it split zod's core into a chunk of its own and
// added about 3 KB gzip to every customer's first load; the service worker, which bundles these
// schemas, is larger instead (it is fetched after the page, never in the first load).
//
// Objects keyed by any string are `z.object({}).catchall(…)`, not `z.record`: the first record in
// the app's code brings zod's record type and its JSON Schema conversion (about 4.5 KB) into the
// zod chunk every customer page loads and the service worker precaches. They parse the same and
// describe the same in the OpenAPI document (`additionalProperties`).

/** The one error shape of the API, every code and field key spelled out. */
export const apiErrorAnswer = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      /** In the request's language (Accept-Language: en, fr or ja). */
      message: z.string(),
      fields: z.optional(z.object({}).catchall(z.enum(fieldErrorKeys))),
    }),
  })
  .register(z.globalRegistry, {
    id: 'ApiError',
    description: 'An error: its code, a message in the request language, the fields at fault',
  });

/** The token endpoints answer their own mistakes as OAuth does; other failures (malformed JSON, limits) keep the API's shape. */
export const oauthErrorAnswer = z
  .object({
    error: z.enum(oauthErrorCodes),
    error_description: z.string(),
    fields: z.optional(z.object({}).catchall(z.enum(fieldErrorKeys))),
  })
  .register(z.globalRegistry, { id: 'OAuthError', description: 'An OAuth error (RFC 6749 §5.2), the description in the request language' });

/** What a client can be refused with: the API's codes, OAuth's, no answer at all, or an answer it cannot read. */
export type ClientErrorCode = ErrorCode | OAuthErrorCode | 'NETWORK' | 'UNKNOWN';

export interface ErrorAnswer {
  code: ClientErrorCode;
  /** In the request's language; empty when the answer was not one of ours. */
  message: string;
  /** Body fields at fault, each with the key the app translates. */
  fields: Partial<Record<string, FieldErrorKey>>;
}

/**
 * The API's shape with a code this client does not know: a server newer than the app a phone keeps
 * offline answers codes added since. Its message, in the person's language, still says what is wrong.
 */
const newerApiErrorAnswer = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.optional(z.object({}).catchall(z.string())) }),
});

/**
 * An error answer's body (its parsed JSON, or undefined) as a client reads it. A code this client
 * does not know yet is `UNKNOWN` with the server's message and the field keys it knows; a body of
 * neither shape (a proxy's error page) is `UNKNOWN` with no message: the client then says something
 * went wrong in its own words rather than showing what it cannot check.
 */
export function readErrorAnswer(body: unknown): ErrorAnswer {
  const api = apiErrorAnswer.safeParse(body);
  if (api.success) return { code: api.data.error.code, message: api.data.error.message, fields: api.data.error.fields ?? {} };
  const oauth = oauthErrorAnswer.safeParse(body);
  if (oauth.success) return { code: oauth.data.error, message: oauth.data.error_description, fields: oauth.data.fields ?? {} };
  const newer = newerApiErrorAnswer.safeParse(body);
  if (newer.success) {
    const known = (key: string): key is FieldErrorKey => (fieldErrorKeys as readonly string[]).includes(key);
    const fields: ErrorAnswer['fields'] = {};
    for (const [field, key] of Object.entries(newer.data.error.fields ?? {})) if (known(key)) fields[field] = key;
    return { code: 'UNKNOWN', message: newer.data.error.message, fields };
  }
  return { code: 'UNKNOWN', message: '', fields: {} };
}
