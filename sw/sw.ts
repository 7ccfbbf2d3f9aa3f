/// <reference lib="webworker" />
import { apiPrefix } from '#domain/api';
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate, CacheFirst } from 'workbox-strategies';
import { countryCodes, isCountryCode } from '#domain/markets';
import { outboxSyncTag } from '#domain/outbox';
import { signedInShellPages, workerShellFile } from '#domain/signed-in-shells';
import { readMessageToWorker, type MessageToWindow } from '#domain/worker-messages';
import { deliverOutbox } from './outbox-delivery';
import { field } from './field';
import { openOutboxStore } from './outbox-store';
import { pushMessageOf } from './push-message';

/** The push's JSON, or nothing (a test message from the browser's tools may be plain text). */
function readPushData(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    return undefined;
  }
}

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Background Sync's event (Chromium); not in TypeScript's WebWorker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * The app's open windows, controlled by this worker or not: a first visit's page before this worker
 * takes it over, or one reloaded past it (Shift+reload), is the customer's window all the same.
 */
function appWindows(): Promise<readonly WindowClient[]> {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/** The message the app listens for to send its outbox (src/app/lib/outbox.ts). */
const flushOutboxMessage = { type: 'FLUSH_OUTBOX' } satisfies MessageToWindow;

const precache = new PrecacheController();
precache.addToCacheList(self.__WB_MANIFEST);

/**
 * Workbox's own install fails the whole service worker when one listed file cannot be
 * fetched (a file removed by a later deploy, a flaky network). Here each file is cached on
 * its own: a missing one is skipped and logged, and the rest still works offline. The
 * navigation route below copes with a missing shell.
 */
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const missing: string[] = [];
      for (const [url, cacheKey] of precache.getURLsToCacheKeys()) {
        const request = new Request(url, { cache: 'reload', credentials: 'same-origin' });
        try {
          await Promise.all(precache.strategy.handleAll({ params: { cacheKey }, request, event }));
        } catch {
          missing.push(url);
        }
      }
      missing.push(...(await storeSignedInShells()));
      if (missing.length > 0) console.warn(`Service worker: ${missing.length} file(s) could not be stored for offline use`, missing);
    })(),
  );
});
self.addEventListener('activate', (event) => {
  // Drops the files of the previous version that this one no longer lists.
  void precache.activate(event);
  event.waitUntil(dropOldSignedInShells());
});

/**
 * The signed-in pages' prerendered shells (scripts/prerender.ts), one per market prefix: an offline
 * start of the account page paints its navigation, headings and last known balance before the
 * app's scripts run. The build writes them after the precache list is made, so they are fetched
 * here at install into a cache named after this build's index.html revision: a new version brings
 * its own shells (they name its chunks) and drops the old ones when it takes over. The worker keeps
 * each shell's copy without `modulepreload` links (workerShellFile): its own cache answers the
 * app's imports.
 */
const shellCachePrefix = 'signed-in-shells-';
const shellCacheName = `${shellCachePrefix}${new URL(precache.getCacheKeyForURL('/index.html') ?? '/', self.location.origin).searchParams.get('__WB_REVISION__') ?? 'dev'}`;

async function storeSignedInShells(): Promise<string[]> {
  const cache = await caches.open(shellCacheName);
  const missing: string[] = [];
  for (const country of countryCodes) {
    for (const page of signedInShellPages) {
      const url = workerShellFile(country, page);
      try {
        const response = await fetch(url, { cache: 'reload', credentials: 'same-origin' });
        if (!response.ok) throw new Error(String(response.status));
        await cache.put(url, response);
      } catch {
        missing.push(url);
      }
    }
  }
  return missing;
}

async function dropOldSignedInShells(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name.startsWith(shellCachePrefix) && name !== shellCacheName) await caches.delete(name);
  }
}

/** The stored shell for /<country>/<page> in its own language; none for anything the app renders otherwise. */
async function signedInShellFor(url: URL): Promise<Response | undefined> {
  // The server's rule (static-app.ts): another language asked for, or headless, renders afresh.
  if (url.searchParams.has('locale') || url.searchParams.has('headless')) return undefined;
  const [country, ...rest] = url.pathname.replace(/^\/|\/$/g, '').split('/');
  const page = rest.join('/');
  if (!isCountryCode(country) || !signedInShellPages.some((known) => known === page)) return undefined;
  return (await caches.open(shellCacheName)).match(workerShellFile(country, page));
}
registerRoute(new PrecacheRoute(precache, { ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^source$/] }));
cleanupOutdatedCaches();

