import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../db/client';

/**
 * Vitest's global setup: one migrated database of each kind, made once per migration set, that every
 * test database starts as (databases.ts). A fresh PGlite otherwise runs initdb and all the migrations,
 * about 2.5 s each time, for each of the hundred-odd databases a run opens; a copy loads in about 0.5 s.
 * Where the copies are travels to the test workers in the environment.
 */
export default async function prepareDatabaseTemplates(): Promise<void> {
  const version = migrationsVersion();
  process.env.TEST_PGLITE_TEMPLATE = await pgliteTemplate(version);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) process.env.TEST_POSTGRES_TEMPLATE = await postgresTemplate(adminUrl, version);
}

/** The migrations' files and PGlite's version: a change to either makes new copies. */
function migrationsVersion(): string {
  const hash = createHash('sha256');
  const visit = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) visit(file);
      else hash.update(name).update(readFileSync(file));
    }
  };
  visit(migrationsFolder);
  hash.update(readFileSync(path.resolve('node_modules', '@electric-sql', 'pglite', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(version: string): Promise<string> {
  const folder = path.resolve('.tmp', 'test-templates');
  const file = path.join(folder, `pglite-${version}.tar`);
  try {
    statSync(file);
    return file;
  } catch {
    // Not made yet for these migrations.
  }
  mkdirSync(folder, { recursive: true });
  for (const old of readdirSync(folder)) if (old.startsWith('pglite-')) rmSync(path.join(folder, old), { force: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    const client: unknown = Reflect.get(handle.db, '$client');
    if (!isDumpable(client)) throw new Error('PGlite client not found on the drizzle database');
    const dump = await client.dumpDataDir('none');
    // Written aside, then renamed: a run started meanwhile never reads half a copy.
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await handle.close();
  }
  return file;
}

function isDumpable(value: unknown): value is { dumpDataDir(compression: 'none'): Promise<Blob> } {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'dumpDataDir') === 'function';
}

const templateLifetimeMs = 24 * 60 * 60 * 1000;

/** A migrated database on the server that `create database … template` copies. */
async function postgresTemplate(adminUrl: string, version: string): Promise<string> {
  const name = `roundtrip_template_${version}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const existing = await admin.query<{ datname: string; made: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as made from pg_database where datname like 'roundtrip_template_%'`,
    );
    if (existing.rows.some((row) => row.datname === name)) return name;
    // Other versions' templates go once they are a day old: two branches tested side by side on one
    // server (each with its own migrations) would otherwise drop each other's in mid-run.
    const stale = existing.rows.filter((row) => !(Number(row.made) > Date.now() - templateLifetimeMs));
    for (const row of stale) await admin.query(`drop database if exists ${row.datname} with (force)`);
    // Migrated under another name, then renamed: a copy is never taken of a half-migrated template.
    const building = `roundtrip_building_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${building}`);
    await admin.query(`comment on database ${building} is '${Date.now()}'`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    await handle.close();
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      // Another run made it meanwhile.
      await admin.query(`drop database if exists ${building} with (force)`);
      const made = await admin.query(`select 1 from pg_database where datname = $1`, [name]);
      if (made.rowCount === 0) throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}
