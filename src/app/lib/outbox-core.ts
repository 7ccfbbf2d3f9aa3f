import type { OutboxEntry, OutboxMethod } from './db';
import { loadDatabase } from './db-loader';
import { OutboxStorageFullError } from './outbox-storage-full';

/** What happened to one send. */
export type SendResult =
  | { kind: 'sent'; status: number }
  /** Refused for good (4xx other than 401/408/429): the customer must see why. */
  | { kind: 'refused'; status: number; code: string; message: string }
  /** No network, a server error, a rate limit, a token that could not be renewed: try again later. */
  | { kind: 'retry'; status: number; code: string; message: string };

export type Sender = (entry: OutboxEntry) => Promise<SendResult>;

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

const firstRetryMs = 2_000;
const maxRetryMs = 10 * 60_000;

/** Exponential backoff with jitter: 2 s, 4 s, 8 s… up to 10 minutes. */
export function retryDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(maxRetryMs, firstRetryMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * Saves an action before anything is sent. Resolves once it is on disk; a full disk
 * rejects with OutboxStorageFullError (the action was NOT taken: the caller says so).
 */
export async function saveToOutbox(input: EnqueueInput, owner: string, now = Date.now()): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    id: input.id ?? crypto.randomUUID(),
    kind: input.kind,
    endpoint: input.endpoint,
    method: input.method ?? 'POST',
    payload: input.payload,
    keyIn: input.keyIn ?? 'body',
    owner,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    state: 'pending',
  };
  const { db, isQuotaError } = await loadDatabase();
  try {
    // add, not put: an id already queued is the same action, kept as it was.
    await db.outbox.add(entry);
  } catch (error) {
    if (isQuotaError(error)) throw new OutboxStorageFullError('The device storage is full');
    if (error instanceof Error && error.name === 'ConstraintError') return (await db.outbox.get(entry.id)) ?? entry;
    throw error;
  }
  return entry;
}

export interface FlushReport {
  sent: OutboxEntry[];
  refused: OutboxEntry[];
  /** Epoch ms of the next retry due, if any is waiting. */
  nextAttemptAt: number | undefined;
}

/**
 * Sends every due entry of `owner`, oldest first, one at a time. Entries of another owner
 * are never sent (sign-out wipes them anyway). A network failure stops the round: the next
 * trigger (online event, timer, Background Sync) tries again.
 */
export async function flushDue(owner: string, send: Sender, now: () => number = Date.now): Promise<FlushReport> {
  const report: FlushReport = { sent: [], refused: [], nextAttemptAt: undefined };
  const { db } = await loadDatabase();
  const entries = await db.outbox.orderBy('createdAt').toArray();
  for (const entry of entries) {
    if (entry.owner !== owner || entry.state !== 'pending') continue;
    if (entry.nextAttemptAt > now()) {
      report.nextAttemptAt = Math.min(report.nextAttemptAt ?? Infinity, entry.nextAttemptAt);
      continue;
    }
    const result = await send(entry);
    if (result.kind === 'sent') {
      await db.outbox.delete(entry.id);
      report.sent.push(entry);
      continue;
    }
    const attempts = entry.attempts + 1;
    const lastError = { status: result.status, code: result.code, message: result.message };
    if (result.kind === 'refused') {
      const refused: OutboxEntry = { ...entry, attempts, state: 'failed', lastError };
      await db.outbox.put(refused);
      report.refused.push(refused);
      continue;
    }
    const nextAttemptAt = now() + retryDelay(attempts);
    await db.outbox.update(entry.id, { attempts, nextAttemptAt, lastError });
    report.nextAttemptAt = Math.min(report.nextAttemptAt ?? Infinity, nextAttemptAt);
    // The network is down or the server is struggling: the rest would fail the same way.
    if (result.status === 0) {
      for (const rest of entries.slice(entries.indexOf(entry) + 1)) {
        if (rest.owner === owner && rest.state === 'pending')
          report.nextAttemptAt = Math.min(report.nextAttemptAt, Math.max(rest.nextAttemptAt, nextAttemptAt));
      }
      break;
    }
  }
  return report;
}

/** Classifies an HTTP answer (status 0 = no answer). */
export function classify(status: number, code: string, message: string): SendResult {
  if (status >= 200 && status < 300) return { kind: 'sent', status };
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500) return { kind: 'retry', status, code, message };
  return { kind: 'refused', status, code, message };
}
