/**
 * The app's outbox table read and changed with plain IndexedDB: Dexie (about 30 KB compressed)
 * would double the worker for four calls. The app's Dexie schema (src/app/lib/db.ts) owns the
 * database; the worker never creates or upgrades it, and lets go of it when the app upgrades it.
 */
import { clientDatabaseName, outboxTableName, type OutboxEntry, type OutboxStore } from '#domain/outbox';
import { field } from './field';

const methods: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'] satisfies OutboxEntry['method'][];
const states: readonly string[] = ['pending', 'sending', 'failed'] satisfies OutboxEntry['state'][];

/** A row as the app writes it; anything else (a row of a future version it cannot read) is left alone. */
function isOutboxEntry(row: unknown): row is OutboxEntry {
  const text = (key: string) => typeof field(row, key) === 'string';
  const number = (key: string) => typeof field(row, key) === 'number';
  return (
    text('id') &&
    text('kind') &&
    text('endpoint') &&
    text('owner') &&
    methods.includes(String(field(row, 'method'))) &&
    states.includes(String(field(row, 'state'))) &&
    (field(row, 'keyIn') === 'body' || field(row, 'keyIn') === 'header') &&
    number('createdAt') &&
    number('attempts') &&
    number('nextAttemptAt')
  );
}

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** The database as the app left it, or undefined when it has none yet (then nothing was ever queued). */
function openExisting(): Promise<IDBDatabase | undefined> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(clientDatabaseName);
    let absent = false;
    // Opening creates a missing database: abandoning that creation leaves none behind for Dexie to trip on.
    request.onupgradeneeded = () => {
      absent = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => {
      const database = request.result;
      // A newer app upgrading the schema must not wait for the worker.
      database.onversionchange = () => database.close();
      resolve(database);
    };
    request.onerror = () => (absent ? resolve(undefined) : reject(request.error ?? new Error('IndexedDB open failed')));
  });
}

export interface ClosableOutboxStore extends OutboxStore {
  close(): void;
}

/** The outbox, or undefined when the device has none (nothing stored, or a database before the outbox existed). */
export async function openOutboxStore(): Promise<ClosableOutboxStore | undefined> {
  const database = await openExisting();
  if (!database) return undefined;
  if (!database.objectStoreNames.contains(outboxTableName)) {
    database.close();
    return undefined;
  }
  const table = (mode: IDBTransactionMode) => {
    const transaction = database.transaction(outboxTableName, mode);
    return { transaction, table: transaction.objectStore(outboxTableName) };
  };
  return {
    async all() {
      const rows: unknown[] = await settled(table('readonly').table.getAll());
      // Oldest first, as the app's orderBy('createdAt'); getAll's key order breaks ties the same way.
      return rows.filter(isOutboxEntry).sort((a, b) => a.createdAt - b.createdAt);
    },
    async remove(ids) {
      const { transaction, table: outbox } = table('readwrite');
      for (const id of ids) outbox.delete(id);
      await committed(transaction);
    },
    async update(id, changes) {
      const { transaction, table: outbox } = table('readwrite');
      const found: unknown = await settled(outbox.get(id));
      if (isOutboxEntry(found)) outbox.put({ ...found, ...changes });
      await committed(transaction);
    },
    close: () => database.close(),
  };
}
