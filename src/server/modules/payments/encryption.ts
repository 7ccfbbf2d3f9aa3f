import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

/**
 * Bank details at rest: AES-256-GCM, a fresh 12-byte IV per value, and the owner and method as
 * associated data, so a value copied to another customer's row does not open. Stored as
 * `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url): the key id says which key sealed it, so an
 * instance holding several keys (during a rotation) opens each value with the right one.
 * Values sealed before key ids existed read `v1.<iv>.<tag>.<ciphertext>`; they still open (every
 * key held is tried) and a rotation rewrites them as v2.
 */
export interface PaymentCipher {
  /** The id of the key new values are sealed with. */
  readonly keyId: string;
  /** Every key this instance can open values with (the sealing key first). */
  readonly keys: readonly PaymentKey[];
  seal(value: unknown, owner: string): string;
  open(sealed: string, owner: string): unknown;
}

/** A 32-byte key with its public id and verifier: both HMACs made with the key, neither reveals it. */
export interface PaymentKey {
  id: string;
  verifier: string;
  key: Buffer;
}

export type PaymentKeyErrorCode =
  /** The database lists a key (by id) that sealed stored values and this instance does not hold. */
  | 'PAYMENT_KEY_NOT_HELD'
  /** Stored values (sealed before key ids were recorded) open with none of this instance's keys. */
  | 'PAYMENT_DATA_UNREADABLE'
  /** A key file or key value that is not 32 bytes of base64. */
  | 'PAYMENT_KEY_INVALID';

/** Why the payment-data key cannot be used: printed at start (no stack) or by the operator CLI. */
export class PaymentKeyError extends Error {
  override name = 'PaymentKeyError';
  constructor(
    readonly code: PaymentKeyErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const paymentKeyFileName = 'payment-data.key';
/** Written by a rotation before its transaction commits, renamed over the key file after. */
export const nextPaymentKeyFileName = 'payment-data.key.next';

export function describePaymentKey(key: Buffer): PaymentKey {
  if (key.length !== 32) throw new PaymentKeyError('PAYMENT_KEY_INVALID', 'the payment-data key must be 32 bytes');
  const mac = (label: string) => createHmac('sha256', key).update(label).digest();
  return {
    id: mac('roundtrip payment-data key id').subarray(0, 9).toString('base64url'),
    verifier: mac('roundtrip payment-data key verifier').toString('base64url'),
    key,
  };
}

export function generatePaymentDataKey(): Buffer {
  return randomBytes(32);
}

/** Where this instance's sealing key came from: PAYMENT_DATA_KEY, or a file in DATA_DIR. */
export type PaymentKeySource = { kind: 'env' } | { kind: 'file'; file: string };

export interface PaymentKeyring {
  current: Buffer;
  /** Keys used for opening only (PAYMENT_DATA_READ_KEYS; a rotation's key file left behind by a crash). */
  readOnly: Buffer[];
  source: PaymentKeySource;
}

type KeyConfig = Pick<Config, 'paymentDataKey' | 'paymentDataReadKeys' | 'dataDir'>;

/**
 * The keys: PAYMENT_DATA_KEY when set (with several instances every one must have it), else
 * DATA_DIR/payment-data.key, written on first start with mode 0600; PAYMENT_DATA_READ_KEYS
 * adds keys that open values but never seal. Keys are never logged.
 */
export function loadPaymentKeyring(config: KeyConfig): PaymentKeyring {
  const readOnly = config.paymentDataReadKeys.map((text) => decodeKey(text, 'PAYMENT_DATA_READ_KEYS'));
  if (config.paymentDataKey) return { current: decodeKey(config.paymentDataKey, 'PAYMENT_DATA_KEY'), readOnly, source: { kind: 'env' } };
  const file = path.join(config.dataDir, paymentKeyFileName);
  const next = readKeyFile(path.join(config.dataDir, nextPaymentKeyFileName));
  return { current: loadPaymentDataKey(config), readOnly: next ? [...readOnly, next] : readOnly, source: { kind: 'file', file } };
}

/** The sealing key alone (see loadPaymentKeyring). */
export function loadPaymentDataKey(config: Pick<Config, 'paymentDataKey' | 'dataDir'>): Buffer {
  if (config.paymentDataKey) return decodeKey(config.paymentDataKey, 'PAYMENT_DATA_KEY');
  const file = path.join(config.dataDir, paymentKeyFileName);
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(config.dataDir, { recursive: true });
  const key = generatePaymentDataKey();
  try {
    // 'wx': two processes starting together do not overwrite each other's key; the loser reads the winner's.
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKeyFile(file) ?? key;
  }
}

function readKeyFile(file: string): Buffer | undefined {
  try {
    return decodeKey(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function decodeKey(text: string, where: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new PaymentKeyError('PAYMENT_KEY_INVALID', `${where} does not hold a 32-byte base64 key`);
  return key;
}

/** Replace DATA_DIR's key file in one step (write beside it with mode 0600, then rename). */
export function writeKeyFileAtomically(file: string, key: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${key.toString('base64')}\n`, { mode: 0o600 });
  try {
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The key id a sealed value names; undefined for a v1 value (sealed before ids were recorded). */
export function sealedKeyId(sealed: string): string | undefined {
  return sealed.startsWith('v2.') ? sealed.split('.')[1] : undefined;
}

function openWith(key: Buffer, iv: string, tag: string, body: string, owner: string): unknown {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as unknown;
}

/** Seals with `key`; opens with it or any of `readKeys`. */
export function createPaymentCipher(key: Buffer, readKeys: readonly Buffer[] = []): PaymentCipher {
  const sealing = describePaymentKey(key);
  const keys = [sealing, ...readKeys.map(describePaymentKey).filter((other) => other.id !== sealing.id)];
  const byId = new Map(keys.map((entry) => [entry.id, entry]));
  return {
    keyId: sealing.id,
    keys,
    seal(value, owner) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(owner));
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return ['v2', sealing.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, owner) {
      const parts = sealed.split('.');
      if (parts[0] === 'v2' && parts.length === 5) {
        const [, keyId, iv, tag, body] = parts as [string, string, string, string, string];
        const entry = byId.get(keyId);
        if (!entry)
          throw new PaymentKeyError('PAYMENT_KEY_NOT_HELD', `a payment value sealed with key ${keyId}, which this instance does not hold`);
        return openWith(entry.key, iv, tag, body, owner);
      }
      if (parts[0] === 'v1' && parts.length === 4) {
        const [, iv, tag, body] = parts as [string, string, string, string];
        let failure: unknown;
        for (const entry of keys) {
          try {
            return openWith(entry.key, iv, tag, body, owner);
          } catch (error) {
            failure = error;
          }
        }
        throw failure;
      }
      throw new Error('not a sealed payment value');
    },
  };
}

/**
 * The cipher from configuration alone, without the database check: for unit tests and tools
 * that check themselves. A server uses openCheckedPaymentCipher (key-check.ts).
 */
export function openPaymentCipher(config: KeyConfig): PaymentCipher {
  const keyring = loadPaymentKeyring(config);
  return createPaymentCipher(keyring.current, keyring.readOnly);
}
