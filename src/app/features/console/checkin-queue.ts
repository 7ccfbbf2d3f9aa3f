import { flushDue, type FlushReport, type OutboxEntry, type OutboxStore, type Sender } from '#domain/outbox';
import type { SupportedLocale } from '#domain/markets';
import { consoleDatabase, liveQuery, type CheckInDraft } from './checkin-db';

/**
 * The check-in batch on the device (src/app/features/console/README.md, Kept batches): the
 * codes being gathered (the draft), and the batches sent with "Check in", each under its own
 * idempotency key until the server answers. Delivery is the outbox's round (#domain/outbox): the
 * sender and the clock are passed in, so a fake server proves each batch is credited once.
 */

export const checkInKind = 'checkin';

export async function readDraft(owner: string): Promise<CheckInDraft> {
  return (await consoleDatabase.drafts.get(owner)) ?? { owner, codes: [], removed: [], updatedAt: 0 };
}

export async function saveDraft(owner: string, codes: readonly string[], removed: readonly string[], now = Date.now()): Promise<void> {
  await consoleDatabase.drafts.put({ owner, codes: [...codes], removed: [...removed], updatedAt: now });
}

/**
 * "Check in": these codes leave the draft and become a batch with its key, in one transaction, so
 * a code is either in the draft or in a kept batch, never both and never neither. Codes added
 * while it is sent go to the draft, the next batch.
 */
export async function keepBatch(owner: string, codes: readonly string[], now = Date.now(), locale?: SupportedLocale): Promise<OutboxEntry> {
  const id = crypto.randomUUID();
  const entry: OutboxEntry = {
    id,
    kind: checkInKind,
    endpoint: '/checkins',
    method: 'POST',
    payload: { id, codes: [...codes] },
    keyIn: 'body',
    owner,
    ...(locale ? { locale } : {}),
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    state: 'pending',
  };
  await consoleDatabase.transaction('rw', consoleDatabase.drafts, consoleDatabase.kept, async () => {
    const draft = await readDraft(owner);
    const sent = new Set(codes);
    await consoleDatabase.drafts.put({ ...draft, codes: draft.codes.filter((code) => !sent.has(code)), updatedAt: now });
    await consoleDatabase.kept.add(entry);
  });
  return entry;
}

function keptStore(): OutboxStore {
  return {
    all: () => consoleDatabase.kept.orderBy('createdAt').toArray(),
    remove: (ids) => consoleDatabase.kept.bulkDelete(ids),
    update: async (id, changes) => {
      await consoleDatabase.kept.update(id, changes);
    },
  };
}

/** Sends the owner's kept batches that are due, oldest first; a batch without an answer stays for the next round. */
export function deliverKept(owner: string, send: Sender, now: () => number = Date.now): Promise<FlushReport> {
  return flushDue(keptStore(), owner, send, now);
}

/** The network or a session is back: every waiting batch of the owner is due now, not at its backoff's end. */
export async function makeKeptDue(owner: string, now = Date.now()): Promise<void> {
  await consoleDatabase.kept
    .where('owner')
    .equals(owner)
    .modify((entry) => {
      if (entry.state === 'pending') entry.nextAttemptAt = Math.min(entry.nextAttemptAt, now);
    });
}

/** A batch the server refused for good (its message shown), put aside by the operator. */
export async function discardKept(id: string): Promise<void> {
  await consoleDatabase.kept.delete(id);
}

/** The owner's kept batches, oldest first, now and at every change (any tab). */
export function watchKept(owner: string, listener: (entries: OutboxEntry[]) => void): () => void {
  const subscription = liveQuery(() => consoleDatabase.kept.where('owner').equals(owner).sortBy('createdAt')).subscribe({
    next: listener,
    error: () => listener([]),
  });
  return () => subscription.unsubscribe();
}

/** The codes a kept batch carries. */
export function keptCodes(entry: OutboxEntry): string[] {
  const payload = entry.payload;
  if (typeof payload !== 'object' || payload === null || !('codes' in payload) || !Array.isArray(payload.codes)) return [];
  return payload.codes.filter((code): code is string => typeof code === 'string');
}
