import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, isLocalAddress, type Config } from '../../config';

/**
 * The key that signs the audit trail's checkpoints (docs/operators.md, The audit trail's anchor).
 * It lives in the environment or a file, never in the database: whoever can rewrite the table
 * cannot also sign a checkpoint that agrees with the rewrite.
 */
export interface AuditSigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as SPKI PEM: what the docs and `audit public-key` publish. */
  publicPem: string;
  /** SHA-256 of the public key (DER), hex: names the key in each checkpoint. */
  fingerprint: string;
}

/** The key a local start makes for itself, beside the database folder but not in it. */
export const localAuditKeyName = 'audit-signing-key.pem';

export function describeAuditKey(privateKey: KeyObject): AuditSigningKey {
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    privateKey,
    publicKey,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    fingerprint: createHash('sha256').update(der).digest('hex'),
  };
}

/**
 * An Ed25519 private key as PKCS8: PEM (`openssl genpkey -algorithm ed25519`), or the DER in
 * base64 for an environment that keeps one-line values. Anything else is refused at start.
 */
export function parseAuditSigningKey(text: string, source: string): AuditSigningKey {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = trimmed.startsWith('-----BEGIN')
      ? createPrivateKey({ key: trimmed, format: 'pem' })
      : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new ConfigError(
      `${source} is not a private key: give an Ed25519 key as PKCS8 PEM or its DER in base64 (docs/configuration.md, Settings)`,
    );
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new ConfigError(`${source} is a ${key.asymmetricKeyType ?? 'unknown'} key: audit checkpoints are signed with Ed25519`);
  }
  return describeAuditKey(key);
}

export function generateAuditSigningKeyPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/**
 * The local and demo setup's key, made once (mode 0600) and reused, so that the checkpoints of
 * earlier starts still verify. `created` tells the start to say so in its log.
 */
export function ensureLocalAuditKey(dataDir: string): { key: AuditSigningKey; file: string; created: boolean } {
  const file = path.join(dataDir, localAuditKeyName);
  mkdirSync(dataDir, { recursive: true });
  const made = generateAuditSigningKeyPem();
  try {
    // 'wx': two processes starting together keep one key.
    writeFileSync(file, made, { mode: 0o600, flag: 'wx' });
    return { key: parseAuditSigningKey(made, file), file, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return { key: parseAuditSigningKey(readFileSync(file, 'utf8'), file), file, created: false };
}

export const auditKeyRefusal = (publicUrl: string) =>
  `Audit checkpoints need a signing key at ${publicUrl}: set AUDIT_SIGNING_KEY (an Ed25519 private key, PKCS8 PEM or base64) ` +
  `or AUDIT_SIGNING_KEY_FILE (a file holding one), made with \`openssl genpkey -algorithm ed25519\` and kept with your secrets, ` +
  `never in the database (docs/operators.md, The audit trail's anchor).`;

export type AuditKeySource = { kind: 'env' } | { kind: 'file'; file: string } | { kind: 'local'; file: string; created: boolean };

type KeyConfig = Pick<Config, 'auditSigningKey' | 'auditSigningKeyFile' | 'dataDir' | 'publicUrl'>;

/**
 * The signing key: AUDIT_SIGNING_KEY or AUDIT_SIGNING_KEY_FILE when set; on a local address
 * without either, the pair kept in DATA_DIR; any other address without one refuses to start,
 * since a key made on the server's own disk beside the database would anchor nothing.
 */
export function resolveAuditSigningKey(config: KeyConfig): { key: AuditSigningKey; source: AuditKeySource } {
  if (config.auditSigningKey !== undefined) {
    return { key: parseAuditSigningKey(config.auditSigningKey, 'AUDIT_SIGNING_KEY'), source: { kind: 'env' } };
  }
  if (config.auditSigningKeyFile !== undefined) {
    const file = config.auditSigningKeyFile;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new ConfigError(`AUDIT_SIGNING_KEY_FILE (${file}) cannot be read: ${(error as Error).message}`);
    }
    return { key: parseAuditSigningKey(text, `AUDIT_SIGNING_KEY_FILE (${file})`), source: { kind: 'file', file } };
  }
  if (!isLocalAddress(config.publicUrl)) throw new ConfigError(auditKeyRefusal(config.publicUrl));
  const local = ensureLocalAuditKey(config.dataDir);
  return { key: local.key, source: { kind: 'local', file: local.file, created: local.created } };
}