// The first visit's page is controlled at once, so it works offline without a reload.
clientsClaim();

// A new version waits until the person accepts the "Update available" prompt:
// nothing reloads under someone in the middle of a scan or a form.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (readMessageToWorker(event.data)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const offlineFallback = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Roundtrip</title></head>
<body style="font-family:system-ui,sans-serif;padding:1.5rem"><h1>Roundtrip</h1>
<p>You are offline and the app is not stored on this device yet. Connect once and it will open offline from then on.</p>
<p lang="fr">Vous êtes hors ligne et l’application n’est pas encore enregistrée sur cet appareil.</p>
<p lang="ja">オフラインです。アプリはまだこの端末に保存されていません。</p></body></html>`;

/**
 * Every page is the app's shell, or a signed-in page's own prerendered shell. If the precached copy is missing (storage
 * evicted, an interrupted update), the network is asked, then a plain page
 * says what happened, rather than the browser's error.
 */
async function serveShell({ request, url }: { request: Request; url: URL }): Promise<Response> {
  const signedInShell = await signedInShellFor(url);
  if (signedInShell) return signedInShell;
  const shell = await precache.matchPrecache('/index.html');
  if (shell) return shell;
  try {
    return await fetch(request);
  } catch {
    return new Response(offlineFallback, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
}

registerRoute(
  new NavigationRoute(serveShell, {
    denylist: [/^\/api\//, /^\/healthz$/, /^\/readyz$/],
  }),
);

// Background Sync (Chromium): the browser wakes the worker when the network is back, even with
// the app closed. An open window sends the outbox itself (it holds the interface state and shows
// refusals at once), so the worker asks it to. With none open, the worker sends it (outbox-delivery.ts):
// it needs the cookie store (Chromium's workers have it) to read the customer's token; without it
// the app sends at its next start. A rejected promise makes the browser fire the sync again later.
async function answerOutboxSync(): Promise<void> {
  const windows = await appWindows();
  if (windows.length > 0) {
    for (const client of windows) client.postMessage(flushOutboxMessage);
    return;
  }
  if (!('cookieStore' in self)) return;
  const store = await openOutboxStore();
  if (!store) return;
  try {
    await deliverOutbox({
      store,
      cookies: self.cookieStore,
      locks: self.navigator.locks,
      fetch: (input, init) => fetch(input, init),
      now: Date.now,
      languages: self.navigator.languages,
    });
  } finally {
    store.close();
  }
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== outboxSyncTag) return;
  sync.waitUntil(answerOutboxSync());
});

// Public lists, page texts and the app's run-time settings (the map's style) that a customer needs
// offline: the same for everyone, refreshed in the background. Draft page texts (an editor's preview) are never kept.
const isPageText = (url: URL) =>
  url.origin === self.location.origin && url.pathname.startsWith('/locales/') && url.searchParams.get('strapi_status') !== 'draft';
const publicListsCache = 'public-lists';
/** GET /config: map_origins tells the worker which requests are the map's (below). */
const configPath = `${apiPrefix}/config`;
const publicLists = new StaleWhileRevalidate({
  cacheName: publicListsCache,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 14 * 24 * 60 * 60 })],
});
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    (url.pathname === `${apiPrefix}/bins` || url.pathname === `${apiPrefix}/products` || url.pathname === configPath || isPageText(url)),
  publicLists,
);

// The first visit's page texts, fetched before this worker existed: the app names them once it is
// active (features/offline/start-offline.ts), and they are kept like any later page's.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = readMessageToWorker(event.data);
  if (message?.type !== 'KEEP_FOR_OFFLINE') return;
  const urls = message.urls.map((value) => new URL(value, self.location.origin));
  event.waitUntil(
    Promise.all(
      urls
        .filter(isPageText)
        .map((url) =>
          publicLists
            .handleAll({ event, request: new Request(url.href, { headers: { Accept: 'application/json' } }) })[1]
            .catch(() => undefined),
        ),
    ),
  );
});

registerRoute(
  ({ url, request }) => request.destination === 'image' && url.origin === self.location.origin && url.pathname.startsWith('/images/'),
  new CacheFirst({
    cacheName: 'product-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);
// The scanner's WebAssembly decoder (about 400 kB gzipped) is not precached: only people without a
// native BarcodeDetector who open the scanner need it. Once fetched it is kept, so the scanner
// reads offline from then on; its hashed name changes with each version, so cache first.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && /^\/assets\/[^/]+\.wasm$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'scanner-decoder',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 2, purgeOnQuotaError: true })],
  }),
);
// Everything else under /api/v2 belongs to a person and goes to the network only.

// The street map (MAP_STYLE_URL): what the map fetched from the map's origins (GET /config's
// map_origins, the same list the CSP lets the app reach) is kept, so a street looked at once is
// drawn again offline. Tiles, glyphs and sprite images do not change under the same address: cache
// first, within a budget (features/map/README.md). The style and TileJSON are refreshed in the
// background, so a new style version arrives without waiting 30 days.
const mapTiles = new CacheFirst({
  cacheName: 'map-tiles',
  plugins: [
    // MapLibre reads tiles with CORS: an opaque answer (0) is useless to it, and would count as megabytes in the quota.
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
});
const mapStyles = new StaleWhileRevalidate({
  cacheName: 'map-styles',
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
});
const isMapBinary = (url: URL) => /\.(pbf|mvt|png|webp|jpe?g)$/i.test(url.pathname);

/** The map's origins, from the config the app last read (kept with the public lists), else asked for. */
async function readMapOrigins(event: ExtendableEvent): Promise<string[]> {
  const request = new Request(new URL(configPath, self.location.origin).href, { headers: { Accept: 'application/json' } });
  try {
    const kept = await (await caches.open(publicListsCache)).match(request, { ignoreVary: true });
    const response = kept ?? (await publicLists.handle({ event, request }));
    const origins = field(field(await response.clone().json(), 'data'), 'map_origins');
    return Array.isArray(origins) ? origins.filter((origin): origin is string => typeof origin === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Every tile of a map view passes through here: the config is read once a minute, not once a tile.
 * An empty answer (no config kept yet, offline) is not remembered, so the next request asks again.
 */
const mapOriginsMaxAgeMs = 60_000;
let knownMapOrigins: { readAt: number; origins: Promise<string[]> } | undefined;
function mapOrigins(event: ExtendableEvent): Promise<string[]> {
  if (knownMapOrigins && Date.now() - knownMapOrigins.readAt < mapOriginsMaxAgeMs) return knownMapOrigins.origins;
  const read = { readAt: Date.now(), origins: readMapOrigins(event) };
  knownMapOrigins = read;
  void read.origins.then((origins) => {
    if (origins.length === 0 && knownMapOrigins === read) knownMapOrigins = undefined;
  });
  return read.origins;
}

registerRoute(
  ({ url, request }) => request.method === 'GET' && request.mode !== 'navigate' && url.origin !== self.location.origin,
  async ({ url, request, event }) => {
    // Another origin than the map's (none today: the CSP allows no other) goes to the network as if no worker were here.
    if (!(await mapOrigins(event)).includes(url.origin)) return fetch(request);
    return (isMapBinary(url) ? mapTiles : mapStyles).handle({ event, request });
  },
);

// Web Push (features/notifications): what a push carries is read in push-message.ts.
/** Tells open windows that news arrived, so the news list and unread count refresh without a reload. */
const newsArrivedMessage = { type: 'NEWS_ARRIVED' } satisfies MessageToWindow;

self.addEventListener('push', (event: PushEvent) => {
  const message = pushMessageOf(readPushData(event));
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(message.title, {
        body: message.body,
        icon: message.icon,
        badge: '/icons/icon-192.png',
        tag: message.tag,
        lang: message.lang,
        data: { url: message.url },
      });
      for (const client of await appWindows()) client.postMessage(newsArrivedMessage);
    })(),
  );
});

// A tap opens the row the news is about: in a window of the app already open (moved there, then
// brought to the front), else in a new one.
async function openRow(target: string): Promise<void> {
  const windows = await appWindows();
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    try {
      // navigate() is refused for a window this worker does not control (opened before it was installed).
      const navigated = await open.navigate(target);
      if (navigated) {
        await navigated.focus().catch(() => undefined);
        return;
      }
    } catch {
      // falls through to a new window
    }
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const path =
    typeof data === 'object' && data !== null && typeof (data as { url?: unknown }).url === 'string' ? (data as { url: string }).url : '/';
  const opening = openRow(new URL(path, self.location.origin).href);
  try {
    event.waitUntil(opening);
  } catch {
    // A click dispatched by developer tools is not trusted and cannot extend the event; the row opens all the same.
  }
});
