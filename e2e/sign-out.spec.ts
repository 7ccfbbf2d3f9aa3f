import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, signIn, signUpViaApi, test, tokensFor, uniqueEmail } from './support/fixtures';
import { firstProduct, issueContainers } from './support/ops';
import { AccountPage } from './support/pages/account-page';
import { NavBar } from './support/pages/nav-bar';
import { e2ePassword } from './support/test-password';

// Signing out deletes everything on the phone, the outbox too: with actions still waiting to
// upload, the customer is asked first and chooses between uploading them and dropping them.

const password = e2ePassword;

/** A customer on the account page with one scan that could not be sent (the network drops it), still waiting to upload. */
async function scanWaiting(page: Page, context: BrowserContext, request: APIRequestContext, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  await signUpViaApi(request, { email, country: 'us' });
  await signIn(context, request, email, password);
  const product = await firstProduct(request, 'us', 'en');
  const [code] = await issueContainers(request, product.id, 1);
  const account = new AccountPage(page);
  await account.goto('us');
  await expect(account.balanceAmount).toHaveText('$0.00');
  await context.route('**/api/v2/scans', (route) => route.abort('internetdisconnected'));
  await account.recordCode(code!);
  await expect(page.getByTestId('outbox-summary')).toHaveText('1 action waiting to upload');
  return email;
}

async function scansOnServer(request: APIRequestContext, email: string): Promise<number> {
  const { access_token } = await tokensFor(request, email, password);
  const response = await request.get('/api/v2/merged_transactions', { headers: { Authorization: `Bearer ${access_token}` } });
  const rows = ((await response.json()) as { data: { category: string; number_of_scans: number | null }[] }).data;
  return rows.filter((row) => row.category === 'SCAN').reduce((sum, row) => sum + (row.number_of_scans ?? 0), 0);
}

async function askToSignOut(page: Page) {
  const nav = new NavBar(page);
  await nav.openAccountMenu();
  await nav.signOutButton.click();
  const dialog = page.getByRole('dialog', { name: 'Actions still waiting to upload' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('1 action taken on this phone has not reached Roundtrip yet.');
  return dialog;
}

test('signing out with a scan waiting: upload it first, then the customer is signed out', async ({ page, context, request }) => {
  const email = await scanWaiting(page, context, request, 'signout-upload');
  // "Scan saved" comes up below the navigation bar: over it, it covered the account button, and the
  // pointer on its way there held the message in place.
  const message = page.getByTestId('notification').filter({ hasText: 'Scan saved' });
  await expect(message).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const [messageBox, barBox] = await Promise.all([message.boundingBox(), page.locator('.site-header').boundingBox()]);
  expect(barBox!.y).toBe(0);
  expect(messageBox!.y).toBeGreaterThanOrEqual(barBox!.height);
  await context.setOffline(true);
  const dialog = await askToSignOut(page);
  await dialog.getByRole('button', { name: 'Upload them, then log out' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/You are offline/);
  // Still signed in while the scan waits.
  await expect(page.getByTestId('outbox-summary')).toBeVisible();

  await context.unroute('**/api/v2/scans');
  await Promise.all([page.waitForURL((url) => url.pathname === '/' || url.pathname === '/countries'), context.setOffline(false)]);
  expect(await scansOnServer(request, email)).toBe(1);
  await expect(new NavBar(page).accountMenu()).toHaveCount(0);
});

test('signing out with a scan waiting: dropping it is a choice, and it never reaches the server', async ({ page, context, request }) => {
  const email = await scanWaiting(page, context, request, 'signout-drop');
  const dialog = await askToSignOut(page);
  // Changing one's mind keeps everything.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('outbox-summary')).toHaveText('1 action waiting to upload');

  const again = await askToSignOut(page);
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/' || url.pathname === '/countries'),
    again.getByRole('button', { name: 'Log out and delete them' }).click(),
  ]);
  await context.unroute('**/api/v2/scans');
  await expect(new NavBar(page).accountMenu()).toHaveCount(0);
  expect(await scansOnServer(request, email)).toBe(0);
});

test('signing out with nothing waiting asks nothing', async ({ page, context, request }) => {
  const email = uniqueEmail('signout-plain');
  await signUpViaApi(request, { email, country: 'us' });
  await signIn(context, request, email, password);
  const account = new AccountPage(page);
  await account.goto('us');
  await expect(account.balanceAmount).toHaveText('$0.00');
  const nav = new NavBar(page);
  await nav.openAccountMenu();
  await Promise.all([page.waitForURL((url) => url.pathname === '/' || url.pathname === '/countries'), nav.signOutButton.click()]);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
