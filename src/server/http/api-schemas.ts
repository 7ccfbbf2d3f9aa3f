import { z } from 'zod';
import { apiErrorAnswer } from '#domain/schemas/error-answers';
import type { HttpStatus } from './api-error';

/**
 * What routes declare beside their request schemas (docs/api.md, "How this description is made").
 * Success answers use the shared schemas of src/domain/schemas; errors use the shapes of
 * src/domain/schemas/error-answers.ts, which the app and the service worker read with.
 */

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
