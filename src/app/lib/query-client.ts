import { onlineManager, QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistQueryClientOptions,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { isApiError } from './api';
import { hasStoredData, loadDatabase, readStoredValue, writeStoredValue } from './db-loader';
import { isQuotaError } from './storage-errors';
import { isRenderingSignedInShell } from './shell-rendering';
import { queryCacheKey } from '#domain/outbox';

/**
 * Every query whose answer changes when money moves (balance, history, figures) has a key under
 * this scope, so a feature that moves money refreshes them without knowing each one.
 */
export const walletQueryScope = ['wallet'] as const;

/**
 * The meta of a query whose answer changes on the server while the app is closed (money, news): its
 * saved answer, read back at start, counts as old however recent it is, so the start asks again.
 * A short freshness (a second for the balance) is meant for the calls of one start; without this, a
 * reload within that second kept the answer from before it, and care's credit made in between
 * stayed unseen until the next change.
 */
export const askAgainAfterRestart = { askAgainAfterRestart: true } as const;

export function refreshWalletQueries(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: walletQueryScope });
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // Kept as long as the persisted cache (persistMaxAge), so that saved answers show at once after a reload.
      gcTime: 7 * 24 * 60 * 60 * 1000,
      retry: (failureCount, error) => {
        // Client errors will answer the same way again.
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
  },
});

// TanStack Query counts itself online until the browser fires an `offline` event, which a start
// without signal never sees: the page's loader and every query then went to the network and failed
// (five calls through the service worker on an offline start of the account page, retried after
// it) instead of waiting, paused, for the connection. The browser's own state is the start's, as
// for the rest of the app (the offline bar, the outbox, the signed-in shell's script); the `online`
// event brings the paused calls back as before.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

/**
 * For the queries whose answers the service worker keeps and answers offline (sw/sw.ts, public
 * lists: bins, products, `/config`, page texts): asked for once even without signal, instead of
 * waiting, paused, for the connection.
 */
export const answeredOfflineByServiceWorker = { networkMode: 'offlineFirst' } as const;

/**
 * For route loaders and guards. Offline, a query with nothing cached would wait for the network
 * and hold the whole page back; the page renders at once instead, with what the cache has, and
 * says it is offline. The build's drawing of a signed-in page's shell loads nothing either.
 */
export async function loadWhenOnline(load: () => Promise<unknown>): Promise<void> {
  if (!onlineManager.isOnline() || isRenderingSignedInShell()) return;
  await load();
}

/**
 * The persister over a storage, written one write at a time: changes made during a write are saved
 * together right after it, never a second later. A one-second throttle had kept a new balance in
 * memory only, and a person who closed the app within that second found the older balance at the
 * next start without signal.
 */
export function createQueryPersister(storage: {
  getItem: (key: string) => Promise<string | null>;
  setItem: (key: string, value: string) => Promise<void>;
  removeItem: (key: string) => Promise<void>;
}): Persister {
  return createAsyncStoragePersister({ key: queryCacheKey, storage, throttleTime: 0 });
}

/** The query cache lives in IndexedDB (Dexie), so data shows before the network answers. */
export const queryPersister = createQueryPersister({
  // Read once, at the start, before the first render: without Dexie (readStoredValue says why).
  getItem: (key) => readStoredValue(key),
  setItem: async (key, value) => {
    // An empty cache leaves nothing behind, so a signed-out browser holds no record.
    if (/"queries":\[\]/.test(value) && /"mutations":\[\]/.test(value)) {
      if (await hasStoredData()) await (await loadDatabase()).db.kv.delete(key);
      return;
    }
    try {
      // Without Dexie until something else needs it (writeStoredValue says why).
      await writeStoredValue(key, value);
    } catch (error) {
      // A full device keeps the app working: the data just is not saved for the next start.
      if (isQuotaError(error)) {
        console.warn('Storage is full: the data shown will not be kept for offline use');
        return;
      }
      throw error;
    }
  },
  removeItem: async (key) => {
    if (await hasStoredData()) await (await loadDatabase()).db.kv.delete(key);
  },
});

/** Bumped when the shape of cached data changes, so old caches are dropped. */
export const cacheBuster = 'v1';

/** Persisted for a week: the app must open offline with the last known data after days away. */
export const persistMaxAge = 7 * 24 * 60 * 60 * 1000;

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: queryPersister,
  buster: cacheBuster,
  maxAge: persistMaxAge,
  dehydrateOptions: {
    // Every answer the person has seen, also when its last refresh failed (offline, a dropped
    // connection): a failed refresh must not take the balance and history out of what the next start
    // without signal shows.
    shouldDehydrateQuery: (query) => query.state.data !== undefined && query.meta?.persist !== false,
  },
};

/**
 * What changes what a start restores. A fetch starting, pausing, retrying or failing does not: a
 * failed refresh keeps the answer before it, so an offline start does not write the whole cache
 * again for each call it could not make.
 */
const savedActions = new Set(['success', 'invalidate', 'setState']);

/**
 * Saves the query cache (and the paused mutations) whenever an answer arrives or a query comes,
 * goes or is marked stale, as persistQueryClientSubscribe does but without its writes for the
 * in-between states of every fetch.
 */
export function saveQueryCacheOnChange(
  client: QueryClient,
  options: Omit<PersistQueryClientOptions, 'queryClient'> = persistOptions,
): () => void {
  const save = () => void persistQueryClientSave({ queryClient: persistableClient(client), ...options });
  const stopQueries = client.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || (event.type === 'updated' && savedActions.has(event.action.type))) save();
  });
  const stopMutations = client.getMutationCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') save();
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}

/**
 * The client as the persister's functions take it: react-query 5.108 carries its own query-core,
 * and the persister's 5.104 types name the same client.
 */
export function persistableClient(client: QueryClient): PersistQueryClientOptions['queryClient'] {
  return client as unknown as PersistQueryClientOptions['queryClient'];
}

/**
 * Reads the saved cache into memory before the first render, so route guards and pages see
 * the last known user, balance and history at once — offline too (a query with no data
 * would otherwise wait for a network that is not there). keepSavingQueryCache saves it from then on.
 */
export async function restoreQueryCache(): Promise<void> {
  try {
    await persistQueryClientRestore({ queryClient: persistableClient(queryClient), ...persistOptions });
    await queryClient.invalidateQueries({
      predicate: (query) => query.meta?.askAgainAfterRestart === true,
      refetchType: 'none',
    });
  } catch (error) {
    console.warn('The saved data could not be read', error);
  }
}

let saving = false;

/**
 * Saves the query cache now and after every change. Called once the app has rendered its first
 * page (main.tsx), not right after the restore: the start's first change (a loader asking again
 * for a restored answer) saved at once, before the first render, and that save copies the whole
 * cache into one string and loads Dexie to write it. Anything that changed before this call is in
 * the save it starts with.
 */
export function keepSavingQueryCache(): void {
  if (saving) return;
  saving = true;
  saveQueryCacheOnChange(queryClient);
  void persistQueryClientSave({ queryClient: persistableClient(queryClient), ...persistOptions });
}
