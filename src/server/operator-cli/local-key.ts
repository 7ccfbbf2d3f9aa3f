import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * With PGlite only the server opens the database, so the operator CLI sends its commands to the
 * server. Without OPS_KEY it needs no setup: the server keeps a key in DATA_DIR that only the
 * user who runs it can read, and accepts it from this machine only (http/operator-key.ts).
 */
export const localOperatorKeyName = 'ops-local.key';

export function localOperatorKeyPath(dataDir: string): string {
  return path.join(dataDir, localOperatorKeyName);
}

function decode(text: string): string | undefined {
  const key = text.trim();
  return /^[A-Za-z0-9_-]{43}$/.test(key) ? key : undefined;
}

/** The key in DATA_DIR, if there is a well-formed one. */
export function readLocalOperatorKey(dataDir: string): string | undefined {
  try {
    return decode(readFileSync(localOperatorKeyPath(dataDir), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The server's side: reuse the key in DATA_DIR, or make one (32 random bytes, base64url, mode 0600). */
export function ensureLocalOperatorKey(dataDir: string): string {
  const file = localOperatorKeyPath(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    // 'wx': two servers starting together (one of them is about to be refused the folder) keep one key.
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A key copied in with looser permissions is narrowed again: it opens every operator command.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const existing = readLocalOperatorKey(dataDir);
  if (existing) return existing;
  // Damaged (empty, truncated): replaced, since nothing but the CLI of this machine relies on it.
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
