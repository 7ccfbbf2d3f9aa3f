/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate, CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first visit's page is controlled at once, so it works offline without a reload.
clientsClaim();

// A new version waits until the person accepts the "Update available" prompt:
// nothing reloads under someone in the middle of a scan or a form.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

const offlineFallback = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Roundtrip</title></head>
<body style="font-family:system-ui,sans-serif;padding:1.5rem"><h1>Roundtrip</h1>
<p>You are offline and the app is not stored on this device yet. Connect once and it will open offline from then on.</p>
<p lang="fr">Vous êtes hors ligne et l'application n'est pas encore enregistrée sur cet appareil.</p>
<p lang="ja">オフラインです。アプリはまだこの端末に保存されていません。</p></body></html>`;

/**
 * Every page is the app's shell. If the precached copy is missing (storage
 * evicted, an interrupted update), the network is asked, then a plain page
 * says what happened, rather than the browser's error.
 */
async function serveShell({ request }: { request: Request }): Promise<Response> {
  const shell = await matchPrecache('/index.html');
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

// Public lists that a customer needs offline: the same for everyone, refreshed in the background.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    (url.pathname === '/api/v2/bins' || url.pathname === '/api/v2/products'),
  new StaleWhileRevalidate({
    cacheName: 'public-lists',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 14 * 24 * 60 * 60 }),
    ],
  }),
);

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
// Everything else under /api/v2 belongs to a person and goes to the network only.
