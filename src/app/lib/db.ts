import { Dexie, type EntityTable } from 'dexie';
import { databaseName } from './db-name';

// Loaded through db-loader: whoever uses the database waits for this module, nobody imports it up front.
export { liveQuery } from 'dexie';

interface KeyValue {
  key: string;
  value: string;
}

/** HTTP methods an outbox entry may use: actions change something, so never GET. */
export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * An action taken by the customer that the server has not confirmed yet. It is stored
 * with its idempotency key before the first send, so a retry (after a reload, a crash,
 * a lost answer) can never apply it twice: the server deduplicates on the key.
 */
export interface OutboxEntry {
  /** The idempotency key: a UUID made on the device (a scan's `id`, or the Idempotency-Key header). */
  id: string;
  /** What it is, for the UI ("scan", "withdrawal"…). */
  kind: string;
  /** Path under /api/v2, e.g. `/scans`. */
  endpoint: string;
  method: OutboxMethod;
  payload: unknown;
  /** Where the key goes: in the body (the payload already carries it) or as an Idempotency-Key header. */
  keyIn: 'body' | 'header';
  /** The customer it belongs to (user id): never sent under another account. */
  owner: string;
  createdAt: number;
  attempts: number;
  /** Epoch ms before which it is not retried (exponential backoff after network failures). */
  nextAttemptAt: number;
  state: 'pending' | 'sending' | 'failed';
  /** Why it was refused (4xx) or why the last try failed; shown to the customer. */
  lastError?: { status: number; code: string; message: string };
}

/**
 * The app's IndexedDB database. Sign-out empties every table (see clearDatabase).
 * Version 2 adds the outbox.
 */
class RoundtripDatabase extends Dexie {
  kv!: EntityTable<KeyValue, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;

  constructor() {
    super(databaseName);
    this.version(1).stores({ kv: 'key' });
    this.version(2).stores({ kv: 'key', outbox: 'id, state, nextAttemptAt, createdAt' });
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

/** True for the errors a full disk (or a browser quota) gives. */
export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const inner = (error as { inner?: unknown }).inner;
  return (
    error.name === 'QuotaExceededError' ||
    error instanceof Dexie.QuotaExceededError ||
    (inner instanceof Error && inner.name === 'QuotaExceededError')
  );
}
