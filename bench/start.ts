// Time from navigation to the first balance on screen on /user/account: the figure the prerendered
// shell's own script shows from what the app last saved (e2e/signed-in-shell.spec.ts proves it is
// that figure, and that the app's replaces it with no other number between). Reported beside it:
// the app ready for a tap (it has taken the page over and rendered the withdraw link), and the app's
// own mark of showing the balance.
//  - online, cold (empty cache, no service worker yet), throttled like Lighthouse's mobile preset;
//  - offline, after one online visit (service worker shell + IndexedDB query cache).
// Each beside a static HTML page holding the same element, served the same way: over HTTP with
// the same throttling, and offline from its own service worker's cache.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { balanceShownByAppMark } from '../src/app/features/wallet/balance-before-app';
import { median, prepareContext, type Tokens } from './browser';

/** Lighthouse mobile: 150 ms round trip, 1.6 Mbps down, 750 Kbps up, CPU 4× slower. */
export const mobileThrottling = { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750, cpuSlowdown: 4 };

export interface StartFigures {
  runs: number;
  /** Navigation → the app itself shows the balance (its mark). */
  appMs: number[];
  /** Navigation → the balance first on screen, which the shell's script draws before the app runs. */
  appFirstShownMs: number[];
  appFirstShownMedianMs: number;
  /** Navigation → the app ready for a tap: started, with its withdraw link rendered. */
  readyMs: number[];
  readyMedianMs: number;
  baselineMs: number[];
  appMedianMs: number;
  baselineMedianMs: number;
  /** The first balance on screen over the static page's. */
  ratio: number;
  /** Ready for a tap over the static page's balance on screen. */
  readyRatio: number;
}

/** What the watcher writes to the console once it has seen all it waits for. */
const watchedMessage = 'roundtrip-bench:watched';

/**
 * Records performance.now() when the balance first shows and, on the app's page, when the app is
 * ready for a tap (it has marked the page started and rendered its withdraw link: the link's handler
 * is the app's), then says so on the console. The bench waits for that message instead of asking the
 * page: Playwright's own waits (a locator, waitForFunction) first put Playwright's script into the
 * page, some 9 ms of main-thread work that then ran in the middle of the app's start, and polled it
 * until the end (the app's start was measured with the harness running beside it; the static page's
 * balance was on screen before any of it). A string: tsx helpers do not exist in the page.
 */
const watchBalance = (waitsForApp: boolean) => `(() => {
  const waitsForApp = ${waitsForApp};
  const mark = () => {
    if (window.balanceAt === undefined && document.querySelector('[data-testid="balance"]')) window.balanceAt = performance.now();
    if (waitsForApp && window.readyAt === undefined && document.documentElement?.dataset.appStarted === 'true' && document.querySelector('[data-testid="withdraw-link"]'))
      window.readyAt = performance.now();
    return window.balanceAt !== undefined && (!waitsForApp || window.readyAt !== undefined);
  };
  const done = () => console.debug(${JSON.stringify(watchedMessage)});
  if (mark()) return done();
  const observer = new MutationObserver(() => {
    if (!mark()) return;
    observer.disconnect();
    done();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-app-started'] });
})();`;

const staticPage = `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Account</title></head><body><h1>Account</h1><p data-testid="balance">$3.25</p>
<script>if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js');</script></body></html>`;
const staticWorker = `
self.addEventListener('install', (event) => { event.waitUntil(caches.open('static').then((cache) => cache.add('/account')).then(() => self.skipWaiting())); });
self.addEventListener('activate', (event) => { event.waitUntil(self.clients.claim()); });
self.addEventListener('fetch', (event) => { event.respondWith(caches.match(event.request).then((hit) => hit || fetch(event.request))); });`;

/** The baseline: a plain HTTP server with one page and a service worker that caches it. */
async function startStaticServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/sw.js') {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' });
      response.end(staticWorker);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(staticPage);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: mobileThrottling.latencyMs,
    downloadThroughput: (mobileThrottling.downloadKbps * 1000) / 8,
    uploadThroughput: (mobileThrottling.uploadKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: mobileThrottling.cpuSlowdown });
}

interface Shown {
  /** The balance first on screen. */
  first: number;
  /** The app showing it: its mark; on the static page, the same moment as `first`. */
  app: number;
  /** The app ready for a tap; on the static page, the same moment as `first`. */
  ready: number;
}

type Watched = Window & { balanceAt?: number; readyAt?: number };

/** Resolves once the watcher has seen what it waits for on the page's next document. */
function watched(page: Page): Promise<unknown> {
  return page.waitForEvent('console', { predicate: (message) => message.text() === watchedMessage, timeout: 60_000 });
}

