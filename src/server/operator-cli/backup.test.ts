import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { users } from '../db/schema';

const page = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/configuration.md'), 'utf8');

/** The command under `# backup: <kind>` or `# restore: <kind>` in docs/configuration.md, as written there. */
function documentedCommand(action: 'backup' | 'restore', kind: 'postgres' | 'pglite'): string {
  const lines = page.split('\n');
  const at = lines.indexOf(`# ${action}: ${kind}`);
  const command = lines[at + 1];
  if (at < 0 || !command) throw new Error(`docs/configuration.md has no "# ${action}: ${kind}" command`);
  return command;
}

function run(command: string, cwd: string, env: Record<string, string>) {
  execFileSync('bash', ['-euo', 'pipefail', '-c', command], { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
}

async function peopleIn(database: DatabaseHandle): Promise<string[]> {
  const rows = await database.db.select({ email: users.email }).from(users).orderBy(users.email);
  return rows.flatMap((row) => (row.email ? [row.email] : []));
}

async function addPerson(database: DatabaseHandle, email: string) {
  await database.db
    .insert(users)
    .values({ email, passwordHash: 'x', name: 'Backup Test', countryCode: 'us', locale: 'en-US', zipCode: '97205' });
}

// Each case opens a database three times and runs tar or pg_dump in a shell: on a loaded machine that
// is well past the default 30 s, without anything being wrong.
const processBudgetMs = 180_000;

describe('the backup and restore commands of docs/configuration.md', () => {
  it(
    'PGlite: a stopped data directory, archived and put back, is the state it had',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'roundtrip-backup-'));
      const work = mkdtempSync(path.join(tmpdir(), 'roundtrip-backup-work-'));
      try {
        writeFileSync(path.join(dataDir, 'payment-data.key'), randomBytes(32).toString('base64'), { mode: 0o600 });
        const first = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
        await addPerson(first, 'before.backup@example.com');
        await first.close();
        run(documentedCommand('backup', 'pglite'), work, { DATA_DIR: dataDir });

        const changed = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
        await addPerson(changed, 'after.backup@example.com');
        expect(await peopleIn(changed)).toEqual(['after.backup@example.com', 'before.backup@example.com']);
        await changed.close();

        run(documentedCommand('restore', 'pglite'), work, { DATA_DIR: dataDir });
        const restored = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
        expect(await peopleIn(restored)).toEqual(['before.backup@example.com']);
        await restored.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        rmSync(work, { recursive: true, force: true });
      }
    },
    processBudgetMs,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: a dump restored into an empty database has the same rows and schema',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const names = [`roundtrip_backup_${randomBytes(5).toString('hex')}`, `roundtrip_restore_${randomBytes(5).toString('hex')}`];
      const urlOf = (name: string) => {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        return url.toString();
      };
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const work = mkdtempSync(path.join(tmpdir(), 'roundtrip-backup-work-'));
      try {
        for (const name of names) await admin.query(`create database ${name}`);
        const source = await openDatabase({ kind: 'postgres', url: urlOf(names[0]!) });
        await addPerson(source, 'in.the.dump@example.com');
        run(documentedCommand('backup', 'postgres'), work, { DATABASE_URL: urlOf(names[0]!) });
        await addPerson(source, 'after.the.dump@example.com');
        await source.close();

        run(documentedCommand('restore', 'postgres'), work, { DATABASE_URL: urlOf(names[1]!) });
        // Opening it runs the migrations: none is missing, and the balance trigger came back with the dump.
        const restored = await openDatabase({ kind: 'postgres', url: urlOf(names[1]!) });
        expect(await peopleIn(restored)).toEqual(['in.the.dump@example.com']);
        const triggers = await restored.db.execute(sql`select count(*)::int as n from pg_trigger where tgname = 'ledger_entries_balance'`);
        expect((triggers as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
        await restored.close();
      } finally {
        for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
        rmSync(work, { recursive: true, force: true });
      }
    },
    processBudgetMs,
  );
});
