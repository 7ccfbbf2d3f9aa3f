import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createPaymentCipher, loadPaymentDataKey } from './encryption';

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
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 0xff;
    parts[3] = body.toString('base64url');
    expect(() => cipher.open(parts.join('.'), 'user-1:TRANSFERWISE')).toThrow();
  });
});
