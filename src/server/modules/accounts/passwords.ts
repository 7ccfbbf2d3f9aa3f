import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id: the package declares a const enum, which verbatimModuleSyntax cannot import. */
const argon2id = 2;

/** OWASP's argon2id floor: 19 MiB of memory, 2 passes, 1 lane. */
const argon2idOptions = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2idOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spend the same time on a login for an unknown email as for a known one,
 * so response times do not tell who has an account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
