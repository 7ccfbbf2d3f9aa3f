/**
 * Dexie and the database (about 30 KB compressed) load when the app has something stored or
 * something to store: not on a first visit that only reads public pages.
 */
import { clientDatabaseName, keyValueTableName, outboxTableName } from '#domain/outbox';

type DatabaseModule = typeof import('./db');

let loading: Promise<DatabaseModule> | undefined;
let announceLoaded: (module: DatabaseModule) => void = () => undefined;

/** Settles once something has opened the database, for code that only cares if it is in use. */
export const databaseLoaded = new Promise<DatabaseModule>((resolve) => {
  announceLoaded = resolve;
});

/**
 * A load that failed (the connection dropped before the service worker held the chunk, or the page
 * was being left) is forgotten, so that the next use tries again instead of failing for the rest
 * of the page's life.
 */
export function loadDatabase(): Promise<DatabaseModule> {
  loading ??= import('./db').then(
    (module) => {
      announceLoaded(module);
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Whether this browser has the app's database at all. False on a first visit, so there is
 * nothing to restore and nothing queued. Browsers that cannot tell are assumed to have it.
 */
export async function hasStoredData(): Promise<boolean> {
  if (loading) return true;
  try {
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === clientDatabaseName);
  } catch {
    return true;
  }
}

/**
 * One value of the key-value table, read with plain IndexedDB: the start restores the saved query
 * cache with it before the first render, without waiting for Dexie's chunk to download, compile and
 * open the database (tens of milliseconds on a phone, offline too). Dexie's schema (db.ts) owns the
 * database: this never creates or upgrades it, and lets go of it as soon as it has read.
 * Null when there is no database, no such table or no such key.
 */
export function readStoredValue(key: string): Promise<string | null> {
  const early = takeShellRead(key);
  // A read the shell could not finish is tried again here: the start has no other copy of the answers.
  return early ? early.catch(() => readValue(key)) : readValue(key);
}

declare global {
  interface Window {
    /** The read of the saved answers that a signed-in page's shell started (src/app/shell/balance-before-app.js). */
    roundtripSavedAnswers?: { key: string; value: Promise<string | null> };
  }
}

/** The shell's read of `key`, once: a later read (after a save) must see what was saved since. */
function takeShellRead(key: string): Promise<string | null> | undefined {
  if (typeof window === 'undefined') return undefined;
  const started = window.roundtripSavedAnswers;
  delete window.roundtripSavedAnswers;
  return started?.key === key && started.value instanceof Promise ? started.value : undefined;
}

/** The same read as the shell's script: both open the database without a version, so neither creates nor upgrades it. */
function readValue(key: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      resolve(null);
      return;
    }
    const opening = indexedDB.open(clientDatabaseName);
    let absent = false;
    // Opening creates a missing database: abandoning that creation leaves none behind for Dexie to trip on.
    opening.onupgradeneeded = () => {
      absent = true;
      opening.transaction?.abort();
    };
    opening.onerror = () => (absent ? resolve(null) : reject(opening.error ?? new Error('IndexedDB open failed')));
    opening.onsuccess = () => {
      const database = opening.result;
      // Dexie upgrading the schema (a newer version in another tab) must not wait for this read.
      database.onversionchange = () => database.close();
      if (!database.objectStoreNames.contains(keyValueTableName)) {
        database.close();
        resolve(null);
        return;
      }
      const reading = database.transaction(keyValueTableName, 'readonly').objectStore(keyValueTableName).get(key);
      reading.onsuccess = () => {
        database.close();
        const row: unknown = reading.result;
        const value = typeof row === 'object' && row !== null && 'value' in row ? row.value : null;
        resolve(typeof value === 'string' ? value : null);
      };
      reading.onerror = () => {
        database.close();
        reject(reading.error ?? new Error('IndexedDB read failed'));
      };
    };
  });
}

/**
 * The schema of db.ts as IndexedDB holds it (Dexie opens its version n as n × 10), for
 * writeStoredValue, which may be the first to create the database. db-loader.test.ts holds the two
 * the same: Dexie opens what this made without an upgrade, and its tables have these keys and indexes.
 */
export const storedSchema = {
  version: 20,
  tables: {
    [keyValueTableName]: { keyPath: 'key', indexes: [] },
    [outboxTableName]: { keyPath: 'id', indexes: ['state', 'nextAttemptAt', 'createdAt'] },
  },
} as const;

/**
 * One value of the key-value table, written with plain IndexedDB while Dexie has not loaded: the
 * query cache is saved as each answer arrives, and on a first visit that save alone would
 * download Dexie (about 30 KB compressed) before the customer's first tap. Creates the database
 * with Dexie's schema when there is none; once Dexie is loaded, or when the database is newer than
 * this app (another tab updated it), Dexie writes instead.
 */
export async function writeStoredValue(key: string, value: string): Promise<void> {
  if (loading || typeof indexedDB === 'undefined') {
    await (await loadDatabase()).db.kv.put({ key, value });
    return;
  }
  const written = await new Promise<boolean>((resolve, reject) => {
    const opening = indexedDB.open(clientDatabaseName, storedSchema.version);
    opening.onupgradeneeded = () => {
      const database = opening.result;
      for (const [name, table] of Object.entries(storedSchema.tables)) {
        if (database.objectStoreNames.contains(name)) continue;
        const store = database.createObjectStore(name, { keyPath: table.keyPath });
        for (const index of table.indexes) store.createIndex(index, index, { unique: false, multiEntry: false });
      }
    };
    opening.onerror = () => {
      // A newer schema than this app's: Dexie (and the update prompt) deal with it.
      if (opening.error?.name === 'VersionError') resolve(false);
      else reject(opening.error ?? new Error('IndexedDB open failed'));
    };
    opening.onsuccess = () => {
      const database = opening.result;
      database.onversionchange = () => database.close();
      const transaction = database.transaction(keyValueTableName, 'readwrite');
      transaction.objectStore(keyValueTableName).put({ key, value });
      transaction.oncomplete = () => {
        database.close();
        resolve(true);
      };
      transaction.onabort = transaction.onerror = () => {
        database.close();
        reject(transaction.error ?? new Error('IndexedDB write failed'));
      };
    };
  });
  if (!written) await (await loadDatabase()).db.kv.put({ key, value });
}
