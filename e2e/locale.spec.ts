import type { Page } from '@playwright/test';
import { test, expect, demo, demoPassword, signUpViaApi, uniqueEmail } from './support/fixtures';
import { LoginPage } from './support/pages/login-page';
import { e2ePassword } from './support/test-password';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('locale choice order', () => {
  test.use({ locale: 'ja-JP' });

  test('query param, then stored new_locale, then browser language', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('new_locale', 'fr-FR');
        sessionStorage.setItem('seeded', '1');
      }
    });
    // 1. The locale query parameter wins over the stored choice and the browser.
    await page.goto('/faq?locale=en-GB');
    await expect(h1(page)).toHaveText('Frequently asked questions');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    // 2. Without it, the stored new_locale wins over the browser's Japanese.
    await page.goto('/faq');
    await expect(h1(page)).toHaveText('Questions fréquentes');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    // 3. Nothing stored: the browser language.
    await page.evaluate(() => localStorage.removeItem('new_locale'));
    await page.goto('/faq');
    await expect(h1(page)).toHaveText('よくある質問');
    await expect(page).toHaveTitle('よくある質問 · Roundtrip');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      '容器の返却、デポジット、アカウントに関するよくある質問への回答。',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  });
});

test.describe('English for a browser in a language we do not have, once a country is known', () => {
  test.use({ locale: 'de-DE' });

  test('no country or locale known: the countries page, then back where the visitor was going', async ({ page }) => {
    await page.goto('/how-it-works?ref=ad');
    await expect(page).toHaveURL(/\/countries$/);
    await expect(h1(page)).toHaveText('Choose your country');
    const box = page.getByRole('combobox', { name: 'Country' });
    await box.fill('JAP');
    const options = page.getByRole('option');
    await expect(options).toHaveText([/Japan/]);
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/how-it-works\?ref=ad$/);
    await expect(h1(page)).toHaveText('ご利用の流れ');
    expect(await page.evaluate(() => localStorage.getItem('new_locale'))).toBe('ja-JP');
    // The choice is kept: no more detour.
    await page.goto('/faq');
    await expect(h1(page)).toHaveText('よくある質問');
  });

  test('a country prefix or a locale is enough to skip the countries page', async ({ page }) => {
    await page.goto('/uk/faq');
    await expect(h1(page)).toHaveText('Frequently asked questions');
    await expect(page).toHaveURL(/\/uk\/faq$/);
    await page.goto('/faq?locale=fr-FR');
    await expect(h1(page)).toHaveText('Questions fréquentes');
  });

  test('the English default is en-US when nothing else fits, on the countries page itself', async ({ page }) => {
    await page.goto('/countries');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
});

test.describe('country selector', () => {
  test('filters on the name, ignoring case, with mouse and keyboard', async ({ page }) => {
    await page.goto('/countries');
    const box = page.getByRole('combobox', { name: 'Country' });
    await box.click();
    await expect(page.getByRole('option')).toHaveCount(5);
    await box.fill('uNiTeD');
    await expect(page.getByRole('option')).toHaveText([/United Kingdom/, /United States/]);
    await box.fill('zz');
    await expect(page.getByRole('option')).toHaveCount(0);
    await expect(page.getByText('No country matches “zz”.')).toBeVisible();
    await box.fill('fra');
    await page.getByRole('option', { name: /France/ }).click();
    await expect(page).toHaveURL(/\/fr$/);
    await expect(h1(page)).toHaveText('Rapportez vos contenants, récupérez votre consigne');
    expect(await page.evaluate(() => localStorage.getItem('new_locale'))).toBe('fr-FR');
  });

  test('country names come in the current language', async ({ page }) => {
    await page.goto('/jp/countries');
    const box = page.getByRole('combobox', { name: '国' });
    await box.fill('日本');
    await expect(page.getByRole('option')).toHaveText([/日本/]);
  });
});

test.describe('language selector', () => {
  test.use({ consent: 'none' });

  test('lists the five markets in each of their languages, switches at once, stores new_locale and updates the banner', async ({
    page,
  }) => {
    await page.goto('/login');
    const select = page.getByLabel('Location and language');
    await expect(select.locator('option')).toHaveText([
      'United States (English)',
      'Canada (English)',
      'Canada (Français)',
      'United Kingdom (English)',
      'France (Français)',
      'Japan (日本語)',
    ]);
    await expect(page.getByRole('region', { name: 'Cookie settings' })).toBeVisible();
    await select.selectOption('ja-JP');
    await expect(h1(page)).toHaveText('ログイン');
    await expect(page.getByRole('region', { name: 'Cookie 設定' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('new_locale'))).toBe('ja-JP');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('under a prefix, the prefix follows the new market', async ({ page }) => {
    await page.goto('/us/signup');
    await expect(page.getByLabel('Zip code')).toBeVisible();
    await page.getByLabel('Location and language').selectOption('en-GB');
    await expect(page).toHaveURL(/\/uk\/signup$/);
    await expect(page.getByLabel('Postcode')).toBeVisible();
    await page.getByLabel('Location and language').selectOption('en-CA');
    await expect(page.getByLabel('Postal code')).toBeVisible();
    await expect(page).toHaveURL(/\/ca\/signup$/);
  });

  test('the country code sent to the API comes from the locale (gb is uk)', async ({ page }) => {
    await page.goto('/login?locale=en-GB');
    await page.getByLabel('Email').fill(demo.uk);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v2/oauth/token')),
      page.getByRole('button', { name: 'Log in' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({
      grant_type: 'password',
      client_id: 'roundtrip-web',
      country_code: 'uk',
      email: demo.uk,
    });
    expect(request.headers()['accept-language']).toBe('en-GB');
    await expect(page).toHaveURL(/\/user\/account$/);
  });
});

test.describe('logging in takes the language stored on the account', () => {
  test.use({ locale: 'en-US' });

  test('an account kept in French (Canada), on an English browser: French, the Canadian prefix, and the choice kept', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('login-locale');
    await signUpViaApi(request, { email, country: 'ca', locale: 'fr-CA' });
    const login = new LoginPage(page);
    await login.goto('/us/login');
    await expect(h1(page)).toHaveText('Log in');
    await login.logIn(email, e2ePassword);
    await expect(page).toHaveURL(/\/ca\/user\/account$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compte');
    expect(await page.evaluate(() => localStorage.getItem('new_locale'))).toBe('fr-CA');
    // Kept: the next visit of an unprefixed page is in French (Canada) too.
    await page.goto('/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  });

  test('a language picked on the login page just before wins over the account’s', async ({ page, request }) => {
    const email = uniqueEmail('login-locale-picked');
    await signUpViaApi(request, { email, country: 'ca', locale: 'fr-CA' });
    const login = new LoginPage(page);
    await login.goto('/ca/login');
    await page.getByLabel('Location and language').selectOption('en-CA');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
    await login.logIn(email, e2ePassword);
    await expect(page).toHaveURL(/\/ca\/user\/account$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
    expect(await page.evaluate(() => localStorage.getItem('new_locale'))).toBe('en-CA');
  });
});
