import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { apiPrefix } from '#domain/api';
import { containerCodeFromRandom } from '#domain/container-codes';
import { signedInShellFirstCalls } from '#domain/signed-in-shells';
import { appStarted, demo, expect, signIn, test } from './support/fixtures';
import { waitForServiceWorker } from './support/offline';
import { AccountPage } from './support/pages/account-page';

// The account page's prerendered shell (scripts/prerender.ts) and its small script
// (src/app/shell/balance-before-app.js): what a customer sees before the app's own scripts have run.

/** The app's own scripts never arrive: what is on screen is the HTML and the small classic scripts. */
async function blockAppScripts(page: Page): Promise<void> {
  await page.route('**/assets/**', (route) => route.abort());
}

/**
 * From now on the page at `path` is the page as built (as the installed app's worker serves it):
 * the server's answer asked without the session, with its Content-Security-Policy. Returns its HTML.
 */
async function serveAsBuilt(page: Page, playwright: PlaywrightWorkerArgs['playwright'], path: string): Promise<string> {
  const withoutSession = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const asBuilt = await withoutSession.get(path);
  const policy = asBuilt.headers()['content-security-policy'] ?? '';
  const builtPage = await asBuilt.text();
  await withoutSession.dispose();
  await page.route(`**${path}`, (route) =>
    route.fulfill({ body: builtPage, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy } }),
  );
  return builtPage;
}

/** The balance as the app shows it, once it has taken the page over. */
async function appBalance(account: AccountPage): Promise<string> {
  await expect(account.balanceAmount).toHaveText(/\d/);
  return account.balanceAmount.innerText();
}

test('before the app runs, the account page shows the signed-in navigation, its headings and the balance', async ({
  page,
  context,
  request,
}) => {
  await signIn(context, request, demo.fr);
  const account = new AccountPage(page, 'fr-FR');
  await account.goto('fr');
  const shown = await appBalance(account);

  // The last known figure, with the server out of reach too: from this device's storage.
  await blockAppScripts(page);
  await page.route('**/api/v2/user/balance', (route) => route.abort());
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-signed-in-shell', 'fr-FR');
  await expect(page).toHaveTitle('Compte · Roundtrip');
  await expect(page.getByRole('heading', { level: 1, name: 'Compte' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Historique' })).toBeVisible();
  await expect(account.balance).toHaveText(shown);
  expect(await page.evaluate(() => document.documentElement.dataset.appStarted)).toBeUndefined();
  // Its forms wait for the app, which renders its own over them: nothing typed there can be lost.
  await page.locator('#container-code').focus();
  expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('container-code');

  // Nothing stored on this device: the server's answer, asked for by the small script itself.
  await page.unroute('**/api/v2/user/balance');
  await page.evaluate(() => localStorage.removeItem('last_balance'));
  await page.reload();
  await expect(account.balance).toHaveText(shown);
  expect(await page.evaluate(() => document.documentElement.dataset.appStarted)).toBeUndefined();
});

test('the figure shown before the app is the one the app shows, in yen and in Japanese', async ({ page, context, request }) => {
  await signIn(context, request, demo.jp);
  const account = new AccountPage(page, 'ja-JP');
  await account.goto('jp');
  const shown = await appBalance(account);
  expect(shown).toMatch(/[¥￥]/);

  await blockAppScripts(page);
  await page.route('**/api/v2/user/balance', (route) => route.abort());
  await page.reload();
  await expect(account.balance).toHaveText(shown);
});

test('without a session the shell shows no stored figure, and signing out forgets it', async ({ page, context, request }) => {
  await signIn(context, request, demo.us);
  const account = new AccountPage(page);
  await account.goto('us');
  await appBalance(account);
  expect(await page.evaluate(() => localStorage.getItem('last_balance'))).toContain('USD');

  // The cookies ran out while the app was closed: the figure stays hidden.
  await context.clearCookies();
  await blockAppScripts(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(account.balance).toHaveCount(0);

  // Signing out removes it from the device.
  await page.unrouteAll();
  await signIn(context, request, demo.us);
  await account.goto('us');
  await appBalance(account);
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$|\/us\/?$/);
  expect(await page.evaluate(() => localStorage.getItem('last_balance'))).toBeNull();
});

test("a first visit of the account page downloads what its first screen shows; the scan form's rules come with a focus on its field", async ({
  page,
  context,
  request,
}) => {
  await signIn(context, request, demo.us);
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  const account = new AccountPage(page, 'en-US');
  await account.goto('us');
  await appStarted(page);
  await expect(account.withdrawLink.or(account.withdrawMinimum)).toBeVisible();
  // The page texts of the public pages (src/domain/content) and the scan form's code rules, call and
  // messages (features/scan/scan-form-submit.ts) are not on its first screen.
  expect(scripts.filter((script) => /^\/assets\/(en|scan-form-submit)-[\w-]+\.js$/.test(script))).toEqual([]);
  // The schema of GET /user, which the page waits for, is named in the shell and comes with the code;
  // so are the schemas of the page's own calls (its balance and history, its news), with zod.
  for (const schemas of ['customer-answer', 'wallet', 'notifications', 'zod'])
    expect(await page.locator(`link[rel="modulepreload"][href*="/assets/${schemas}-"]`).count(), schemas).toBe(1);

  const rules = page.waitForRequest((sent) => /\/assets\/scan-form-submit-[\w-]+\.js$/.test(sent.url()));
  await page.locator('#container-code').focus();
  await rules;
  // Checked on the phone as before: a typo is answered under the field.
  const code = containerCodeFromRandom(new Uint8Array([12, 34, 56, 78, 90, 123, 45]));
  await page.locator('#container-code').fill(code.slice(0, 3) + (code[3] === 'A' ? 'B' : 'A') + code.slice(4));
  await page.getByRole('button', { name: 'Record the scan' }).click();
  await expect(page.getByText('This code has a typo: check each character and try again.')).toBeVisible();
});

test("a first visit sends the account page's calls while the app's code is still on its way, and the app sends none of them again", async ({
  page,
  context,
  request,
}) => {
  await signIn(context, request, demo.us);
  const asked: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith(apiPrefix)) asked.push(`${url.pathname.slice(apiPrefix.length)}${url.search}`);
  });
  // The app's code is held back until the page's calls have gone out: as on a slow connection, where
  // the code takes seconds and the calls a round trip.
  let releaseCode = () => {};
  const codeReleased = new Promise<void>((resolve) => (releaseCode = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await codeReleased;
    await route.continue();
  });
  const firstCalls = signedInShellFirstCalls['user/account'];
  await page.goto('/us/user/account', { waitUntil: 'commit' });
  await expect.poll(() => firstCalls.filter((call) => !asked.includes(call))).toEqual([]);
  releaseCode();

  const account = new AccountPage(page, 'en-US');
  await appStarted(page);
  await expect(account.withdrawLink.or(account.withdrawMinimum)).toBeVisible();
  await expect(account.history.rows.first()).toBeVisible();
  for (const call of firstCalls)
    expect(
      asked.filter((sent) => sent === call),
      call,
    ).toHaveLength(1);
});

