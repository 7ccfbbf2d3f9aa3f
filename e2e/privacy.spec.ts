import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, notification, signIn, signUpViaApi, tokensFor, uniqueEmail } from './support/fixtures';
import { waitForMail } from './support/mail';
import { checkIn, firstProduct, issueContainers } from './support/ops';
import { openDataRequests, scanViaApi } from './support/privacy';
import { e2ePassword } from './support/test-password';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const deletion = (page: Page) => page.getByRole('region', { name: 'Delete my account' });
const password = e2ePassword;

async function submitDeletion(page: Page, withPassword: string) {
  const form = deletion(page);
  await form.getByRole('checkbox', { name: 'I understand that my account and personal data will be deleted for good.' }).check();
  await form.getByLabel('Your password').fill(withPassword);
  await form.getByRole('button', { name: 'Delete my account' }).click();
}

test('download everything held about me as JSON, from the profile page and from the DSAR page', async ({ page, context, request }) => {
  const email = uniqueEmail('export');
  await signUpViaApi(request, { email, country: 'uk' });
  await signIn(context, request, email, password);

  await page.goto('/uk/user/profile');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^roundtrip-personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(file).toMatchObject({
    format: 'roundtrip-personal-data/1',
    account: { email, name: 'E2E Person', country_code: 'uk', zip_code: 'SW1A 1AA' },
    balance: { balance: { currency: 'GBP', value: '0.00' } },
    ledger_entries: [],
    scans: [],
  });
  expect(file.sessions.length).toBeGreaterThan(0);
  await expect(notification(page).filter({ hasText: 'Your data has been downloaded.' })).toBeVisible();

  await page.goto('/uk/dsar');
  await expect(page.getByText('You are logged in: download everything we hold about you now, as a JSON file.')).toBeVisible();
  const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data (JSON)' }).click()]);
  expect(JSON.parse(await readFile(await again.path(), 'utf8')).account.email).toBe(email);
  // Signed in, the form is filled in with the account's name and email.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expectAccessible(page, '/uk/dsar signed in');
});

test('deletion is blocked by a pending scan, then by a balance too small to withdraw', async ({ page, context, request }) => {
  const email = uniqueEmail('blocked');
  await signUpViaApi(request, { email, country: 'us' });
  const tokens = await signIn(context, request, email, password);
  const product = await firstProduct(request, 'us', 'en');
  const [code] = await issueContainers(request, product.id, 1);
  await scanViaApi(request, tokens.access_token, code!);

  await page.goto('/us/user/profile');
  // The box and the password are both needed.
  await deletion(page).getByRole('button', { name: 'Delete my account' }).click();
  await expect(deletion(page).getByText('Please tick the box to confirm that you want to delete your account.')).toBeVisible();
  await expect(deletion(page).getByRole('checkbox')).toBeFocused();

  await submitDeletion(page, password);
  const pending = deletion(page).getByRole('alert');
  await expect(pending).toContainText('Containers you returned are still waiting for check-in');
  await expectAccessible(page, 'deletion blocked by a pending scan');
  await pending.getByRole('link', { name: 'Send my deletion request to customer care' }).click();
  await expect(page).toHaveURL(/\/us\/dsar\?kind=deletion$/);
  await expect(page.getByRole('radio', { name: 'The deletion of my account and personal data' })).toBeChecked();

  await checkIn(request, [code!]);
  await page.goto('/us/user/profile');
  await submitDeletion(page, password);
  await expect(deletion(page).getByRole('alert')).toContainText(
    'Your balance is below the minimum withdrawal, so it cannot be paid out. To delete your account now, confirm that you give it up.',
  );

  // Still there.
  const me = await request.get('/api/v2/user', { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect(me.status()).toBe(200);
});

test('deleting an account: wrong password, then deleted, signed out here and on every other device', async ({ page, context, request }) => {
  const email = uniqueEmail('deleted');
  await signUpViaApi(request, { email, country: 'fr' });
  await signIn(context, request, email, password);
  const otherDevice = await tokensFor(request, email, password);

  await page.goto('/fr/user/profile');
  const form = page.getByRole('region', { name: 'Supprimer mon compte' });
  await form.getByRole('checkbox').check();
  await form.getByLabel('Votre mot de passe').fill('pas le bon mot de passe');
  await form.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(form.getByText('Mot de passe incorrect')).toBeVisible();
  await expect(form.getByLabel('Votre mot de passe')).toBeFocused();
  await expectAccessible(page, 'deletion with a wrong password');

  await form.getByLabel('Votre mot de passe').fill(password);
  await Promise.all([page.waitForEvent('load'), form.getByRole('button', { name: 'Supprimer mon compte' }).click()]);
  await expect(page).toHaveURL(/\/fr\/thank-you\?reason=account-deleted$/);
  await expect(page.getByText('Votre compte a été supprimé.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: /.+/ }).first().getByRole('link', { name: 'Se connecter' })).toBeVisible();
  expect(await context.cookies()).toEqual([]);
  await expectAccessible(page, 'account deleted');

  // The other device's session is over, and the credentials open nothing.
  const me = await request.get('/api/v2/user', { headers: { Authorization: `Bearer ${otherDevice.access_token}` } });
  expect(me.status()).toBe(401);
  const refresh = await request.post('/api/v2/oauth/token', {
    data: { grant_type: 'refresh_token', refresh_token: otherDevice.refresh_token },
  });
  expect((await refresh.json()).error).toBe('invalid_grant');
  const login = await request.post('/api/v2/oauth/token', { data: { grant_type: 'password', email, password } });
  expect(login.status()).toBe(400);
});

test('the DSAR form: anyone files a request, sees "deletion request received" and its deadline; operators see it', async ({ page }) => {
  const email = uniqueEmail('dsar');
  const started = Date.now();
  await page.goto('/us/dsar');
  await expect(h1(page)).toHaveText('Data-subject request');
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByLabel('Name')).toBeFocused();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await expectAccessible(page, '/us/dsar with errors');

  await page.getByRole('radio', { name: 'The deletion of my account and personal data' }).check();
  await page.getByLabel('Name').fill('Dana Request');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Details (optional)').fill('Please delete everything about me.');
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(notification(page).filter({ hasText: 'Deletion request received.' })).toBeVisible();
  const receipt = page.getByRole('heading', { name: 'Deletion request received' });
  await expect(receipt).toBeVisible();
  await expect(
    page.getByText(new RegExp(`We will answer by .+ at the latest\\. We sent a confirmation to ${email.replace(/[.+]/g, '\\$&')}\\.`)),
  ).toBeVisible();
  await expectAccessible(page, '/us/dsar received');

  const acknowledgement = await waitForMail(email, 'dsar-acknowledgement', started);
  expect(acknowledgement).toContain('the deletion of your account and personal data');
  const listed = (await openDataRequests(page.request)).find((item) => item.email === email);
  expect(listed).toMatchObject({ kind: 'deletion' });
  const monthLater = new Date(listed!.received_at);
  monthLater.setUTCMonth(monthLater.getUTCMonth() + 1);
  expect(Math.abs(Date.parse(listed!.due_at) - monthLater.getTime())).toBeLessThanOrEqual(3 * 24 * 3600 * 1000);
});
