import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, signIn, signUpViaApi, demo, uniqueEmail } from './support/fixtures';
import { e2ePassword } from './support/test-password';

// Each test runs axe over several screens in three languages: on two busy cores that is more than
// the default 30 s.
test.describe.configure({ timeout: 90_000 });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test('public screens have no serious or critical axe violation', async ({ page }) => {
  // Fourteen pages with an axe run each; the content pages are long enough that the default 30 s is tight.
  test.setTimeout(90_000);
  for (const path of [
    '/us',
    '/countries',
    '/contact-us',
    '/dsar',
    '/faq',
    '/how-it-works',
    '/products',
    '/privacy-policy',
    '/reset-password',
    '/reset-password?token=abc',
    '/shop-and-return',
    '/thank-you',
    '/signup',
    '/nope',
  ]) {
    await page.goto(path);
    await expect(h1(page)).toBeVisible();
    await expectAccessible(page, path);
  }
});

test('login, its forgot-password modal and form errors, in English, French and Japanese', async ({ page }) => {
  for (const prefix of ['/us', '/fr', '/jp']) {
    await page.goto(`${prefix}/login`);
    await expect(h1(page)).toBeVisible();
    await page.locator('form button[type=submit]').click();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(2);
    await expectAccessible(page, `${prefix}/login with errors`);
    await page.locator('main p > button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, `${prefix}/login forgot-password modal`);
    await page.getByRole('dialog').getByRole('textbox').fill('someone@roundtrip.example');
    await page.getByRole('dialog').locator('button[type=submit]').click();
    await expect(page.getByTestId('forgot-password-sent')).toBeVisible();
    await expectAccessible(page, `${prefix}/login forgot-password step 2`);
  }
});

test('sign-up with errors, the countries list open, and the menu on a phone', async ({ page }) => {
  await page.goto('/uk/signup');
  await page.locator('form button[type=submit]').click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, 'sign-up with errors');

  await page.goto('/countries');
  await page.getByRole('combobox').click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await expectAccessible(page, 'countries list open');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/faq');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expectAccessible(page, 'menu open at 360 px');
});

test.describe('with the consent banner', () => {
  test.use({ consent: 'none' });
  test('the banner, first visit and reopened', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('region', { name: 'Cookie settings' })).toBeVisible();
    await expectAccessible(page, 'consent banner');
    await page.getByRole('button', { name: 'Reject all' }).click();
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expectAccessible(page, 'consent banner reopened');
  });
});

test('customer screens', async ({ page, context, request }) => {
  const email = uniqueEmail('a11y');
  await signUpViaApi(request, { email });
  await signIn(context, request, email, e2ePassword);
  for (const path of ['/user/account', '/user/profile', '/user/withdraw', '/user/verify-email', '/user/verification-error', '/user/news']) {
    await page.goto(path);
    await expect(h1(page)).toBeVisible();
    await expectAccessible(page, path);
  }
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /My account/ })
    .click();
  await expectAccessible(page, 'user menu open');
  await page.goto('/user/verify-email');
  await page.locator('form button[type=submit]').click();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
  await expectAccessible(page, 'verify-email with an error');
});

test('a verified demo customer on the verify page', async ({ page, context, request }) => {
  await signIn(context, request, demo.fr);
  await page.goto('/fr/user/verify-email');
  await expect(h1(page)).toBeVisible();
  await expectAccessible(page, 'verify-email, already verified');
});
