import { Workbox } from 'workbox-window';
import { i18n } from '@lingui/core';
import type { MessageToWorker } from '#domain/worker-messages';
import { databaseLoaded } from '../../lib/db-loader';
import { setAppStatus, type BeforeInstallPromptEvent } from './app-status';
import { startOutbox } from '../../lib/outbox';

let workbox: Workbox | undefined;
let reloadRequested = false;

/** Links the web app manifest of the interface language (public/manifest-<locale>.webmanifest). */
export function linkManifest(locale: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'manifest';
    document.head.append(link);
  }
  const href = `/manifest-${locale}.webmanifest`;
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/**
 * Registers the service worker (built app only, or `SW_DEV=true vite`). A new version is
 * never switched to by itself: `updateReady` shows the prompt and `applyUpdate` does it.
 */
function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  if (!import.meta.env.PROD && import.meta.env.VITE_SW_DEV !== 'true') return;
  workbox = new Workbox(import.meta.env.PROD ? '/sw.js' : '/dev-sw.js?dev-sw', { type: import.meta.env.PROD ? 'classic' : 'module' });
  // The browser's own events, not workbox-window's: those skip a version found by a later update check.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Only the tab where the person said yes reloads; a first install (clientsClaim) never does.
    if (reloadRequested) window.location.reload();
  });
  void workbox
    .register()
    .then((registration) => {
      if (!registration) return;
      const watch = (worker: ServiceWorker | null) => {
        if (!worker) return;
        const check = () => {
          // A waiting worker while another controls the page: a new version, not the first install.
          // Another: WebKit may tell of the first worker's "installed" only once that same worker
          // has claimed the page, which would otherwise offer an update on a first visit.
          const controller = navigator.serviceWorker.controller;
          if (worker.state === 'installed' && controller && controller !== worker) setAppStatus({ updateReady: true });
        };
        check();
        worker.addEventListener('statechange', check);
      };
      watch(registration.waiting);
      watch(registration.installing);
      registration.addEventListener('updatefound', () => watch(registration.installing));
      // A long-open tab (or an installed app left running) still hears of new builds.
      const lookForUpdate = () => void registration.update().catch(() => undefined);
      setInterval(lookForUpdate, 60 * 60_000);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') lookForUpdate();
      });
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
  void keepFirstPageForOffline();
}

/**
 * On a first visit the page's texts were fetched before the service worker existed, so it never
 * saw them. Once it is active it is handed their addresses, to keep them as it keeps later ones:
 * the page first shown opens offline with the same texts. Drafts (an editor's preview) are not kept.
 */
async function keepFirstPageForOffline(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter(
      (url) => url.origin === location.origin && url.pathname.startsWith('/locales/') && url.searchParams.get('strapi_status') !== 'draft',
    )
    .map((url) => url.href);
  if (urls.length > 0) registration.active?.postMessage({ type: 'KEEP_FOR_OFFLINE', urls: [...new Set(urls)] } satisfies MessageToWorker);
}

/** The person accepted "Update available — reload". */
export function applyUpdate(): void {
  reloadRequested = true;
  const registration = workbox;
  if (!registration) {
    window.location.reload();
    return;
  }
  // Tells the waiting worker to take over; controllerchange then reloads this tab.
  registration.messageSkipWaiting();
  // A worker that was already activated by another tab sends no new "controlling" event here.
  setTimeout(() => window.location.reload(), 3000);
}

let started = false;

/** Everything the offline feature needs at app start; called once from main.tsx. */
export function startOffline(): void {
  if (started) return;
  started = true;
  linkManifest(i18n.locale);
  i18n.on('change', () => linkManifest(i18n.locale));
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's offer for our own button instead of its mini bar.
    event.preventDefault();
    setAppStatus({ installPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => setAppStatus({ installPrompt: undefined, installed: true }));
  if (window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone) {
    setAppStatus({ installed: true });
  }
  void databaseLoaded.then(({ onDatabaseVersionChange }) => onDatabaseVersionChange(() => setAppStatus({ databaseOutdated: true })));
  registerServiceWorker();
  startOutbox();
}
