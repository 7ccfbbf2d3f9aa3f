import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`, which drizzle types as unknown. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or an open transaction: what a statement that may run inside a caller's transaction takes. */
export type Executor = Database | Transaction;

/** Builds what builtOnce keeps; the app's drizzle instances use the same default options. */
const dialect = new PgDialect();

/**
 * A statement built once (`sql.placeholder` for its values) instead of by drizzle on every call,
 * and, given a name, sent under it: node-postgres then has PostgreSQL parse and plan it once a
 * connection and only bind and run it after that. The writes' multi-line reads cost PostgreSQL
 * more to parse and plan than to run, and drizzle about as much again to build, on the two cores
 * the customers' reads wait for. A name must be unique to its text (a connection refuses a second
 * text under a name it knows). Without a name PostgreSQL plans it for each call's values (a plan
 * kept for every customer could be the wrong one for some). PGlite ignores the name.
 */
export function builtOnce(
  name: string | undefined,
  build: () => SQL,
): (executor: Executor, values: Record<string, unknown>) => Promise<unknown> {
  let query: Query | undefined;
  return (executor, values) => {
    query ??= dialect.sqlToQuery(build());
    return executor._.session.prepareQuery(query, undefined, name, false).execute(values);
  };
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded database's folder lock (absent for PostgreSQL and in-memory PGlite). */
  lock?: DataDirLock;
  /**
   * Embedded only: NOTIFY payloads of a channel. PGlite runs in this process and hands them over
   * while the writing statement's COMMIT is answered, before its caller resumes, so a listener
   * sees every change before anyone can read it (docs/data.md, Checking the access token).
   */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<void>;
  /**
   * PostgreSQL only: a few connections of their own for the access-token checks. Writers of one
   * customer wait on its rows while holding pooled connections; a check, which every read makes,
   * must not wait behind them for a connection (16 writers to one customer held all 10).
   */
  checksDb?: Database;
  close(): Promise<void>;
}

/**
 * PGlite runs each statement synchronously on our thread, and its queue hands the database to the
 * next waiting statement or transaction in a promise callback: a queue of 16 writes (about 10 ms
 * each) then ran back to back for 160 ms without the event loop taking a request in, answering
 * one from memory, or delivering a finished compression. Each statement, inside a transaction or
 * alone, first lets the event loop through once (setImmediate runs after pending I/O), so a call
 * that needs no database waits for one statement at most (a few ms), not for a whole transaction
 * (a write's five statements held it for about 8 ms) nor for the queue. The queue's order is kept:
 * a transaction keeps the database between its statements, and every statement outside one takes
 * its turn through the transaction queue first.
 */
class EmbeddedPGlite extends PGlite {
  override _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return super._runExclusiveQuery(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return fn();
    });
  }
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** PostgreSQL: how many connections the access-token checks have (DatabaseHandle.checksDb). */
export const checkConnections = 3;

/** Any number above 2^31 keyed to this app: serializes migrations of instances starting together. */
const migrationLockKey = 727_413_201;

export type DatabaseTarget =
  /** role names the holder in the folder's lock (`server`, `ops`, `bench`): see data-dir-lock.ts. */
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      role?: string;
      /**
       * In memory only: the cluster starts as this copy (PGlite's dumpDataDir) of an already migrated
       * database instead of an empty one, which skips initdb and the migrations (the tests' databases).
       */
      startFrom?: Blob;
    }
  | { kind: 'postgres'; url: string; onIdleConnectionError?: (error: Error) => void };

/** Open the database and bring its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    let lock: DataDirLock | undefined;
    if (target.dataDir) {
      mkdirSync(path.dirname(target.dataDir), { recursive: true });
      lock = acquireDataDirLock(target.dataDir, target.role ?? 'server');
      mkdirSync(target.dataDir, { recursive: true });
    }
    try {
      const client = new EmbeddedPGlite(
        target.startFrom && !target.dataDir ? { loadDataDir: target.startFrom } : { dataDir: target.dataDir },
      );
      await client.waitReady;
      const db = drizzlePglite({ client, schema });
      await migratePglite(db, { migrationsFolder });
      const close = async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      };
      const listen = async (channel: string, onPayload: (payload: string) => void) => {
        await client.listen(channel, onPayload);
      };
      return { db, kind: 'pglite', ...(lock ? { lock } : {}), listen, close };
    } catch (error) {
      lock?.release();
      throw error;
    }
  }

  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  // An idle connection dropped by the server (restart, failover, a forced drop) must not crash the
  // process: the pool replaces it on the next query.
  pool.on('error', (error) => target.onIdleConnectionError?.(error));
  const migrationClient = await pool.connect();
  try {
    await migrationClient.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migratePostgres(drizzlePostgres({ client: migrationClient, schema }), { migrationsFolder });
    await migrationClient.query('select pg_advisory_unlock($1)', [migrationLockKey]);
  } finally {
    migrationClient.release();
  }
  const db = drizzlePostgres({ client: pool, schema });
  const checksPool = new pg.Pool({ connectionString: target.url, max: checkConnections });
  checksPool.on('error', (error) => target.onIdleConnectionError?.(error));
  const checksDb = drizzlePostgres({ client: checksPool, schema });
  return {
    db,
    kind: 'postgres',
    checksDb,
    close: async () => {
      await Promise.all([pool.end(), checksPool.end()]);
    },
  };
}
