import { useEffect, useState } from 'react';
import { t } from '@lingui/core/macro';
import { apiRequest, isApiError } from './api';
import type { OutboxEntry } from './db';
import { databaseLoaded, hasStoredData, loadDatabase } from './db-loader';
import { queryClient } from './query-client';
import { hasSession } from './session';
import { currentLocale } from './i18n';
import { notify } from '../ui/notifications';
import { meQueryKey } from './me';
import type { EnqueueInput, SendResult } from './outbox-core';
import { outboxLockName, outboxSyncTag } from '#domain/outbox';
import { readMessageToWindow } from '#domain/worker-messages';

export { OutboxStorageFullError } from './outbox-storage-full';
export type { EnqueueInput } from './outbox-core';

type OutboxCore = typeof import('./outbox-core');
let core: OutboxCore | undefined;

/**
 * The outbox's storage code comes with the database (db-loader), when there is something to send
 * or show. Kept once loaded: an import() of a loaded module still resolves a task later, behind the
 * screen's redraw, and a round would wait for it before every send (bench/scanner.ts, the bag).
 */
const loadCore = async (): Promise<OutboxCore> => (core ??= await import('./outbox-core'));
export type { OutboxEntry } from './db';

/**
 * Loads the outbox's storage code before a screen's first action, where one is expected soon (the
 * scanner): loaded by the first capture instead, it held a bag's first six scans about 100 ms
 * before they reached the disk (bench/scanner.ts, the bag, CPU 4× slower).
 */
export function prepareOutbox(): void {
  loadCore().catch(() => undefined);
}

/** The owner recorded on an entry: the signed-in customer's id, from the (persisted) user query. */
function currentOwner(): string | undefined {
  if (!hasSession()) return undefined;
  const me = queryClient.getQueryData<{ id?: unknown }>(meQueryKey);
  return me && (typeof me.id === 'string' || typeof me.id === 'number') ? String(me.id) : undefined;
}

/** Sends one entry through the API client (token, renewal after a 401, language, error shape). */
async function sendEntry(entry: OutboxEntry): Promise<SendResult> {
  const { classify } = await loadCore();
  try {
    await apiRequest(entry.endpoint, {
      method: entry.method,
      auth: true,
      body: entry.payload,
      ...(entry.keyIn === 'header' ? { headers: { 'Idempotency-Key': entry.id } } : {}),
    });
    return classify(200, '', '');
  } catch (error) {
    if (isApiError(error)) return classify(error.status, error.code, error.message);
    return classify(0, 'NETWORK', '');
  }
}

/** Sends a run of entries in one call (POST /scans/batch), each entry's result read from the answer. */
async function sendRun(entries: OutboxEntry[]): Promise<SendResult[]> {
  const { classify, runCallOf, runResults } = await loadCore();
  const call = runCallOf(entries);
  try {
    return runResults(entries, await apiRequest(call.endpoint, { method: 'POST', auth: true, body: call.body }));
  } catch (error) {
    // The call as a whole was not taken (no network, the session, the rate limit): each entry as if sent alone.
    const result = isApiError(error) ? classify(error.status, error.code, error.message) : classify(0, 'NETWORK', '');
    return entries.map(() => result);
  }
}

/**
 * Entries a screen is following until their first try (outbox-outcome.ts): that screen shows a
 * refusal where the person acted, so the app-wide notification would only say it a second time.
 */
export const followedEntries = new Set<string>();

let running: Promise<void> | undefined;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends what is due now. One round at a time in this tab, and one tab at a time (Web Locks), nor
 * at the same time as the service worker, which sends the outbox itself when Background Sync fires
 * with no window open (sw/outbox-delivery.ts): the server deduplicates on the key anyway, this only saves requests.
 */
/**
 * Outbox views to read again after each round of this page. The lock makes a page wait while
 * another context sends: that context's deletions reach this page's views only through its
 * notice, which a page being closed (WebKit) may never send, and the queued line stayed on screen
 * over an empty outbox. This page's round, which then finds nothing to send, reads the list again.
 */
const afterRound = new Set<() => void>();

