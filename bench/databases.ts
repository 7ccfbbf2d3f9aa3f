// A database for one bench run: a PGlite folder, or a new database on the PostgreSQL server, both
// gone after the run. Shared by the API and read-after-write benches.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../src/server/db/client';

export type BenchDatabaseKind = 'pglite' | 'postgres';

export interface BenchDatabase {
  kind: BenchDatabaseKind;
  dataDir: string;
  /** What the server process needs to open it. */
  env: Record<string, string>;
  /** What the seeding opens while the server is stopped (an embedded folder has one holder at a time). */
  target: DatabaseTarget;
  drop(): Promise<void>;
}

export async function freshDatabase(kind: BenchDatabaseKind, postgresUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-bench-'));
  if (kind === 'pglite') {
    return {
      kind,
      dataDir,
      env: { DATA_DIR: dataDir },
      target: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), role: 'bench' },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!postgresUrl) throw new Error('no PostgreSQL URL');
  const name = `roundtrip_bench_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    target: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const dropper = new pg.Client({ connectionString: postgresUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
