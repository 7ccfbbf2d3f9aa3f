import { randomBytes } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page, Request as PlaywrightRequest } from '@playwright/test';
import { accessTokenCookie } from '#domain/client-session';
import { containerCodeFromRandom } from '#domain/container-codes';
import { expect, signIn, signUpViaApi, test, tokensFor, uniqueEmail } from './support/fixtures';
import { firstProduct, issueContainers } from './support/ops';
import { indexedDbContents, waitForSavedUser, waitForServiceWorker } from './support/offline';
import { e2ePassword } from './support/test-password';

// This file tests the service worker: let it run (the other test files block it).
test.use({ serviceWorkers: 'allow' });

const password = e2ePassword;

/** The customer's history as the server holds it, read with a token of its own (not the browser's). */
async function historyOnServer(request: APIRequestContext, email: string) {
  const { access_token } = await tokensFor(request, email, password);
  const response = await request.get('/api/v2/merged_transactions', { headers: { Authorization: `Bearer ${access_token}` } });
  expect(response.status()).toBe(200);
  const rows = ((await response.json()) as { data: { category: string; status: string; number_of_scans: number | null }[] }).data;
  return rows.map((row) => [row.category, row.status, row.number_of_scans]);
}

/**
 * Fires Background Sync's event as the browser does when the network returns, through DevTools.
 * The session lives on a page of another origin (about:blank), so no window of the app is open.
 */
async function fireOutboxSync(context: BrowserContext, blank: Page, baseURL: string): Promise<void> {
  const devtools = await context.newCDPSession(blank);
  const registrations = new Map<string, { registrationId: string; scopeURL: string; isDeleted: boolean }>();
  devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) registrations.set(registration.registrationId, registration);
  });
  await devtools.send('ServiceWorker.enable');
  const scope = new URL('/', baseURL).href;
  await expect
    .poll(() => [...registrations.values()].some((registration) => registration.scopeURL === scope && !registration.isDeleted))
    .toBe(true);
  const registration = [...registrations.values()].find((candidate) => candidate.scopeURL === scope && !candidate.isDeleted)!;
  await devtools.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(baseURL).origin,
    registrationId: registration.registrationId,
    tag: 'outbox',
    lastChance: false,
  });
  await devtools.detach();
}

test('with every window of the app closed, Background Sync has the service worker send the outbox: the scan reaches the server once, a refusal stays in the language it was taken in', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // A French customer in a browser whose own language is English: the refusal's language shows which one the worker sent.
  const email = uniqueEmail('bgsync');
  await signUpViaApi(request, { email, country: 'fr' });
  const tokens = await signIn(context, request, email, password);
  const product = await firstProduct(request, 'fr', 'fr');
  const [code] = await issueContainers(request, product.id, 1);
  // Well formed, never issued: the server refuses it.
  const unknownCode = containerCodeFromRandom(randomBytes(7));

  await page.goto('/fr/user/account');
  await expect(page.getByLabel('Code du contenant')).toBeVisible();
  await waitForServiceWorker(page);
  await waitForSavedUser(page, email);

  // Offline: both scans wait in the outbox.
  await context.setOffline(true);
  for (const scanned of [code!, unknownCode]) {
    await page.getByLabel('Code du contenant').fill(scanned);
    await page.getByRole('button', { name: 'Enregistrer le scan' }).click();
    await expect(page.getByLabel('Code du contenant')).toHaveValue('');
  }
  await expect(page.getByTestId('outbox-summary')).toHaveText('2 actions en attente d’envoi');
  const queued = (await indexedDbContents(page)).outbox as { kind: string; attempts: number; locale: string }[];
  expect(queued.map((entry) => [entry.kind, entry.attempts, entry.locale])).toEqual([
    ['scan', 0, 'fr-FR'],
    ['scan', 0, 'fr-FR'],
  ]);

  // The app is closed; the browser (this context) stays. The access token has run out meanwhile
  // (it lives 15 minutes), so the worker must renew it with the refresh token.
  const blank = await context.newPage();
  await page.close();
  await context.clearCookies({ name: accessTokenCookie });
  expect(await historyOnServer(request, email)).toEqual([]);
  // What the worker sends (Chromium reports a service worker's requests to the context).
  const sentByWorker: string[] = [];
  const noteWorkerRequest = (sent: PlaywrightRequest) => {
    if (!sent.serviceWorker() || !sent.url().includes('/api/v2/')) return;
    const path = new URL(sent.url()).pathname;
    const codes =
      sent.method() !== 'POST'
        ? []
        : path.endsWith('/scans')
          ? [(sent.postDataJSON() as { code: string }).code]
          : path.endsWith('/scans/batch')
            ? (sent.postDataJSON() as { scans: { code: string }[] }).scans.map((scan) => scan.code)
            : [];
    const scanned = codes.length > 0 ? ` ${codes.join(' ')}` : '';
    sentByWorker.push(`${sent.method()} ${path}${scanned}`);
  };
  context.on('request', noteWorkerRequest);

  // Chromium fires the sync by itself when the network returns (it follows DevTools' offline
  // emulation); it is fired here as well so the test does not hang on that. The worker's lock
  // makes the second one wait for the first, then find nothing left to send.
  await context.setOffline(false);
  await fireOutboxSync(context, blank, baseURL!);

  // The server has the scan, once: sent by the worker, since no page of the app is open.
  await expect.poll(() => historyOnServer(request, email), { timeout: 15_000 }).toEqual([['SCAN', 'PENDING', 1]]);
  // Renewal, whose token it is, then the two scans once, in one call as scans due together go: the
  // real one taken, the unknown one refused.
  await expect
    .poll(() => sentByWorker)
    .toEqual(['POST /api/v2/oauth/token', 'GET /api/v2/user', `POST /api/v2/scans/batch ${code} ${unknownCode}`]);
  // The app's own page texts and lists go through the worker too: only the worker's sync was counted.
  context.off('request', noteWorkerRequest);
  // The worker renewed the session and left the new tokens where the app keeps them.
  const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie.value]));
  expect(cookies.token).toBeTruthy();
  expect(cookies.token).not.toBe(tokens.access_token);
  expect(cookies.refreshToken).toBeTruthy();
  expect(cookies.refreshToken).not.toBe(tokens.refresh_token);

  // Opened again, the app is still signed in: nothing waits, the scan is in the history, and the
  // refused one stays with the server's reason in French, for the customer to read and dismiss.
  const again = await context.newPage();
  await again.goto('/fr/user/account');
  await expect(again.getByTestId('transaction')).toHaveCount(1);
  await expect(again.getByTestId('outbox-list')).toContainText('Désolé, nous ne reconnaissons pas ce code.');
  await expect(again.getByTestId('outbox-summary')).toBeHidden();
  const left = (await indexedDbContents(again)).outbox as {
    payload: { code: string };
    state: string;
    lastError: { status: number; code: string };
  }[];
  expect(left.map((entry) => [entry.payload.code, entry.state, entry.lastError.status, entry.lastError.code])).toEqual([
    [unknownCode, 'failed', 404, 'CONTAINER_UNKNOWN'],
  ]);
  expect(await historyOnServer(request, email)).toEqual([['SCAN', 'PENDING', 1]]);
});
