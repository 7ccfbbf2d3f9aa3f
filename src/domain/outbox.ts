/**
 * The outbox's rules, shared by the app (src/app/lib/outbox-core.ts, over Dexie) and the service
 * worker (sw/outbox-delivery.ts, over plain IndexedDB, when no window of the app is open): what an
 * entry is, how an answer is classified, the backoff, and one delivery round. Storage, sending and
 * the clock are passed in, so both send the same way and neither holds a copy of the other.
 */
import type { SupportedLocale } from './markets';

/** The app's IndexedDB database and its outbox table (Dexie's schema: src/app/lib/db.ts). */
export const clientDatabaseName = 'roundtrip';
export const outboxTableName = 'outbox';
/** The key-value table of the client database (the saved query cache). */
export const keyValueTableName = 'kv';
/** The saved query cache's key in that table (the signed-in shell's script starts reading it before the app runs). */
export const queryCacheKey = 'query-cache';
/** The Background Sync tag the app registers when it queues an action; the service worker answers it. */
export const outboxSyncTag = 'outbox';
/** Held during a delivery round, by a tab or the service worker: one round at a time on the device. */
export const outboxLockName = 'roundtrip-outbox';

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
  /**
   * The interface language when the action was taken. The service worker cannot see the app's
   * language and sends this one as Accept-Language, so that a refusal reads in the person's
   * language; the app sends its current one. Missing on entries saved before it was recorded.
   */
  locale?: SupportedLocale;
  createdAt: number;
  attempts: number;
  /** Epoch ms before which it is not retried (exponential backoff after network failures). */
  nextAttemptAt: number;
  state: 'pending' | 'sending' | 'failed';
  /** Why it was refused (4xx) or why the last try failed; shown to the customer. */
  lastError?: { status: number; code: string; message: string };
}

/** What happened to one send. */
export type SendResult =
  | { kind: 'sent'; status: number }
  /** Refused for good (4xx other than 401/408/429): the customer must see why. */
  | { kind: 'refused'; status: number; code: string; message: string }
  /** No network, a server error, a rate limit, a token that could not be renewed: try again later. */
  | { kind: 'retry'; status: number; code: string; message: string };

export type Sender = (entry: OutboxEntry) => Promise<SendResult>;

/**
 * Sends a run of entries in one call (runCallOf, #domain/outbox-runs) and says what became of
 * each, in the order given, as if each had been sent alone.
 */
export type RunSender = (entries: OutboxEntry[]) => Promise<SendResult[]>;

/**
 * Endpoints whose run of entries the server takes in one call, each answered as if sent alone
 * (POST /scans/batch): a frame's six scans are one request, not six the server answers one after
 * another (bench/scanner.ts, the bag).
 */
export const runEndpoints: Readonly<Record<string, string>> = { '/scans': '/scans/batch' };

/** At most this many entries in one call: a camera frame's codes (maxScansPerBatch, #domain/schemas/wallet). */
export const maxRunLength = 12;

/**
 * Whether `entry` may go in the same call as `first`: the same endpoint that has a run call, its
 * key in the body, and the same language (the call is answered in one).
 */
function sharesCall(first: OutboxEntry, entry: OutboxEntry): boolean {
  return (
    runEndpoints[first.endpoint] !== undefined &&
    entry.endpoint === first.endpoint &&
    entry.method === 'POST' &&
    first.method === 'POST' &&
    entry.keyIn === 'body' &&
    first.keyIn === 'body' &&
    entry.locale === first.locale
  );
}

/** Where the entries are kept: the app's Dexie table, or the service worker's plain IndexedDB. */
export interface OutboxStore {
  /** Every entry, oldest first. */
  all(): Promise<OutboxEntry[]>;
  /** Removes these entries, in one transaction (the sent ones of a round of scans: one change for the lists that watch it). */
  remove(ids: string[]): Promise<void>;
  /** Changes an entry that is still there; one removed meanwhile (sign-out, Dismiss) stays removed. */
  update(id: string, changes: Partial<OutboxEntry>): Promise<void>;
}

export interface FlushReport {
  sent: OutboxEntry[];
  refused: OutboxEntry[];
  /** Epoch ms of the next retry due, if any is waiting. */
  nextAttemptAt: number | undefined;
}

const firstRetryMs = 2_000;
const maxRetryMs = 10 * 60_000;