/**
 * Counts the reads of the app's saved answers: IndexedDB opened without a version, as the shell's
 * script and the app's own read do (Dexie always names its version).
 */
const countSavedAnswersReads = `(() => {
  const open = indexedDB.open.bind(indexedDB);
  window.savedAnswersReads = 0;
  indexedDB.open = (name, version) => {
    if (version !== undefined) return open(name, version);
    window.savedAnswersReads += 1;
    return open(name);
  };
})();`;

/** Counts the code preloads the page names while it is still being read, before the app runs. */
const countPreloadsWhileRead = `(() => {
  window.preloadsWhileRead = 0;
  new MutationObserver((records) => {
    if (document.readyState !== 'loading') return;
    for (const record of records)
      for (const node of record.addedNodes) if (node.nodeName === 'LINK' && node.rel === 'modulepreload') window.preloadsWhileRead += 1;
  }).observe(document, { childList: true, subtree: true });
})();`;

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('an offline start of the account page is its prerendered shell, with the last known balance', async ({ page, context, request }) => {
    await signIn(context, request, demo.us);
    const account = new AccountPage(page);
    await account.goto('us');
    const shown = await appBalance(account);
    await waitForServiceWorker(page);
    // The worker keeps the shells when it installs: wait until this market's is there.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          for (const name of await caches.keys()) {
            if (name.startsWith('signed-in-shells-') && (await (await caches.open(name)).match('/prerendered/us/user/account.worker.html')))
              return true;
          }
          return false;
        }),
      )
      .toBe(true);

    await context.setOffline(true);
    await page.addInitScript(countSavedAnswersReads);
    await page.addInitScript(countPreloadsWhileRead);
    const response = await page.reload();
    expect(await response?.text()).toContain('data-signed-in-shell="en-US"');
    await expect(account.balance).toContainText(shown);
    // Then the app takes over with the same figure.
    await appStarted(page);
    expect(await appBalance(account)).toBe(shown);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    // The saved answers it started from were read once, by the shell's script, before the app ran:
    // the app took that read instead of opening the database for its own.
    expect(await page.evaluate(() => (window as Window & { savedAnswersReads?: number }).savedAnswersReads)).toBe(1);
    // The worker's copy of the shell asks for none of the page's code while it is read: the worker's
    // cache answers the app's imports as they come.
    expect(await page.evaluate(() => (window as Window & { preloadsWhileRead?: number }).preloadsWhileRead)).toBe(0);
    await expect(page.getByTestId('transactions')).toBeVisible();
  });
});

