import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { createTestDatabase } from '../testing/databases';

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
