import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readDataDirHolder } from '../db/data-dir-lock';

/**
 * The issue this guards: with `npm start` running on PGlite, `npm run ops` opened the same
 * folder, wrote into its own copy, and the server neither saw the change nor kept it. Real
 * processes here, as an operator runs them: the server, the CLI beside it, a restart.
 */
const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-ops-cli-'));
const environment = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  STATIC_DIR: path.join(dataDir, 'no-static-build'),
  SEED_DEMO: 'true',
  LOG_LEVEL: 'silent',
};
// The CLI must find the server on its own: no key, no PostgreSQL.
for (const name of ['OPS_KEY', 'DATABASE_URL', 'PAYMENT_DATA_KEY']) Reflect.deleteProperty(environment, name);
const children: ChildProcess[] = [];

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(
  script: string,
  args: string[] = [],
): { child: ChildProcess; output: { stdout: string; stderr: string }; exited: Promise<Finished> } {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repository,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<Finished>((resolve) => child.on('exit', (code) => resolve({ code, ...output })));
  return { child, output, exited };
}

/** A server on dataDir, once it listens (its banner printed); the code the banner offers to scan. */
async function startServer() {
  const server = start('src/server/main.ts');
  const ready = new Promise<void>((resolve) =>
    server.child.stdout!.on('data', () => server.output.stdout.includes('Press Ctrl-C') && resolve()),
  );
  const outcome = await Promise.race([ready.then(() => 'ready' as const), server.exited]);
  if (outcome !== 'ready') throw new Error(`the server did not start: ${outcome.stderr}`);
  const holder = readDataDirHolder(path.join(dataDir, 'pglite'));
  if (!holder?.url) throw new Error('the server holds no lock with its address');
  const tryCode = /demo\.us@roundtrip\.example\s+a code to scan: (\S+)/.exec(server.output.stdout)?.[1];
  return { ...server, url: holder.url, tryCode };
}

async function stop(server: { child: ChildProcess; exited: Promise<Finished> }) {
  server.child.kill('SIGINT');
  return server.exited;
}

function ops(...args: string[]): Promise<Finished> {
  return start('src/server/operator-cli/cli.ts', args).exited;
}

async function signIn(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/v2/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      client_id: 'roundtrip-web',
      country_code: 'us',
      email: 'demo.us@roundtrip.example',
      password: 'roundtrip-demo',
    }),
  });
  expect(response.status).toBe(200);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}

interface Balance {
  balance: { value: string };
  returned_items: number;
}

async function balanceOf(url: string, headers: Record<string, string>): Promise<{ cents: number; returned: number }> {
  const response = await fetch(`${url}/api/v2/user/balance`, { headers });
  const { data } = (await response.json()) as { data: Balance };
  return { cents: Math.round(Number(data.balance.value) * 100), returned: data.returned_items };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run ops beside npm start (PGlite)', () => {
  it(
    'goes through the running server: changes seen at once and kept over a restart; a second server is refused, naming the first',
    { timeout: 240_000 },
    async () => {
      const first = await startServer();
      const headers = await signIn(first.url);
      const before = await balanceOf(first.url, headers);

      const adjusted = await ops('adjust', '--email', 'demo.us@roundtrip.example', '--amount', '1.00', '--comment', 'Goodwill');
      expect(adjusted.code, adjusted.stderr).toBe(0);
      expect(adjusted.stderr).toBe('');
      expect(await balanceOf(first.url, headers)).toEqual({ cents: before.cents + 100, returned: before.returned });

      // A container the customer has just scanned in the app is pending for the operator at once.
      expect(first.tryCode).toBeDefined();
      const scan = await fetch(`${first.url}/api/v2/scans`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ id: crypto.randomUUID(), code: first.tryCode, scanned_at: new Date().toISOString() }),
      });
      expect(scan.status, `${first.tryCode}: ${await scan.clone().text()}`).toBe(201);
      const checkin = await ops('checkin', first.tryCode!);
      expect(checkin.code, checkin.stderr).toBe(0);
      const checkedIn = JSON.parse(checkin.stdout) as { checked_in: { code: string; deposit: { value: string } }[] };
      expect(checkedIn.checked_in.map((row) => row.code)).toEqual([first.tryCode]);
      const deposit = Math.round(Number(checkedIn.checked_in[0]!.deposit.value) * 100);
      expect(await balanceOf(first.url, headers)).toEqual({ cents: before.cents + 100 + deposit, returned: before.returned + 1 });

      const holder = readDataDirHolder(path.join(dataDir, 'pglite'));
      const second = await start('src/server/main.ts').exited;
      expect(second.code).not.toBe(0);
      expect(second.stderr).toContain(`process ${holder!.pid}`);

      expect((await stop(first)).code).toBe(0);
      expect(readDataDirHolder(path.join(dataDir, 'pglite'))).toBeUndefined();

      // No server: the CLI opens the folder itself.
      const offline = await ops('adjust', '--email', 'demo.us@roundtrip.example', '--amount', '0.25', '--comment', 'While stopped');
      expect(offline.code, offline.stderr).toBe(0);

      const again = await startServer();
      expect(await balanceOf(again.url, await signIn(again.url))).toEqual({
        cents: before.cents + 125 + deposit,
        returned: before.returned + 1,
      });
      expect((await stop(again)).code).toBe(0);
    },
  );
});
