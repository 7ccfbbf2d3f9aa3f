import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createCipheriv } from 'node:crypto';
import { createPaymentCipher, describePaymentKey, loadPaymentDataKey, loadPaymentKeyring, PaymentKeyError } from './encryption';

/** A value as sealed before key ids were recorded: `v1.<iv>.<tag>.<ciphertext>`. */
function sealV1(key: Buffer, value: unknown, owner: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(owner));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

describe('payment data key and cipher', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'payment-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('makes a 0600 key file on first start and reads the same key afterwards', () => {
    const dataDir = tempDir();
    const first = loadPaymentDataKey({ dataDir, paymentDataKey: undefined });
    const file = path.join(dataDir, 'payment-data.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(first);
    expect(loadPaymentDataKey({ dataDir, paymentDataKey: undefined })).toEqual(first);
  });

  it('uses PAYMENT_DATA_KEY when set (no file), and refuses a key that is not 32 bytes', () => {
    const key = randomBytes(32);
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, PAYMENT_DATA_KEY: key.toString('base64') });
    expect(loadPaymentDataKey(config)).toEqual(key);
    expect(() => statSync(path.join(dataDir, 'payment-data.key'))).toThrow();
    expect(() => loadConfig({ PAYMENT_DATA_KEY: randomBytes(16).toString('base64') })).toThrow(ConfigError);
  });

  it('seals with a fresh IV, opens only with the same key and owner, and detects tampering', () => {
    const cipher = createPaymentCipher(randomBytes(32));
    const value = { iban: 'FR7630006000011234567890189' };
    const sealed = cipher.seal(value, 'user-1:TRANSFERWISE');
    expect(sealed).not.toContain('FR76');
    expect(cipher.seal(value, 'user-1:TRANSFERWISE')).not.toBe(sealed);
    expect(cipher.open(sealed, 'user-1:TRANSFERWISE')).toEqual(value);
    expect(() => cipher.open(sealed, 'user-2:TRANSFERWISE')).toThrow();
    expect(() => createPaymentCipher(randomBytes(32)).open(sealed, 'user-1:TRANSFERWISE')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 0xff;
    parts[4] = body.toString('base64url');
    expect(() => cipher.open(parts.join('.'), 'user-1:TRANSFERWISE')).toThrow();
  });

  it('names the sealing key in each value, opens with read keys too, and still opens v1 values', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = createPaymentCipher(oldKey);
    const during = createPaymentCipher(newKey, [oldKey]);
    const sealedBefore = before.seal({ email: 'a@example.com' }, 'u:PAYPAL');
    expect(sealedBefore.split('.').slice(0, 2)).toEqual(['v2', describePaymentKey(oldKey).id]);
    expect(during.open(sealedBefore, 'u:PAYPAL')).toEqual({ email: 'a@example.com' });
    expect(during.seal({ x: 1 }, 'u:PAYPAL').split('.')[1]).toBe(describePaymentKey(newKey).id);
    expect(during.open(sealV1(oldKey, { x: 2 }, 'u:LINE'), 'u:LINE')).toEqual({ x: 2 });
    // A key the instance does not hold: a typed refusal, not a decryption failure.
    expect(() => createPaymentCipher(newKey).open(sealedBefore, 'u:PAYPAL')).toThrow(PaymentKeyError);
    // The id and the verifier are derived from the key and show nothing of it.
    const described = describePaymentKey(oldKey);
    expect(described.verifier).not.toContain(oldKey.toString('base64url').slice(0, 8));
    expect(describePaymentKey(oldKey)).toEqual(described);
  });

  it('reads PAYMENT_DATA_READ_KEYS, and the key a rotation left beside the key file', () => {
    const dataDir = tempDir();
    const extra = randomBytes(32);
    const keyring = loadPaymentKeyring(loadConfig({ DATA_DIR: dataDir, PAYMENT_DATA_READ_KEYS: ` ${extra.toString('base64')} ` }));
    expect(keyring.readOnly).toEqual([extra]);
    expect(keyring.source).toEqual({ kind: 'file', file: path.join(dataDir, 'payment-data.key') });
    expect(() => loadConfig({ PAYMENT_DATA_READ_KEYS: 'short' })).toThrow(ConfigError);
  });
});
