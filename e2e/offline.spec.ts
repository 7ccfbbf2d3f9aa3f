import type { Page, Request } from '@playwright/test';
import { demo, expect, signIn, signUpViaApi, test, uniqueEmail } from './support/fixtures';
import { firstProduct, issueContainers } from './support/ops';
import { cachedUrls, indexedDbContents, waitForSavedUser, waitForServiceWorker } from './support/offline';
import { AccountPage } from './support/pages/account-page';
import { e2ePassword } from './support/test-password';

test.describe.configure({ mode: 'parallel' });

// These tests are about the service worker: let it run (the other specs block it).
test.use({ serviceWorkers: 'allow' });

/** Set on every document of the page: when the app marked itself started (data-app-started). */
const noteAppStart = `new MutationObserver((_, observer) => {
  if (document.documentElement?.dataset.appStarted !== 'true') return;
  window.appStartedAt = performance.now();
  observer.disconnect();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-app-started'] });`;

/** The zod chunks this document asked for before the app was started. */
function schemaCodeBeforeTheAppStarted(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const startedAt = (window as Window & { appStartedAt?: number }).appStartedAt ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/zod-[\w-]+\.js$/.test(entry.name) && entry.startTime < startedAt)
      .map((entry) => entry.name);
  });
}

test('after one online visit the app opens offline on every kind of route, with the last known user', async ({
  page,
  context,
  request,
}) => {
  await signIn(context, request, demo.us);
  await page.addInitScript(noteAppStart);
  const account = new AccountPage(page);
  await page.goto('/user/account');
  await expect(account.signedInAs(demo.us)).toBeVisible();
  const balance = account.balanceAmount;
  await expect(balance).toHaveText(/^\$\d+\.\d\d$/);
  const onlineBalance = await balance.innerText();
  await expect(account.history.rows.first()).toBeVisible();
  const onlineRows = await account.history.rows.count();
  await waitForServiceWorker(page);
  await waitForSavedUser(page, demo.us);
  await waitForSavedUser(page, '"wallet"');

  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');

  // The home page.
  await page.reload();
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A customer page, reloaded offline: the saved user, balance and history, and how old they are.
  // Nothing is sent that cannot arrive: its calls wait, paused, for the connection.
  const sentOffline: string[] = [];
  const recordApiCall = (sent: Request) => {
    if (new URL(sent.url()).pathname.startsWith('/api/')) sentOffline.push(sent.url());
  };
  page.on('request', recordApiCall);
  await page.goto('/user/account');
  await expect(account.signedInAs(demo.us)).toBeVisible();
  await expect(balance).toHaveText(onlineBalance);
  await expect(account.history.rows).toHaveCount(onlineRows);
  await expect(banner).toContainText('You are offline.');
  await expect(banner.getByTestId('data-age')).toHaveText(/^Updated (just now|\d+ minutes? ago)$/);
  page.off('request', recordApiCall);
  expect(sentOffline).toEqual([]);
  // The saved answers were checked when they arrived: the app starts without the schemas that check
  // its calls' answers (zod with them), which load once a call is answered, or in the background.
  expect(await schemaCodeBeforeTheAppStarted(page)).toEqual([]);

  // A prefixed route and a deep link with a query, typed straight into the address bar.
  await account.goto('us');
  await expect(account.signedInAs(demo.us)).toBeVisible();
  await expect(balance).toHaveText(onlineBalance);
  await page.goto('/us/user/profile?from=mail#details');
  await expect(page.getByText(demo.us).first()).toBeVisible();
  await expect(banner).toBeVisible();

  // In the visitor's language: a Japanese address opens in Japanese from the precached catalogue.
  await page.goto('/jp/faq');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(banner).toHaveText(/オフラインです。/);

  // Back online, the banner goes.
  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

test('a page never visited still opens offline: every route chunk and catalogue is precached', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.goto('/fr/how-it-works');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(page.getByTestId('offline-banner')).toHaveText(/Vous êtes hors ligne\./);
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the service worker never stores an answer that belongs to a person; sign-out offline leaves nothing personal', async ({
  page,
  context,
  request,
}) => {
  await signIn(context, request, demo.fr);
  await page.goto('/fr/user/account');
  await expect(page.getByText(demo.fr)).toBeVisible();
  await waitForServiceWorker(page);
  await waitForSavedUser(page, demo.fr);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(demo.fr)).toBeVisible();
  const nav = page.getByRole('navigation', { name: /./ }).first();
  await nav.getByRole('button', { name: /Mon compte|My account/ }).click();
  await Promise.all([page.waitForEvent('load'), nav.getByRole('button', { name: /Se déconnecter|Log out/ }).click()]);
  await expect(page).toHaveURL(/\/$/);

  expect(await context.cookies()).toEqual([]);
  const stored = await indexedDbContents(page);
  for (const [table, rows] of Object.entries(stored)) expect(rows, `IndexedDB table ${table}`).toEqual([]);
  expect(JSON.stringify(stored)).not.toContain(demo.fr);
  const cached = Object.values(await cachedUrls(page)).flat();
  expect(cached.length).toBeGreaterThan(0);
  expect(cached.filter((url) => /\/api\/v2\/(user|merged_transactions|payment_methods|oauth)/.test(url))).toEqual([]);
});

