import type { FieldErrorKey } from '#domain/errors';
import type { ClientErrorCode } from '#domain/schemas/error-answers';
import { apiPrefix as apiBase } from '#domain/api';
import { currentLocale } from './i18n';
import { freshAccessToken, hasSession, onSessionChange, refreshTokens } from './session';
import { takeFirstAnswer } from './first-answers';

/** Codes an API call can fail with: the API's own, OAuth's, and the two the client adds. */
export type ApiErrorCode = ClientErrorCode;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields: Partial<Record<string, FieldErrorKey>> = {},
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What to tell the person about a failed call that is not about one field: the server's own words,
 * already in their language, or the screen's `fallback` when there was no answer or none readable.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/**
 * An error answer read with the schemas the server declares (src/domain/schemas/error-answers.ts),
 * as the service worker reads them. They load with the first error: a page that never fails does
 * not download zod. Should that load fail (a chunk gone after a deploy), the error is `UNKNOWN`.
 */
export async function toApiError(status: number, body: unknown): Promise<ApiError> {
  try {
    const { readErrorAnswer } = await import('#domain/schemas/error-answers');
    const { code, message, fields } = readErrorAnswer(body);
    return new ApiError(status, code, message, fields);
  } catch {
    return new ApiError(status, 'UNKNOWN', '');
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the customer's bearer token (renewed when needed, retried once after a 401). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * The last answer of each signed-in GET, with its ETag: the app reopens the same few calls often
 * (balance, history), and the server then answers 304 with no body. Memory only, dropped with the
 * session; the server's ETags are per customer, so a stale one can never match another person's.
 */
const validated = new Map<string, { etag: string; body: unknown }>();
const maxValidated = 50;
onSessionChange(() => {
  if (!hasSession()) validated.clear();
});

function validatedKey(path: string): string {
  return `${currentLocale()} ${path}`;
}

async function send(path: string, options: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    ...options.headers,
  };
  const isGet = (options.method ?? 'GET') === 'GET';
  const known = token && isGet ? validated.get(validatedKey(path)) : undefined;
  if (known) headers['If-None-Match'] = known.etag;
  else if (token && isGet && !options.headers) {
    // The signed-in shell may have sent this very call already, while this code loaded.
    const first = takeFirstAnswer(path, token, headers['Accept-Language'] ?? '');
    if (first) {
      try {
        return await first;
      } catch {
        // Its network failed: this call is sent again below, and reports its own failure.
      }
    }
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return sendJson(`${apiBase}${path}`, { method: options.method, headers, body: options.body, signal: options.signal });
}

/**
 * One request with a JSON body (when given): a network failure is ApiError `NETWORK` (status 0);
 * an abort stays an abort. Shared by the customer calls and the operators' console.
 */
export async function sendJson(
  url: string,
  request: { method?: string; headers: Record<string, string>; body?: unknown; signal?: AbortSignal },
): Promise<Response> {
  const headers = request.body === undefined ? request.headers : { ...request.headers, 'Content-Type': 'application/json' };
  try {
    return await fetch(url, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', '');
  }
}

/** An answer's JSON body; undefined when it has none or it is not JSON (a proxy's error page). */
export async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** One call to the API; resolves with the parsed JSON body or rejects with an ApiError. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  let response: Response;
  if (options.auth) {
    const token = await freshAccessToken();
    if (!token) throw new ApiError(401, 'UNAUTHORIZED', '');
    response = await send(path, options, token);
    if (response.status === 401) {
      // A refused refresh token ends the session (refreshTokens clears it); a network failure does not.
      const renewed = await refreshTokens();
      if (!renewed) throw new ApiError(401, 'UNAUTHORIZED', '');
      response = await send(path, options, renewed);
    }
  } else {
    response = await send(path, options, undefined);
  }
  const isSignedInGet = options.auth === true && (options.method ?? 'GET') === 'GET';
  if (isSignedInGet && response.status === 304) {
    const known = validated.get(validatedKey(path));
    if (known) return known.body;
    // We sent no validator for it (a cache dropped meanwhile): ask again plainly.
    validated.delete(validatedKey(path));
    return apiRequest(path, options);
  }
  const body = await readJsonBody(response);
  if (!response.ok) throw await toApiError(response.status, body);
  const etag = response.headers.get('etag');
  if (isSignedInGet && etag && body !== undefined) {
    validated.delete(validatedKey(path));
    if (validated.size >= maxValidated) validated.delete(validated.keys().next().value ?? '');
    validated.set(validatedKey(path), { etag, body });
  }
  return body;
}

/**
 * One call to the API whose answer is checked by a schema loaded beside it: the schema's module,
 * and zod with it, stay out of the first load of the page that makes the call (the login, sign-up
 * and contact pages; src/app/README.md), and its chunk arrives while the request is on its way. On
 * the account page, an offline start shows saved answers and makes no call: it never loads them.
 */
export async function apiRequestChecked<Answer>(
  path: string,
  options: RequestOptions,
  loadSchema: () => Promise<{ parse: (body: unknown) => Answer }>,
): Promise<Answer> {
  const [body, schema] = await Promise.all([apiRequest(path, options), loadSchema()]);
  return schema.parse(body);
}
