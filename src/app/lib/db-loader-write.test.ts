import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { hasStoredData, loadDatabase, readStoredValue, storedSchema, writeStoredValue } from './db-loader';

describe('saving the query cache before Dexie has loaded', () => {
  it("creates the database with Dexie's schema, which Dexie then opens as its own without an upgrade", async () => {
    expect(await hasStoredData()).toBe(false);
    await writeStoredValue('query-cache', '{"clientState":{}}');
    expect(await hasStoredData()).toBe(true);
    expect(await readStoredValue('query-cache')).toBe('{"clientState":{}}');

    const { db } = await loadDatabase();
    let upgraded = false;
    db.on('populate', () => void (upgraded = true));
    await db.open();
    expect(upgraded).toBe(false);
    expect(db.verno * 10).toBe(storedSchema.version);
    expect((await db.kv.get('query-cache'))?.value).toBe('{"clientState":{}}');
    // The outbox's indexes are the ones db.ts declares: its queries run on them.
    for (const table of db.tables)
      expect({ name: table.name, key: table.schema.primKey.keyPath, indexes: table.schema.indexes.map((index) => index.name) }).toEqual({
        name: table.name,
        key: storedSchema.tables[table.name as keyof typeof storedSchema.tables].keyPath,
        indexes: [...storedSchema.tables[table.name as keyof typeof storedSchema.tables].indexes],
      });
    const native = await new Promise<IDBDatabase>((resolve) => {
      const opening = indexedDB.open('roundtrip');
      opening.onsuccess = () => resolve(opening.result);
    });
    expect(native.version).toBe(storedSchema.version);
    native.close();

    // Once Dexie is loaded, it writes: the two never hold the database apart.
    await writeStoredValue('query-cache', '{"clientState":{"queries":[]}}');
    expect((await db.kv.get('query-cache'))?.value).toBe('{"clientState":{"queries":[]}}');
    await db.outbox.orderBy('createdAt').toArray();
    db.close();
  });
});
