import type { ErrorCode, FieldErrorKey, OAuthErrorCode } from '#domain/errors';
import type { Language } from '#domain/locales';

export type HttpStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503;

/** A failure the client is told about: a status, one of the domain's codes, and form fields at fault. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: HttpStatus,
    readonly code: ErrorCode,
    readonly fields?: Record<string, FieldErrorKey>,
    /** Seconds, for 429 answers. */
    readonly retryAfter?: number,
    /** Said instead of the code's general text when it alone would not tell what is wrong (a file that cannot be read). */
    readonly messages?: Record<Language, string>,
    /** What went wrong underneath (a file that cannot be written): logged, never answered. */
    options?: ErrorOptions,
  ) {
    super(code, options);
  }
}

/** The token endpoint answers errors as OAuth does (RFC 6749 §5.2). */
export class OAuthError extends Error {
  override name = 'OAuthError';
  constructor(
    readonly oauthCode: OAuthErrorCode,
    readonly fields?: Record<string, FieldErrorKey>,
  ) {
    super(oauthCode);
  }
}
