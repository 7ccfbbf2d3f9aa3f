import { z } from 'zod';
import { passwordField } from './fields';
import { passkeySignInBody, totpCode } from './operators';

/**
 * An operator's passkeys and the proof a session gives again before adding one (docs/operators.md,
 * Passkeys and resets). Apart from operators.ts, which customers load for the editor's session.
 */

/** How long a proof of the password and a code (or of a passkey) lets a session add a passkey. */
export const reauthenticationWindowSeconds = 5 * 60;

/** POST /ops/session/reauthenticate with the password and a code not used before. */
export const reauthenticationPasswordBody = z.strictObject({ password: passwordField, code: totpCode });

/**
 * POST /ops/session/reauthenticate: the password and a fresh code, or a passkey's answer to a
 * challenge of POST /ops/session/passkey-options (one of the caller's own passkeys).
 */
export const reauthenticationBody = z.union([reauthenticationPasswordBody, passkeySignInBody], { error: 'invalidValue' });

export const reauthenticationSchema = z.object({
  /** Adding a passkey is allowed until this time plus the window. */
  reauthenticated_at: z.string(),
});

/** One of the signed-in operator's passkeys, as GET /ops/passkeys lists them (never the key itself). */
export const operatorPasskeySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  transports: z.array(z.string()),
});
export type OperatorPasskey = z.infer<typeof operatorPasskeySchema>;

/** A passkey's credential id (base64url, as the authenticator made it): public, not a secret. */
export const passkeyIdParams = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,1366}$/, { error: 'invalidValue' }),
});

/** DELETE /ops/operators/{id}/passkeys: how many were removed. */
export const removedPasskeysSchema = z.object({ removed: z.number().int() });