test('a new version is offered with a prompt and applied only when the person asks', async ({ page, context }) => {
  await page.clock.install();
  // The first visit gets an older build's worker (other bytes); the server then has the current one.
  // (The browser's own update checks do not pass through Playwright's routing, so the old build is the routed one.)
  await context.route('**/sw.js', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n// previous build\n` });
  });
  await page.goto('/faq');
  await waitForServiceWorker(page);
  await context.unrouteAll();
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);

  // The app looks for a new version when it comes back to the foreground and every hour; here at once.
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });

  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toContainText('Update available');
  // It waits: nothing reloads by itself.
  await page.evaluate(() => {
    (window as Window & { stillHere?: boolean }).stillHere = true;
  });
  // An hour on the page's clock (the app's next own update check included) and still no reload.
  await page.clock.runFor(3_600_000);
  expect(await page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere)).toBe(true);

  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  await expect(prompt).toBeHidden();
  expect(await page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere)).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the manifest of the interface language is linked, with icons and shortcuts', async ({ page, request }) => {
  await page.goto('/jp/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-ja-JP.webmanifest');
  const manifest = (await (await request.get('/manifest-ja-JP.webmanifest')).json()) as {
    lang: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose: string }[];
    shortcuts: { url: string }[];
  };
  expect(manifest).toMatchObject({ lang: 'ja-JP', display: 'standalone', start_url: '/jp/?source=pwa' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
    expect((await response.body()).subarray(1, 4).toString()).toBe('PNG');
  }
  expect(manifest.shortcuts.length).toBe(2);
});

test('Chromium finds the app installable (the check Lighthouse used to run)', async ({ page, context }) => {
  await page.goto('/fr/');
  await waitForServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(manifest.url).toMatch(/\/manifest-fr-FR\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // Playwright's contexts are incognito, where Chromium never installs; every other check passes.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});

test('a scan taken offline waits in the outbox, survives a reload, and reaches the server exactly once after failed sends', async ({
  page,
  context,
  request,
}) => {
  const email = uniqueEmail('outbox');
  await signUpViaApi(request, { email, country: 'us' });
  const tokens = await signIn(context, request, email, e2ePassword);
  const product = await firstProduct(request, 'us', 'en');
  const [code] = await issueContainers(request, product.id, 1);

  const account = new AccountPage(page);
  await account.goto('us');
  await expect(account.balanceAmount).toHaveText('$0.00');
  await waitForServiceWorker(page);
  await waitForSavedUser(page, email);

  // Offline: the scan is saved with its id, nothing is sent.
  await context.setOffline(true);
  await account.recordCode(code!);
  const waiting = page.getByTestId('outbox-summary');
  await expect(waiting).toHaveText('1 action waiting to upload');
  // One strip above the page, not one per state: offline, with what waits to upload.
  await expect(page.locator('.status-bar')).toHaveCount(1);
  await expect(page.getByTestId('offline-banner')).toContainText('You are offline. 1 action waiting to upload');
  const saved = (await indexedDbContents(page)).outbox as { id: string; kind: string; attempts: number }[];
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ kind: 'scan', attempts: 0 });

  // A reload while offline keeps it.
  await page.reload();
  await expect(waiting).toHaveText('1 action waiting to upload');

  // Back online, the first two sends die on the network; the outbox retries with backoff.
  let attempts = 0;
  let delivered = 0;
  const ids = new Set<string>();
  await context.route('**/api/v2/scans', async (route) => {
    attempts++;
    ids.add((route.request().postDataJSON() as { id: string }).id);
    if (attempts <= 2) return route.abort('connectionreset');
    delivered++;
    return route.continue();
  });
  await context.setOffline(false);
  // What the customer waits for is the scan reaching the server: the line also hides while a send
  // is on its way, so its hiding alone does not say the retries are over.
  await expect.poll(() => delivered, { timeout: 20_000 }).toBe(1);
  await expect(waiting).toBeHidden();
  expect(attempts).toBe(3);
  expect(delivered).toBe(1);
  expect([...ids]).toEqual([saved[0]!.id]);
  expect((await indexedDbContents(page)).outbox).toEqual([]);

  // The server holds exactly one scan, and a later start sends nothing more.
  const history = await request.get('/api/v2/merged_transactions', { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  const rows = ((await history.json()) as { data: { category: string; status: string; number_of_scans: number }[] }).data;
  expect(rows.map((row) => [row.category, row.status, row.number_of_scans])).toEqual([['SCAN', 'PENDING', 1]]);
  await page.reload();
  await expect(account.history.rows).toHaveCount(1);
  expect(attempts).toBe(3);
});
