import { Dexie, type EntityTable } from 'dexie';

interface KeyValue {
  key: string;
  value: string;
}

/**
 * The app's IndexedDB database. Later features add their tables (transactions,
 * outbox) with new versions; sign-out empties every table.
 */
class RoundtripDatabase extends Dexie {
  kv!: EntityTable<KeyValue, 'key'>;

  constructor() {
    super('roundtrip');
    this.version(1).stores({ kv: 'key' });
  }
}

export const db = new RoundtripDatabase();

export async function clearDatabase(): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });
}
