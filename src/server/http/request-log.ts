/**
 * What the server log may keep (docs/operators.md, Invitations and secrets in URLs). No call of the
 * API takes a secret in its path or query (a test of the OpenAPI document holds that), but a
 * client may still send one there: an old console asking for `/ops/invitations/<token>`, a script
 * that puts its key in a query, someone pasting a link. Every line the log writes goes through
 * redactSecrets first, whichever part of the server wrote it.
 */

const redacted = '[redacted]';

/** A word a secret's name contains: `token`, `api_key`, `reset-code`, `password`… */
const secretParameter =
  /([?&;][^=&;\s"#]*?(?:token|key|secret|password|passcode|code|otp|signature|sig|credential|session)[^=&;\s"#]*=)[^&;\s"#]*/gi;
/** An operator session (`op_…`) or an automation token (`rtk_…`), however long. */
const prefixedToken = /\b(?:op|rtk)_[A-Za-z0-9_-]{20,}/g;
/** 32 random bytes in base64url, as every opaque token of the server is: exactly 43 characters of that alphabet. */
const opaqueToken = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
/** A credential in an Authorization header, should anything ever log one. */
const bearer = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{16,}/gi;

/** The text with every value that looks like a secret replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return text
    .replace(secretParameter, `$1${redacted}`)
    .replace(bearer, `$1 ${redacted}`)
    .replace(prefixedToken, redacted)
    .replace(opaqueToken, redacted);
}

/** Where pino writes: anything with `write` (process.stdout, a file, a test's list). */
export interface LogDestination {
  write(line: string): unknown;
}

/** A destination that redacts each line before it passes it on. */
export function redactingDestination(target: LogDestination): LogDestination {
  return { write: (line: string) => target.write(redactSecrets(line)) };
}

/**
 * How a request appears in the log: its method, its path without the query (links in mails carry
 * reset tokens and codes there) and redacted, and the caller's address.
 */
export function requestLogFields(request: { method: string; url: string; ip?: string }) {
  return { method: request.method, path: redactSecrets(request.url.split('?')[0] ?? ''), ip: request.ip };
}
