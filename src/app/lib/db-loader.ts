/**
 * Dexie and the database (about 30 KB compressed) load when the app has something stored or
 * something to store: not on a first visit that only reads public pages.
 */
import { clientDatabaseName } from '#domain/outbox';

type DatabaseModule = typeof import('./db');

let loading: Promise<DatabaseModule> | undefined;
let announceLoaded: (module: DatabaseModule) => void = () => undefined;

/** Settles once something has opened the database, for code that only cares if it is in use. */
export const databaseLoaded = new Promise<DatabaseModule>((resolve) => {
  announceLoaded = resolve;
});

export function loadDatabase(): Promise<DatabaseModule> {
  loading ??= import('./db').then((module) => {
    announceLoaded(module);
    return module;
  });
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