/**
 * Every figure the balance shows, in order, from its first appearance: the shell's text, then the
 * app's visible reels (what the eye reads, not the screen reader's copy), and an empty string while
 * the balance is gone. Recorded by the page itself on each change, so no frame between two checks
 * of the test is missed.
 */
const recordBalanceFigures = `(() => {
  window.balanceFigures = [];
  const read = () => {
    const balance = document.querySelector('[data-testid="balance"]');
    if (!balance) return '';
    const reels = balance.querySelector('.slot__reels');
    return (reels ?? balance).textContent ?? '';
  };
  const record = () => {
    const figures = window.balanceFigures;
    const shown = read();
    if (figures.length === 0 && shown === '') return;
    if (figures[figures.length - 1] !== shown) figures.push(shown);
  };
  new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

async function figuresShown(page: Page, account: AccountPage): Promise<string[]> {
  await appStarted(page);
  await expect(account.balance.locator('.slot__reel[data-settled="false"]')).toHaveCount(0);
  await expect(account.balance.locator('.slot__reels')).toHaveText(await appBalance(account));
  return page.evaluate(() => (window as Window & { balanceFigures?: string[] }).balanceFigures ?? []);
}

test('the first balance on screen is the current one the server put in the page, or, in the page as built, the one the app last saved; the app takes over without showing another figure', async ({
  page,
  context,
  request,
  playwright,
}) => {
  await signIn(context, request, demo.us);
  const account = new AccountPage(page);
  await account.goto('us');
  const saved = await appBalance(account);
  await appStarted(page);
  expect(await page.evaluate(() => localStorage.getItem('last_balance'))).toContain('USD');

  // The same figure on the server: it is the only one ever on screen, from the shell to the app.
  await context.addInitScript(recordBalanceFigures);
  await page.reload();
  expect(await figuresShown(page, account)).toEqual([saved]);

  // A figure saved before a check-in the device has not heard of. The page the server sends carries
  // the session's current balance (src/server/http/signed-in-shell.ts): the stale one never shows.
  await page.evaluate(() => localStorage.setItem('last_balance', JSON.stringify({ value: '0.05', currency: 'USD' })));
  await page.reload();
  expect(await figuresShown(page, account)).toEqual([saved]);

  // The page as built (as the installed app's worker serves it, asked without the session): the
  // saved figure first, then the server's in its place, and nothing between them (no roll up from
  // zero, no empty slot).
  const builtPage = await serveAsBuilt(page, playwright, '/us/user/account');
  expect(builtPage).not.toContain('data-balance-current=""');
  await page.evaluate(() => localStorage.setItem('last_balance', JSON.stringify({ value: '0.05', currency: 'USD' })));
  await page.reload();
  expect(await figuresShown(page, account)).toEqual(['$0.05', saved]);
});

test('in the page as built, the saved figure is shown as the app showed it, without building a number format first', async ({
  page,
  context,
  request,
  playwright,
}) => {
  await signIn(context, request, demo.jp);
  const account = new AccountPage(page, 'ja-JP');
  await account.goto('jp');
  const shown = await appBalance(account);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('last_balance') ?? 'null') as unknown);
  expect(saved).toMatchObject({ currency: 'JPY', shown: { lang: 'ja-JP', text: shown } });

  await serveAsBuilt(page, playwright, '/jp/user/account');
  await blockAppScripts(page);
  await page.route('**/api/v2/user/balance', (route) => route.abort());
  // No number format can be built in this page: the figure on screen is the saved text.
  await page.addInitScript(() => {
    Intl.NumberFormat = function () {
      throw new Error('no number format before the first figure');
    } as unknown as typeof Intl.NumberFormat;
  });
  await page.reload();
  await expect(account.balance).toHaveText(shown);
  // Saved in another language, the text is not this page's: without a format there is no figure.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('last_balance') ?? '{}') as { shown?: { lang: string } };
    localStorage.setItem('last_balance', JSON.stringify({ ...stored, shown: { ...stored.shown, lang: 'en-US' } }));
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: '残高' })).toBeVisible();
  await expect(account.balance).toHaveCount(0);
});
