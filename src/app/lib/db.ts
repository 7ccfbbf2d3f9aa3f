import { Dexie, type EntityTable } from 'dexie';
import { clientDatabaseName, type keyValueTableName, type OutboxEntry, type outboxTableName } from '#domain/outbox';

// Loaded through db-loader: whoever uses the database waits for this module, nobody imports it up front.
export { liveQuery } from 'dexie';

interface KeyValue {
  key: string;
  value: string;
}

// The entry's shape is shared with the service worker, which reads the table when no window is open.
export type { OutboxEntry, OutboxMethod } from '#domain/outbox';

/**
 * The app's IndexedDB database. Sign-out empties every table (see clearDatabase).
 * Version 2 adds the outbox.
 */
class RoundtripDatabase extends Dexie {
  kv!: EntityTable<KeyValue, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;

  constructor() {
    super(clientDatabaseName);
    this.version(1).stores({ kv: 'key' });
    // The service worker opens the outbox by its shared name (#domain/outbox), and the start reads the
    // saved cache by the key-value table's (db-loader.ts): the type check keeps the names the same.
    this.version(2).stores({ kv: 'key', outbox: 'id, state, nextAttemptAt, createdAt' } satisfies Record<
      typeof keyValueTableName | typeof outboxTableName,
      string
    >);
  }
}

export const db = new RoundtripDatabase();

type Listener = () => void;
const versionChangeListeners = new Set<Listener>();

/**
 * Another tab opened a newer version of the app and wants to upgrade the database. This tab
 * closes its connection so the upgrade can go on (nothing is lost: the outbox stays on disk
 * and the new version keeps its table), and asks the person to reload (see UpdatePrompt).
 */
export function onDatabaseVersionChange(listener: Listener): () => void {
  versionChangeListeners.add(listener);
  return () => versionChangeListeners.delete(listener);
}

db.on('versionchange', () => {
  db.close({ disableAutoOpen: false });
  for (const listener of versionChangeListeners) listener();
  // false: Dexie's default handler would close the connection for good.
  return false;
});

export async function clearDatabase(): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });
}
