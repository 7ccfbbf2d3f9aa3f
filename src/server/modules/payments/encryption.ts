import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

/**
 * Bank details at rest: AES-256-GCM, a fresh 12-byte IV per value, and the owner and method as
 * associated data, so a value copied to another customer's row does not open. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); the version leaves room for a key rotation.
 */
export interface PaymentCipher {
  seal(value: unknown, owner: string): string;
  open(sealed: string, owner: string): unknown;
}

const keyFileName = 'payment-data.key';

/**
 * The key: PAYMENT_DATA_KEY when set (required with several instances: they must share it),
 * else DATA_DIR/payment-data.key, written on first start with mode 0600. Losing the key
 * loses the stored bank details (customers enter them again); it is never logged.
 */
export function loadPaymentDataKey(config: Pick<Config, 'paymentDataKey' | 'dataDir'>): Buffer {
  if (config.paymentDataKey) return Buffer.from(config.paymentDataKey, 'base64');
  const file = path.join(config.dataDir, keyFileName);
  try {
    return decodeKeyFile(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // 'wx': two processes starting together do not overwrite each other's key; the loser reads the winner's.
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return decodeKeyFile(readFileSync(file, 'utf8'), file);
  }
}

function decodeKeyFile(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

export function createPaymentCipher(key: Buffer): PaymentCipher {
  if (key.length !== 32) throw new Error('the payment data key must be 32 bytes');
  return {
    seal(value, owner) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(owner));
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, owner) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed payment value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(owner));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as unknown;
    },
  };
}

export function openPaymentCipher(config: Pick<Config, 'paymentDataKey' | 'dataDir'>): PaymentCipher {
  return createPaymentCipher(loadPaymentDataKey(config));
}
