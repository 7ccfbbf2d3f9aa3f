import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createTestApp } from '../../testing/test-app';
import { testOperatorKey } from '../../testing/wallet';
import { saveMethod, usBankAccount, verifiedCustomer } from '../../testing/withdrawals';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');

/** `npm run ops -- payment-key rotate` as an operator runs it, on an embedded database in DATA_DIR. */
async function ops(dataDir: string, args: string[], env: Record<string, string> = {}) {
  return run(path.join(root, 'node_modules', '.bin', 'tsx'), ['src/server/operator-cli/cli.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? 1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

describe('npm run ops -- payment-key rotate (PGlite in DATA_DIR)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'payment-key-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const openHere = (): Promise<DatabaseHandle> => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), role: 'test' });
  const firstStart = async () => {
    const database = await openHere();
    const t = await createTestApp('pglite', { database, env: { DATA_DIR: dataDir, OPS_KEY: testOperatorKey } });
    try {
      const person = await verifiedCustomer(t);
      await saveMethod(t, person.headers, 'TRANSFERWISE', usBankAccount);
      return { person, t, database };
    } catch (error) {
      await t.close();
      await database.close();
      throw error;
    }
  };

  it('re-seals with a new key file; then, with PAYMENT_DATA_KEY, prints the new key once; saved methods stay readable', async () => {
    // A server's first start: the key file is made, one bank account saved.
    const first = await firstStart();
    await first.t.close();
    await first.database.close();
    const keyFile = path.join(dataDir, 'payment-data.key');
    const oldKey = readFileSync(keyFile, 'utf8');

    const rotated = await ops(dataDir, ['payment-key', 'rotate']);
    expect(rotated.stderr.replace(/^npm warn.*\n/gm, '')).toBe('');
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toMatch(/Re-sealed 1 saved payment method\(s\) and 0 withdrawal destination\(s\)/);
    expect(rotated.stdout).toContain(`${keyFile} now holds the new key`);
    expect(readFileSync(keyFile, 'utf8')).not.toBe(oldKey);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    // The operator moves to PAYMENT_DATA_KEY and rotates again: the new key is printed.
    const current = readFileSync(keyFile, 'utf8').trim();
    const again = await ops(dataDir, ['payment-key', 'rotate'], { PAYMENT_DATA_KEY: current });
    expect(again.code).toBe(0);
    const printed = /\n\n {2}([A-Za-z0-9+/=]{44})\n\n/.exec(again.stdout)?.[1];
    expect(printed).toBeDefined();
    expect(Buffer.from(printed!, 'base64')).toHaveLength(32);

    // The key before it no longer opens anything: the command refuses it and changes nothing.
    const stale = await ops(dataDir, ['payment-key', 'rotate'], { PAYMENT_DATA_KEY: current });
    expect(stale.code).toBe(2);
    expect(stale.stderr).toMatch(/nothing was changed/);

    const database = await openHere();
    try {
      const t = await createTestApp('pglite', { database, env: { DATA_DIR: dataDir, PAYMENT_DATA_KEY: printed! } });
      const methods = await t.inject({ method: 'GET', url: '/api/v2/payment_methods', headers: first.person.headers });
      expect(methods.statusCode).toBe(200);
      expect(methods.json().data.transfer_wise_data.account_number).toBe('•••• 6789');
      await t.close();
    } finally {
      await database.close();
    }
    // Three CLI processes, each opening the embedded database: slow on a busy machine, not timed.
  }, 120_000);
});
