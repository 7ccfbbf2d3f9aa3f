import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with authenticator apps' defaults: SHA-1, six digits, 30-second steps. */
const period = 30;

function totpOf(secret: string, label = 'operator'): TOTP {
  return new TOTP({ issuer: 'Roundtrip', label, algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(secret) });
}

/** A new 160-bit secret in base32, as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads (from a QR code or a link). */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The code an authenticator shows at `now` (tests and the demo operator use it). */
export function totpCodeAt(secret: string, now: Date): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}

/**
 * The 30-second step a code belongs to, when it is the code of the current step or of one either
 * side (a phone's clock a little off), and later than the last step accepted: a code is good once.
 */
export function acceptedTotpStep(secret: string, code: string, now: Date, lastStep: number | null): number | undefined {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(now.getTime() / 1000 / period) + delta;
  if (lastStep !== null && step <= lastStep) return undefined;
  return step;
}
