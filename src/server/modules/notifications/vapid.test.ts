import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { resolveVapidKeys } from './vapid';

describe('VAPID keys', () => {
  const keys = webpush.generateVAPIDKeys();
  const configured = {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: 'mailto:ops@roundtrip.example',
  };

  it('a local server makes a pair once in DATA_DIR (mode 0600) and uses it at every start', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    const first = resolveVapidKeys(loadConfig({ DATA_DIR: dataDir }));
    expect(first?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(statSync(path.join(dataDir, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(resolveVapidKeys(loadConfig({ DATA_DIR: dataDir }))).toEqual(first);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'vapid.json'), 'utf8'))).toEqual({
      publicKey: first?.publicKey,
      privateKey: first?.privateKey,
    });
  });

  it('a public address refuses to start without configured keys, unless push is off', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    const production = { DATA_DIR: dataDir, PUBLIC_URL: 'https://roundtrip.example' };
    expect(() => resolveVapidKeys(loadConfig(production))).toThrow(ConfigError);
    expect(() => resolveVapidKeys(loadConfig(production))).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY.*WEB_PUSH=false/s);
    expect(resolveVapidKeys(loadConfig({ ...production, WEB_PUSH: 'false' }))).toBeUndefined();
    expect(resolveVapidKeys(loadConfig({ ...production, ...configured }))).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: 'mailto:ops@roundtrip.example',
    });
  });

  it('takes all three settings or none, in their formats', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/go together/);
    expect(() => loadConfig({ ...configured, VAPID_PRIVATE_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...configured, VAPID_SUBJECT: 'ops@roundtrip.example' })).toThrow(/mailto:/);
  });
});