/** Exponential backoff with jitter: 2 s, 4 s, 8 s… up to 10 minutes. */
export function retryDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(maxRetryMs, firstRetryMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * Kinds whose entries do not depend on each other, so a run of them may be sent side by side:
 * each scan is its own container, and a bag's worth read in one frame should not wait for six
 * round trips in a row (bench/scanner.ts, the bag). Anything else (a withdrawal after the scans
 * that paid for it) keeps its turn.
 */
const independentKinds: ReadonlySet<string> = new Set(['scan']);

/** At most this many requests at once: what a browser opens to one host over HTTP/1.1. */
export const maxConcurrentSends = 6;

/**
 * Sends every due entry of `owner`, oldest first: one at a time, except that a run of due
 * entries of an independent kind (scans) goes out together, up to `maxConcurrentSends`. Each
 * entry is sent once per round, under its own key, so the server's deduplication still makes a
 * retry harmless. Entries of another owner are never sent (sign-out wipes them anyway). A network
 * failure stops the round: the next trigger (online event, timer, Background Sync) tries again.
 */
export async function flushDue(
  store: OutboxStore,
  owner: string,
  send: Sender,
  now: () => number = Date.now,
  /** Where given, a run of entries that share a call (runEndpoints) goes in one request instead of side by side. */
  sendRun?: RunSender,
): Promise<FlushReport> {
  const report: FlushReport = { sent: [], refused: [], nextAttemptAt: undefined };
  const waitUntil = (at: number) => (report.nextAttemptAt = Math.min(report.nextAttemptAt ?? Infinity, at));
  const entries = (await store.all()).filter((entry) => entry.owner === owner && entry.state === 'pending');

  type Delivered = { entry: OutboxEntry; outcome: 'sent' | 'refused' | 'retry'; retryAt?: number };
  /** Stores what became of a sent entry (`retryAt`, after no answer: the network is down). */
  const settle = async (entry: OutboxEntry, result: SendResult): Promise<Delivered> => {
    // Removed with the rest of its batch, below.
    if (result.kind === 'sent') return { entry, outcome: 'sent' };
    const attempts = entry.attempts + 1;
    const lastError = { status: result.status, code: result.code, message: result.message };
    if (result.kind === 'refused') {
      await store.update(entry.id, { attempts, state: 'failed', lastError });
      return { entry: { ...entry, attempts, state: 'failed', lastError }, outcome: 'refused' };
    }
    const nextAttemptAt = now() + retryDelay(attempts);
    await store.update(entry.id, { attempts, nextAttemptAt, lastError });
    waitUntil(nextAttemptAt);
    return { entry, outcome: 'retry', ...(result.status === 0 ? { retryAt: nextAttemptAt } : {}) };
  };

  let index = 0;
  while (index < entries.length) {
    const first = entries[index]!;
    index += 1;
    if (first.nextAttemptAt > now()) {
      waitUntil(first.nextAttemptAt);
      continue;
    }
    // The next due entries of the same independent kind join this one; not-yet-due ones are passed
    // over. In one call where the server takes them so, else side by side.
    const inOneCall = sendRun !== undefined && sharesCall(first, first);
    const joins = (candidate: OutboxEntry) => candidate.kind === first.kind && (!inOneCall || sharesCall(first, candidate));
    const batch = [first];
    const passedOver: OutboxEntry[] = [];
    if (independentKinds.has(first.kind)) {
      while (index < entries.length && batch.length < (inOneCall ? maxRunLength : maxConcurrentSends) && joins(entries[index]!)) {
        const candidate = entries[index]!;
        (candidate.nextAttemptAt > now() ? passedOver : batch).push(candidate);
        index += 1;
      }
    }
    const results = sendRun && inOneCall && batch.length > 1 ? await sendRun(batch) : await Promise.all(batch.map((entry) => send(entry)));
    const delivered = await Promise.all(
      batch.map((entry, position) => settle(entry, results[position] ?? { kind: 'retry', status: 500, code: 'UNKNOWN', message: '' })),
    );
    // Each removal would redraw the screens that list the outbox: the batch's go in one.
    const sent = delivered.flatMap(({ entry, outcome }) => (outcome === 'sent' ? [entry.id] : []));
    if (sent.length > 0) await store.remove(sent);
    for (const { entry, outcome } of delivered) {
      if (outcome === 'sent') report.sent.push(entry);
      else if (outcome === 'refused') report.refused.push(entry);
    }
    const offlineUntil = Math.min(...delivered.map((one) => one.retryAt ?? Infinity));
    if (offlineUntil === Infinity) {
      for (const entry of passedOver) waitUntil(entry.nextAttemptAt);
      continue;
    }
    // The network is down: the rest would fail the same way, and none is tried before the failed one's retry.
    for (const rest of [...passedOver, ...entries.slice(index)]) waitUntil(Math.max(rest.nextAttemptAt, offlineUntil));
    break;
  }
  return report;
}

/** Classifies an HTTP answer (status 0 = no answer). */
export function classify(status: number, code: string, message: string): SendResult {
  if (status >= 200 && status < 300) return { kind: 'sent', status };
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500) return { kind: 'retry', status, code, message };
  return { kind: 'refused', status, code, message };
}