/** Read once the watcher is done: nothing of Playwright runs in the page while it starts. */
async function balanceShown(page: Page, isApp: boolean): Promise<Shown> {
  const at = await page.evaluate(() => ({ first: (window as Watched).balanceAt ?? -1, ready: (window as Watched).readyAt ?? -1 }));
  if (!isApp) return { first: at.first, app: at.first, ready: at.first };
  const mark = await page.waitForFunction((name) => performance.getEntriesByName(name)[0]?.startTime, balanceShownByAppMark, {
    timeout: 60_000,
  });
  return { first: at.first, app: Number(await mark.jsonValue()), ready: at.ready };
}

/** One cold, throttled visit in a fresh context (nothing cached, no service worker). */
async function coldVisit(browser: Browser, url: string, signIn: { baseUrl: string; tokens: Tokens } | null): Promise<Shown> {
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  if (signIn) await prepareContext(context, signIn.baseUrl, signIn.tokens);
  await context.addInitScript(watchBalance(signIn !== null));
  const page = await context.newPage();
  await throttle(context, page);
  const seen = watched(page);
  await page.goto(url);
  await seen;
  const at = await balanceShown(page, signIn !== null);
  await context.close();
  return at;
}

function figures(runs: number, shown: Shown[], baseline: number[]): StartFigures {
  const app = shown.map((one) => one.app);
  const first = shown.map((one) => one.first);
  const ready = shown.map((one) => one.ready);
  const baselineMedian = median(baseline);
  return {
    runs,
    appMs: app.map(Math.round),
    appFirstShownMs: first.map(Math.round),
    appFirstShownMedianMs: Math.round(median(first)),
    readyMs: ready.map(Math.round),
    readyMedianMs: Math.round(median(ready)),
    baselineMs: baseline.map((value) => Math.round(value * 10) / 10),
    appMedianMs: Math.round(median(app)),
    baselineMedianMs: Math.round(baselineMedian * 10) / 10,
    ratio: Math.round((median(first) / baselineMedian) * 10) / 10,
    readyRatio: Math.round((median(ready) / baselineMedian) * 10) / 10,
  };
}

export async function benchOnlineStart(browser: Browser, baseUrl: string, tokens: Tokens, runs: number): Promise<StartFigures> {
  const baseline = await startStaticServer();
  try {
    const app: Shown[] = [];
    const statics: number[] = [];
    for (let run = 0; run < runs; run++) {
      app.push(await coldVisit(browser, `${baseUrl}/us/user/account`, { baseUrl, tokens }));
      statics.push((await coldVisit(browser, `${baseline.url}/account`, null)).app);
    }
    return figures(runs, app, statics);
  } finally {
    baseline.server.close();
  }
}

/**
 * Resolves once the page has nothing left to do: the browser offers an idle period of nearly the
 * whole 50 ms it ever offers, which it does only with no task, timer or frame waiting. A person's
 * start begins from a settled phone (the app opened from the home screen, or a reload of a page
 * read for a while), not in the middle of the last start's tail: reloading at the very moment the
 * app was ready had the last start's own follow-up work (saving the answers it just read, opening
 * the local database) run in the next start's time, which the static page, with no follow-up work,
 * never paid.
 */
async function settled(page: Page): Promise<void> {
  // A string, as the watcher: tsx's helpers (named functions) do not exist in the page.
  await page.evaluate(`new Promise((resolve) => {
    const check = (deadline) => (deadline.timeRemaining() >= 45 ? resolve() : requestIdleCallback(check));
    requestIdleCallback(check);
  })`);
}

async function offlineReloads(browser: Browser, url: string, signIn: { baseUrl: string; tokens: Tokens } | null, runs: number) {
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'allow' });
  if (signIn) await prepareContext(context, signIn.baseUrl, signIn.tokens);
  await context.addInitScript(watchBalance(signIn !== null));
  const page = await context.newPage();
  const firstVisit = watched(page);
  await page.goto(url);
  await firstVisit;
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active && navigator.serviceWorker.controller));
  // The query cache is persisted a moment after the answers arrive.
  await page.waitForTimeout(1500);
  await context.setOffline(true);
  const times: Shown[] = [];
  for (let run = 0; run < runs; run++) {
    await settled(page);
    const seen = watched(page);
    await page.reload();
    await seen;
    times.push(await balanceShown(page, signIn !== null));
  }
  await context.close();
  return times;
}

export async function benchOfflineStart(browser: Browser, baseUrl: string, tokens: Tokens, runs: number): Promise<StartFigures> {
  const baseline = await startStaticServer();
  try {
    const app = await offlineReloads(browser, `${baseUrl}/us/user/account`, { baseUrl, tokens }, runs);
    const statics = await offlineReloads(browser, `${baseline.url}/account`, null, runs);
    return figures(
      runs,
      app,
      statics.map((one) => one.app),
    );
  } finally {
    baseline.server.close();
  }
}
