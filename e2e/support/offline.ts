import type { Page } from '@playwright/test';

/** Waits until the service worker is active and controls the page (first visit: clientsClaim). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active && navigator.serviceWorker.controller);
  });
}

/** Every record of the app's IndexedDB database, table by table. */
export async function indexedDbContents(page: Page): Promise<Record<string, unknown[]>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown[]>>((resolve, reject) => {
        const open = indexedDB.open('roundtrip');
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          const result: Record<string, unknown[]> = {};
          if (names.length === 0) {
            db.close();
            resolve(result);
            return;
          }
          const transaction = db.transaction(names);
          for (const name of names) {
            const request = transaction.objectStore(name).getAll();
            request.onsuccess = () => {
              result[name] = request.result;
            };
          }
          transaction.oncomplete = () => {
            db.close();
            resolve(result);
          };
          transaction.onerror = () => reject(transaction.error ?? new Error('transaction failed'));
        };
      }),
  );
}

/** The saved query cache contains this text (the persister writes a moment after the data arrives). */
export async function waitForSavedUser(page: Page, email: string): Promise<void> {
  await page.waitForFunction(async (wanted) => {
    const contents = await new Promise<string>((resolve) => {
      const open = indexedDB.open('roundtrip');
      open.onerror = () => resolve('');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('kv')) {
          db.close();
          resolve('');
          return;
        }
        const request = db.transaction('kv').objectStore('kv').get('query-cache');
        request.onsuccess = () => {
          db.close();
          resolve(String((request.result as { value?: string } | undefined)?.value ?? ''));
        };
        request.onerror = () => resolve('');
      };
    });
    return contents.includes(wanted);
  }, email);
}

/** URLs held in the Cache Storage, cache by cache. */
export async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => request.url);
    }
    return result;
  });
}

interface SavedQuery {
  queryHash: string;
  state: { status: string; data?: unknown };
}

/** The queries of the saved query cache (what the app's next start restores). */
async function savedQueryList(page: Page): Promise<SavedQuery[]> {
  const kv = (await indexedDbContents(page)).kv ?? [];
  const saved = kv.find((entry): entry is { key: string; value: string } => {
    return typeof entry === 'object' && entry !== null && Reflect.get(entry, 'key') === 'query-cache';
  });
  if (!saved) return [];
  const cache = JSON.parse(saved.value) as { clientState?: { queries?: SavedQuery[] } };
  return cache.clientState?.queries ?? [];
}

/** The saved queries as "key (status)", for a report of what a start could restore. */
export async function savedQueries(page: Page): Promise<string[]> {
  return (await savedQueryList(page)).map((query) => `${query.queryHash} (${query.state.status})`);
}

/** The saved answer of one query, by its key (as JSON: '["wallet","balance"]'). */
export async function savedQueryData(page: Page, queryHash: string): Promise<unknown> {
  return (await savedQueryList(page)).find((query) => query.queryHash === queryHash)?.state.data;
}
