import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockFileOf, readDataDirHolder } from './data-dir-lock';

const folders: string[] = [];
function freshFolder() {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-lock-'));
  folders.push(parent);
  return path.join(parent, 'pglite');
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the embedded database folder lock', () => {
  it('refuses a second holder and names the first', () => {
    const folder = freshFolder();
    const first = acquireDataDirLock(folder, 'server');
    first.update({ url: 'http://127.0.0.1:8080' });
    let refusal: unknown;
    try {
      acquireDataDirLock(folder, 'ops');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect(String((refusal as Error).message)).toContain(`process ${process.pid}`);
    expect(String((refusal as Error).message)).toContain('http://127.0.0.1:8080');
    first.release();
    const second = acquireDataDirLock(folder, 'ops');
    expect(readDataDirHolder(folder)?.role).toBe('ops');
    second.release();
    expect(readDataDirHolder(folder)).toBeUndefined();
  });

  it('clears a lock left by a process that is gone', async () => {
    const folder = freshFolder();
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    writeFileSync(lockFileOf(folder), JSON.stringify({ pid: deadPid, host: os.hostname(), role: 'server', startedAt: 'yesterday' }));
    expect(readDataDirHolder(folder)).toBeUndefined();
    const lock = acquireDataDirLock(folder, 'server');
    expect(readDataDirHolder(folder)?.pid).toBe(process.pid);
    lock.release();
  });
});
