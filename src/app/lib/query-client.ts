import { QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { isApiError } from './api';
import { db } from './db';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // Kept a day so that a persisted answer can show at once after a reload.
      gcTime: 24 * 60 * 60 * 1000,
      retry: (failureCount, error) => {
        // Client errors will answer the same way again.
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
  },
});

const cacheKey = 'query-cache';

/** The query cache lives in IndexedDB (Dexie), so data shows before the network answers. */
export const queryPersister = createAsyncStoragePersister({
  key: cacheKey,
  storage: {
    getItem: async (key) => (await db.kv.get(key))?.value ?? null,
    setItem: async (key, value) => {
      // An empty cache leaves nothing behind, so a signed-out browser holds no record.
      if (/"queries":\[\]/.test(value) && /"mutations":\[\]/.test(value)) {
        await db.kv.delete(key);
        return;
      }
      await db.kv.put({ key, value });
    },
    removeItem: async (key) => {
      await db.kv.delete(key);
    },
  },
});

/** Bumped when the shape of cached data changes, so old caches are dropped. */
export const cacheBuster = 'v1';
