import {
  flushDue as flushDueIn,
  type FlushReport,
  type OutboxEntry,
  type OutboxMethod,
  type OutboxStore,
  type RunSender,
  type Sender,
} from '#domain/outbox';
import type { SupportedLocale } from '#domain/markets';
import { loadDatabase } from './db-loader';
import { isQuotaError } from './storage-errors';
import { OutboxStorageFullError } from './outbox-storage-full';

// The rules are shared with the service worker, which sends the outbox itself when no window is open.
export { classify, retryDelay } from '#domain/outbox';
export type { FlushReport, RunSender, SendResult, Sender } from '#domain/outbox';
// Here rather than in outbox.ts: they bring the wallet's schemas, which the first load does without.
export { runCallOf, runResults } from '#domain/outbox-runs';

export interface EnqueueInput {
  kind: string;
  endpoint: string;
  method?: OutboxMethod;
  payload: unknown;
  /** The idempotency key; a new UUID when left out. A scan passes its own `id` (also in the payload). */
  id?: string;
  keyIn?: 'body' | 'header';
}

export { OutboxStorageFullError };

/**
 * Saves an action before anything is sent. Resolves once it is on disk; a full disk
 * rejects with OutboxStorageFullError (the action was NOT taken: the caller says so).
 */
export async function saveToOutbox(
  input: EnqueueInput,
  owner: string,
  now = Date.now(),
  /** The interface language, sent by the service worker when it delivers the entry. */
  locale?: SupportedLocale,
): Promise<OutboxEntry> {
  const [entry] = await saveAllToOutbox([input], owner, now, locale);
  if (!entry) throw new Error('The outbox returned no entry for the one saved');
  return entry;
}

/**
 * Saves several actions in one transaction (a frame's worth of scans): all on disk or none, one
 * write and one change for the lists that watch the outbox, instead of one per action. Same
 * rules as saveToOutbox; the entries come back in the order given.
 */
export async function saveAllToOutbox(
  inputs: EnqueueInput[],
  owner: string,
  now = Date.now(),
  locale?: SupportedLocale,
): Promise<OutboxEntry[]> {
  const entries = inputs.map((input): OutboxEntry => ({
    id: input.id ?? crypto.randomUUID(),
    kind: input.kind,
    endpoint: input.endpoint,
    method: input.method ?? 'POST',
    payload: input.payload,
    keyIn: input.keyIn ?? 'body',
    owner,
    ...(locale ? { locale } : {}),
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    state: 'pending',
  }));
  const { db } = await loadDatabase();
  try {
    return await db.transaction('rw', db.outbox, async () => {
      // An id already queued is the same action, kept as it was (never replaced).
      const stored = await db.outbox.bulkGet(entries.map((entry) => entry.id));
      const added = entries.filter((_, index) => stored[index] === undefined);
      // add, not bulkAdd: a full disk then fails as the QuotaExceededError isQuotaError knows, not a BulkError.
      await Promise.all(added.map((entry) => db.outbox.add(entry)));
      return entries.map((entry, index) => stored[index] ?? entry);
    });
  } catch (error) {
    if (isQuotaError(error)) throw new OutboxStorageFullError('The device storage is full');
    throw error;
  }
}

/** The Dexie table, as the shared delivery round reads and changes it. */
async function outboxTable(): Promise<OutboxStore> {
  const { db } = await loadDatabase();
  return {
    all: () => db.outbox.orderBy('createdAt').toArray(),
    remove: (ids) => db.outbox.bulkDelete(ids),
    update: async (id, changes) => {
      await db.outbox.update(id, changes);
    },
  };
}

/**
 * Sends every due entry of `owner`, oldest first (the rules: #domain/outbox; a run of scans in one
 * call with `sendRun`). A
 * network failure stops the round: the next trigger (online event, timer, Background Sync) tries again.
 */
export async function flushDue(owner: string, send: Sender, now: () => number = Date.now, sendRun?: RunSender): Promise<FlushReport> {
  return flushDueIn(await outboxTable(), owner, send, now, sendRun);
}
