import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLocalOperatorKey } from './local-key';
import { isLoopbackServerUrl, isWritableOutput, sendCliCommand, type ServerTarget } from './server-client';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A port nobody listens on: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

function target(dataDir: string, url: string): ServerTarget {
  return {
    dataDir,
    folder: path.join(dataDir, 'pglite'),
    holder: { pid: 4242, host: os.hostname(), role: 'server', startedAt: '2026-01-01T00:00:00.000Z', url },
  };
}

const body = { argv: ['products'], files: {}, cwd: '/' };

describe('the CLI sending a command to the server holding the folder', () => {
  it('says so plainly when that server does not answer, and changes nothing', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-client-'));
    folders.push(dataDir);
    ensureLocalOperatorKey(dataDir);
    const answer = await sendCliCommand(target(dataDir, `http://127.0.0.1:${await closedPort()}`), body);
    expect(answer).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^Cannot reach the Roundtrip server holding .* \(process 4242, .*\): ECONNREFUSED\. Nothing was changed/,
      ),
    });
  });

  it('says the server made no local key when there is none (OPS_KEY is not sent: the server takes only the local key for commands)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-client-'));
    folders.push(dataDir);
    const answer = await sendCliCommand(target(dataDir, 'http://127.0.0.1:9'), body);
    expect(answer).toEqual({ ok: false, message: expect.stringContaining('made no ') });
  });

  it('speaks only to a loopback address: a lock file naming anything else gets no command and no key', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-client-'));
    folders.push(dataDir);
    ensureLocalOperatorKey(dataDir);
    for (const url of ['http://192.0.2.1:9', 'https://127.0.0.1:9', 'http://operator@127.0.0.1:9', 'http://127.0.0.1:9/collect']) {
      const answer = await sendCliCommand(target(dataDir, url), body);
      expect(answer, url).toEqual({ ok: false, message: expect.stringContaining('is not at a loopback address of this machine') });
    }
    expect(isLoopbackServerUrl('http://127.0.0.1:8080')).toBe(true);
    expect(isLoopbackServerUrl('http://[::1]:8080')).toBe(true);
    expect(isLoopbackServerUrl('http://localhost.attacker.example:8080')).toBe(false);
  });

  it('writes a returned file only under the working folder or where the command line named it', () => {
    expect(isWritableOutput('/home/operator/sheets/oat.svg', ['labels', '--out', 'sheets/oat.svg'], '/home/operator')).toBe(true);
    expect(isWritableOutput('/srv/exports/payouts.csv', ['payouts', 'export', '--out', '/srv/exports/payouts.csv'], '/home/operator')).toBe(
      true,
    );
    expect(isWritableOutput('/home/operator/.bashrc', ['labels'], '/home/operator/work')).toBe(false);
    expect(isWritableOutput('/etc/cron.d/roundtrip', ['products'], '/home/operator')).toBe(false);
  });
});
