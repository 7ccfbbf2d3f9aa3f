import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredValue } from './db-loader';
import {
  createQueryPersister,
  keepSavingQueryCache,
  persistableClient,
  persistOptions,
  queryClient,
  restoreQueryCache,
  saveQueryCacheOnChange,
} from './query-client';

type PersistedQuery = Parameters<NonNullable<NonNullable<typeof persistOptions.dehydrateOptions>['shouldDehydrateQuery']>>[0];
// react-query 5.108 carries its own query-core; the persister's 5.104 types name the same query (query-client.ts).
const shouldKeep = (query: unknown) => persistOptions.dehydrateOptions?.shouldDehydrateQuery?.(query as PersistedQuery);

describe('what the next start without signal shows', () => {
  it('keeps an answer whose last refresh failed (offline), so the balance is still there at the next start', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['wallet', 'balance'], { balance: { currency: 'EUR', value: '10.60' } });
    await client
      .fetchQuery({
        queryKey: ['wallet', 'balance'],
        staleTime: 0,
        queryFn: () => Promise.reject(new Error('offline')),
      })
      .catch(() => undefined);
    const query = client.getQueryCache().find({ queryKey: ['wallet', 'balance'] })!;
    expect(query.state.status).toBe('error');
    expect(shouldKeep?.(query)).toBe(true);
  });

  it('keeps nothing for a query that never answered, nor one marked not to persist', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.fetchQuery({ queryKey: ['never'], queryFn: () => Promise.reject(new Error('offline')) }).catch(() => undefined);
    await client.fetchQuery({ queryKey: ['secret'], queryFn: () => 'draft', meta: { persist: false } });
    expect(shouldKeep?.(client.getQueryCache().find({ queryKey: ['never'] })!)).toBe(false);
    expect(shouldKeep?.(client.getQueryCache().find({ queryKey: ['secret'] })!)).toBe(false);
  });
});

describe('saving what the person saw for the next start', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves an answer that comes while the previous one is being written right after that write, not a second later', async () => {
    vi.useFakeTimers();
    const saved: string[] = [];
    // IndexedDB takes a few milliseconds to write.
    const persister = createQueryPersister({
      getItem: () => Promise.resolve(null),
      setItem: (_key, value) =>
        new Promise((resolve) => {
          setTimeout(() => {
            saved.push(value);
            resolve();
          }, 5);
        }),
      removeItem: () => Promise.resolve(),
    });
    const client = new QueryClient();
    const stop = saveQueryCacheOnChange(client, { ...persistOptions, persister });
    client.setQueryData(['wallet', 'balance'], { balance: { currency: 'EUR', value: '0.60' } });
    // Care's credit reaches the phone while the answer before it is being written; the app is closed soon after.
    client.setQueryData(['wallet', 'balance'], { balance: { currency: 'EUR', value: '10.60' } });
    await vi.advanceTimersByTimeAsync(50);
    stop();
    expect(saved.at(-1)).toContain('"value":"10.60"');
  });
});

describe('saving the query cache once the app has started', () => {
  it('saves what changed before it was called, then every change, and the next start reads it back', async () => {
    await restoreQueryCache();
    queryClient.setQueryData(['wallet', 'balance'], { balance: { currency: 'USD', value: '3.25' } });
    expect(await readStoredValue('query-cache')).toBeNull();

    keepSavingQueryCache();
    await expect.poll(() => readStoredValue('query-cache')).toContain('"3.25"');

    queryClient.setQueryData(['wallet', 'balance'], { balance: { currency: 'USD', value: '4.50' } });
    await expect.poll(() => readStoredValue('query-cache')).toContain('"4.50"');

    // The next start: a new client restored from what was saved.
    const nextStart = new QueryClient();
    await persistQueryClientRestore({ queryClient: persistableClient(nextStart), ...persistOptions });
    expect(nextStart.getQueryData(['wallet', 'balance'])).toEqual({ balance: { currency: 'USD', value: '4.50' } });
  });
});
