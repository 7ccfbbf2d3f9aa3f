import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLocalOpsKey, localOpsKeyPath, readLocalOpsKey } from './local-key';

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
    expect(readLocalOpsKey(dataDir)).toBeUndefined();
    const key = ensureLocalOpsKey(dataDir);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(localOpsKeyPath(dataDir)).mode & 0o777).toBe(0o600);
    expect(ensureLocalOpsKey(dataDir)).toBe(key);
    expect(readLocalOpsKey(dataDir)).toBe(key);
  });

  it('narrows a copied key to its owner, and replaces a damaged one', () => {
    const dataDir = freshDataDir();
    const key = ensureLocalOpsKey(dataDir);
    chmodSync(localOpsKeyPath(dataDir), 0o644);
    expect(ensureLocalOpsKey(dataDir)).toBe(key);
    expect(statSync(localOpsKeyPath(dataDir)).mode & 0o777).toBe(0o600);
    writeFileSync(localOpsKeyPath(dataDir), 'truncat');
    const replaced = ensureLocalOpsKey(dataDir);
    expect(replaced).not.toBe(key);
    expect(readFileSync(localOpsKeyPath(dataDir), 'utf8').trim()).toBe(replaced);
  });
});
