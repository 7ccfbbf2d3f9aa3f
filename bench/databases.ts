// A database for one bench run: a PGlite folder, or a new database on the PostgreSQL server, both
// gone after the run. Shared by the API and read-after-write benches.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseTarget } from '../src/server/db/client';
import { createScratchDatabase } from '../src/server/testing/databases';

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
  const scratch = await createScratchDatabase(postgresUrl, 'roundtrip_bench');
  return {
    kind,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    target: { kind: 'postgres', url: scratch.url },
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}
