import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtOnce, rowsOf, type DatabaseHandle } from './client';
import { createTestDatabase, databaseKinds } from '../testing/databases';

describe('the embedded database and the event loop', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('lets the event loop in between queued statements, in their order', async () => {
    const finished: number[] = [];
    const queued = Array.from({ length: 10 }, (_, index) =>
      database.db.execute(sql`select ${index}::int as n`).then(() => finished.push(index)),
    );
    // A request arriving now is I/O: it must get in before the whole queue has run, not after it.
    let doneWhenLetIn = -1;
    setImmediate(() => (doneWhenLetIn = finished.length));
    await Promise.all(queued);
    expect(doneWhenLetIn).toBeGreaterThanOrEqual(0);
    expect(doneWhenLetIn).toBeLessThan(10);
    expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe.each(databaseKinds)('a statement built once (%s)', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const twice = builtOnce('roundtrip_test_twice', () => sql`select ${sql.placeholder('n')}::int * 2 as doubled`);

  it('runs with the values of each call, alone and in a transaction, and PostgreSQL keeps it under its name', async () => {
    const doubled = async (result: Promise<unknown>) => rowsOf<{ doubled: number }>(await result)[0]?.doubled;
    expect(await doubled(twice(database.db, { n: 2 }))).toBe(4);
    const prepared = await database.db.transaction(async (tx) => {
      expect(await doubled(twice(tx, { n: 3 }))).toBe(6);
      expect(await doubled(twice(tx, { n: 5 }))).toBe(10);
      return rowsOf<{ name: string }>(await tx.execute(sql`select name from pg_prepared_statements`)).map((row) => row.name);
    });
    // PGlite runs in this process and ignores the name.
    if (kind === 'postgres') expect(prepared).toContain('roundtrip_test_twice');
  });
});