export function flushOutbox(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      const owner = currentOwner();
      if (!owner || !navigator.onLine) return;
      // Nothing was ever stored on this device, so nothing can be waiting.
      if (!(await hasStoredData())) return;
      // The storage code or the database could not load (the connection dropped before the service
      // worker held them, or the page is being left): nothing is sent this round, and the next
      // trigger loads them again (db-loader.ts).
      const loaded = await Promise.all([loadCore(), loadDatabase()]).catch(() => undefined);
      if (!loaded) return;
      const [{ flushDue }] = loaded;
      const round = () => flushDue(owner, sendEntry, Date.now, sendRun);
      const report = navigator.locks ? await navigator.locks.request(outboxLockName, round) : await round();
      for (const reread of afterRound) reread();
      if (report.sent.length > 0)
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] !== meQueryKey[0] || query.queryKey[1] !== meQueryKey[1],
        });
      for (const entry of report.refused) {
        if (followedEntries.has(entry.id)) continue;
        notify({
          kind: 'error',
          title: t`Error`,
          description: entry.lastError?.message || t`Something went wrong`,
        });
      }
      clearTimeout(timer);
      if (report.nextAttemptAt !== undefined) {
        timer = setTimeout(() => void flushOutbox(), Math.max(0, report.nextAttemptAt - Date.now()));
      }
    } while (again);
  })().finally(() => {
    running = undefined;
  });
  return running;
}

/**
 * Queues an action for the signed-in customer and tries to send it at once. The entry is
 * on disk before the first byte leaves, keyed by its idempotency id. Rejects when nobody is
 * signed in, or with OutboxStorageFullError when the device is full.
 */
export async function enqueue(input: EnqueueInput): Promise<OutboxEntry> {
  const [entry] = await enqueueAll([input]);
  if (!entry) throw new Error('The outbox returned no entry for the one saved');
  return entry;
}

/**
 * Queues several actions taken together (a frame's scans) in one transaction, then sends them in
 * one round: queued one by one, the first would start a round alone and the others wait for the
 * next. Same guarantees as enqueue, for all of them or none.
 */
export async function enqueueAll(inputs: EnqueueInput[]): Promise<OutboxEntry[]> {
  const owner = currentOwner();
  if (!owner) throw new Error('Sign in before queuing an action');
  const { saveAllToOutbox } = await loadCore();
  const entries = await saveAllToOutbox(inputs, owner, Date.now(), currentLocale());
  void requestBackgroundSync();
  void keepStorage();
  void flushOutbox();
  return entries;
}

let storageAsked = false;

/**
 * Once something the person did waits on this device (their first scan), the browser is asked not
 * to evict the offline data under storage pressure: Chromium grants it silently to sites in use,
 * Firefox asks the person, who now has a reason to say yes; engines without it keep the data
 * evictable. Not asked at start, where a prompt would come before anything worth keeping.
 */
async function keepStorage(): Promise<void> {
  if (storageAsked) return;
  storageAsked = true;
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // Refused or not offered: the data stays, just evictable.
  }
}

/** Removes an entry the server refused, once the customer has seen why. */
export async function dismissOutboxEntry(id: string): Promise<void> {
  const { db } = await loadDatabase();
  await db.outbox.delete(id);
}

function isSyncManager(value: unknown): value is { register(tag: string): Promise<void> } {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'register') === 'function';
}

/** Asks the browser to wake the service worker when the network returns (Chromium); elsewhere the online event does it. */
async function requestBackgroundSync(): Promise<void> {
  try {
    // Background Sync is not in TypeScript's DOM types: a registration may or may not carry it.
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync: unknown = registration && Reflect.get(registration, 'sync');
    if (isSyncManager(sync)) await sync.register(outboxSyncTag);
  } catch {
    // Not offered, or refused: the online event and the next start still send it.
  }
}

let started = false;

/**
 * Wires the triggers once, at app start: now, the online event, the service worker's Background
 * Sync message, and the app coming back to the front. Engines without Background Sync (WebKit,
 * Firefox) wake nothing while the app is closed or hidden: the next open, the network's return
 * and the person looking at the app again are when the queue goes out there.
 */
export function startOutbox(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void flushOutbox());
  window.addEventListener('focus', () => void flushOutbox());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flushOutbox();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (readMessageToWindow(event.data)?.type === 'FLUSH_OUTBOX') void flushOutbox();
  });
  void flushOutbox();
}

/** The customer's queued actions, oldest first, kept up to date (also across tabs). */
export function useOutbox(kind?: string): OutboxEntry[] {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void (async () => {
      // On a device with nothing stored yet, the list starts once the first action is saved. A
      // database that could not load shows an empty list until the screen is opened again.
      const loaded = await ((await hasStoredData()) ? loadDatabase() : databaseLoaded).catch(() => undefined);
      if (cancelled || !loaded) return;
      const { db, liveQuery } = loaded;
      const show = (all: OutboxEntry[]) => setEntries(kind ? all.filter((entry) => entry.kind === kind) : all);
      const subscription = liveQuery(() => db.outbox.orderBy('createdAt').toArray()).subscribe({
        next: show,
        error: () => setEntries([]),
      });
      const reread = () =>
        void db.outbox
          .orderBy('createdAt')
          .toArray()
          .then(show, () => undefined);
      afterRound.add(reread);
      unsubscribe = () => {
        subscription.unsubscribe();
        afterRound.delete(reread);
      };
    })();
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [kind]);
  return entries;
}
