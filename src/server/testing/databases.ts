import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (CI does). */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops it, closing whatever connections are left (`with (force)`). */
  drop(): Promise<void>;
}

/**
 * A new, empty database `<prefix>_<random>` on the PostgreSQL server of `adminUrl` (a role that may
 * create databases), for the tests, the bench and the soak.
 */
export async function createScratchDatabase(adminUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template)) throw new Error(`not a database name: ${template}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  return scratchDatabaseNamed(adminUrl, name);
}

/** A database made by createScratchDatabase earlier (the scale bench measures one a stopped run left). */
export function scratchDatabaseNamed(adminUrl: string, name: string): ScratchDatabase {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name: ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

let pgliteTemplate: Blob | undefined;

/** The migrated PGlite copy vitest's global setup made (database-templates.ts); none outside vitest. */
function pgliteStart(): Blob | undefined {
  const file = process.env.TEST_PGLITE_TEMPLATE;
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/** A new, empty, migrated database that disappears on close. */
export async function createTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const startFrom = pgliteStart();
    return openDatabase({ kind: 'pglite', dataDir: undefined, ...(startFrom ? { startFrom } : {}) });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const scratch = await createScratchDatabase(adminUrl, 'roundtrip_test', process.env.TEST_POSTGRES_TEMPLATE);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}
