import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A bearer secret: 32 random bytes, base64url (43 characters). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored; a database leak gives no usable token. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** A 4-digit email code, uniformly drawn. */
export function newVerificationCode(): string {
  return randomInt(0, 10_000).toString().padStart(4, '0');
}

/** Codes are short, so their digest is bound to the user: the same code of two people never looks alike. */
export function verificationCodeDigest(userId: string, code: string): string {
  return sha256Hex(`email-code:${userId}:${code}`);
}

/** Compare two hex digests without leaking where they differ. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
