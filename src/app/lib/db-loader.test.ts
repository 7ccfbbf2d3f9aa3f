import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { databaseLoaded, hasStoredData, loadDatabase } from './db-loader';

describe('loading the database only when something is stored', () => {
  it('finds nothing stored on a first visit, then the database once it has been used', async () => {
    expect(await hasStoredData()).toBe(false);
    let announced = false;
    void databaseLoaded.then(() => (announced = true));

    const { db } = await loadDatabase();
    await db.kv.put({ key: 'query-cache', value: '{}' });

    expect(await hasStoredData()).toBe(true);
    expect(announced).toBe(true);
    expect((await indexedDB.databases()).map((database) => database.name)).toContain('roundtrip');
    db.close();
  });
});
