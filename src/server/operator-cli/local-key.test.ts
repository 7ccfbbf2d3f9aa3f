import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLocalOperatorKey, localOperatorKeyPath, readLocalOperatorKey } from './local-key';

const folders: string[] = [];
function freshDataDir() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-opskey-'));
  folders.push(folder);
  return path.join(folder, 'data');
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the local operator key', () => {
  it('is made once, readable by its owner only, and reused by every later start', () => {
    const dataDir = freshDataDir();
    expect(readLocalOperatorKey(dataDir)).toBeUndefined();
    const key = ensureLocalOperatorKey(dataDir);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(localOperatorKeyPath(dataDir)).mode & 0o777).toBe(0o600);
    expect(ensureLocalOperatorKey(dataDir)).toBe(key);
    expect(readLocalOperatorKey(dataDir)).toBe(key);
  });

  it('narrows a copied key to its owner, and replaces a damaged one', () => {
    const dataDir = freshDataDir();
    const key = ensureLocalOperatorKey(dataDir);
    chmodSync(localOperatorKeyPath(dataDir), 0o644);
    expect(ensureLocalOperatorKey(dataDir)).toBe(key);
    expect(statSync(localOperatorKeyPath(dataDir)).mode & 0o777).toBe(0o600);
    writeFileSync(localOperatorKeyPath(dataDir), 'truncat');
    const replaced = ensureLocalOperatorKey(dataDir);
    expect(replaced).not.toBe(key);
    expect(readFileSync(localOperatorKeyPath(dataDir), 'utf8').trim()).toBe(replaced);
  });
});
