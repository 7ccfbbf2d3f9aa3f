import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLocalOpsKey } from './local-key';
import { sendOpsCommand, type ServerTarget } from './server-client';

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

function target(dataDir: string, url: string, opsKey?: string): ServerTarget {
  return {
    dataDir,
    opsKey,
    folder: path.join(dataDir, 'pglite'),
    holder: { pid: 4242, host: os.hostname(), role: 'server', startedAt: '2026-01-01T00:00:00.000Z', url },
  };
}

const body = { argv: ['products'], files: {}, cwd: '/' };

describe('the CLI sending a command to the server holding the folder', () => {
  it('says so plainly when that server does not answer, and changes nothing', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-client-'));
    folders.push(dataDir);
    ensureLocalOpsKey(dataDir);
    const answer = await sendOpsCommand(target(dataDir, `http://127.0.0.1:${await closedPort()}`), body);
    expect(answer).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^Cannot reach the Roundtrip server holding .* \(process 4242, .*\): ECONNREFUSED\. Nothing was changed/,
      ),
    });
  });

  it('asks for a key when it has none', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-client-'));
    folders.push(dataDir);
    const answer = await sendOpsCommand(target(dataDir, 'http://127.0.0.1:9'), body);
    expect(answer).toEqual({ ok: false, message: expect.stringContaining('needs an operator key: set OPS_KEY') });
  });
});
