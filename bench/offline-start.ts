// Offline start: time from navigation to the balance on screen for an offline reload of
// /user/account (service worker shell + IndexedDB query cache), next to the same for a static
// HTML page answered from memory (no JavaScript at all), as a ratio. Also the precache size.
// Not part of `npm test`. Start the server first (`npm start`, or PORT=… npm start), then:
//   npx tsx bench/offline-start.ts [baseUrl] [runs]
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';

const baseUrl = process.argv[2] ?? 'http://localhost:8080';
const runs = Number(process.argv[3] ?? 9);
const email = process.env.BENCH_EMAIL ?? 'demo.us@roundtrip.example';
const password = process.env.BENCH_PASSWORD ?? 'roundtrip-demo';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Records performance.now() (ms since the navigation started) when the balance first shows.
 * A string, not a function: tsx adds helpers to functions that do not exist in the page.
 */
const watchBalance = `(() => {
  const mark = () => {
    if (window.balanceAt === undefined && document.querySelector('[data-testid="balance"]')) {
      window.balanceAt = performance.now();
      return true;
    }
    return false;
  };
  if (mark()) return;
  const observer = new MutationObserver(() => { if (mark()) observer.disconnect(); });
  observer.observe(document, { childList: true, subtree: true });
})();`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  // The app: one online visit, then offline reloads.
  const context = await browser.newContext({ locale: 'en-US' });
  const tokenResponse = await fetch(`${baseUrl}/api/v2/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 'roundtrip-web', email, password }),
  });
  const tokens = (await tokenResponse.json()) as { access_token: string; refresh_token: string; expires_in: number };
  const expires = Math.floor(Date.now() / 1000) + tokens.expires_in;
  await context.addCookies([
    { name: 'token', value: tokens.access_token, url: baseUrl, expires, sameSite: 'Strict' },
    { name: 'refreshToken', value: tokens.refresh_token, url: baseUrl, expires, sameSite: 'Strict' },
  ]);
  await context.addInitScript(`(() => {
    if (location.protocol !== 'http:') return;
    if (!localStorage.getItem('token_expires_at')) localStorage.setItem('token_expires_at', '${Date.now() + tokens.expires_in * 1000}');
    if (!localStorage.getItem('cookie_consent')) localStorage.setItem('cookie_consent', JSON.stringify({ analytics: false, decidedAt: new Date().toISOString() }));
  })();`);
  await context.addInitScript(watchBalance);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/user/account`);
  await page.getByTestId('balance').waitFor();
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active && navigator.serviceWorker.controller));
  await page.waitForTimeout(1500); // the persister writes the cache a moment after the answers
  const precached = await page.evaluate(async () => {
    // Bytes as stored (decoded), every file of the current precache.
    let bytes = 0;
    let files = 0;
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        bytes += (await response!.arrayBuffer()).byteLength;
        files++;
      }
    }
    return { bytes, files };
  });
  await context.setOffline(true);
  const app: number[] = [];
  for (let run = 0; run < runs; run++) {
    await page.reload();
    await page.getByTestId('balance').waitFor();
    app.push(await page.evaluate(() => (window as Window & { balanceAt?: number }).balanceAt ?? -1));
  }

  // The baseline: a static HTML page with the same element, answered from memory (another origin, no worker).
  const staticContext = await browser.newContext({ locale: 'en-US' });
  await staticContext.addInitScript(watchBalance);
  const css = readFileSync(new URL('../dist/index.html', import.meta.url), 'utf8').length; // keep the page of a similar size
  const html = `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><title>Account</title></head><body><h1>Account</h1><p data-testid="balance">$3.25</p><!--${'x'.repeat(css)}--></body></html>`;
  await staticContext.route('http://static.bench/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  const staticPage = await staticContext.newPage();
  await staticPage.goto('http://static.bench/account');
  const staticTimes: number[] = [];
  for (let run = 0; run < runs; run++) {
    await staticPage.reload();
    await staticPage.getByTestId('balance').waitFor();
    staticTimes.push(await staticPage.evaluate(() => (window as Window & { balanceAt?: number }).balanceAt ?? -1));
  }

  const appMedian = median(app);
  const staticMedian = median(staticTimes);
  const result = {
    date: new Date().toISOString(),
    runs,
    precache: precached,
    offlineReloadToBalanceMs: { median: Math.round(appMedian), all: app.map(Math.round) },
    staticPageToElementMs: { median: Math.round(staticMedian * 10) / 10, all: staticTimes.map((value) => Math.round(value * 10) / 10) },
    ratio: Math.round((appMedian / staticMedian) * 10) / 10,
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  await browser.close();
}
