import type { Page } from '@playwright/test';
import { test, expect, signIn, signUpViaApi, tokensFor, uniqueEmail } from './support/fixtures';
import { translate } from './support/catalogue';
import { MapPage } from './support/pages/map-page';
import { e2ePassword } from './support/test-password';
import { screensDir } from './support/screens';

// Canada in French and in English at 360 px: a French browser on /ca/ reads Canadian French
// (courriel, code postal, 1,75 $), can switch on the sign-up's "Location and language" and in the
// profile, and the map describes the bins in the page's language. The screens are kept for a
// person to look at (bench/results/customer-screens with SCREENSHOTS=1, support/screens.ts).

const screens = screensDir('customer-screens');

async function keepScreenshot(page: Page, name: string, locale: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: `${screens}/canada-${name}-${locale}.png` });
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('a French browser in Canada', () => {
  test.use({ locale: 'fr-CA', viewport: { width: 360, height: 780 } });

  test('/ca/ opens in Canadian French; the sign-up offers Canada (Français) with the Canadian postal code, and English', async ({
    page,
  }) => {
    await page.goto('/ca/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await page.goto('/ca/signup');
    const t = (english: string) => translate('fr-CA', english);
    await expect(h1(page)).toHaveText(t('Sign up'));
    const select = page.getByLabel(t('Location and language'));
    await expect(select).toHaveValue('fr-CA');
    await expect(select.locator('option:checked')).toHaveText('Canada (Français)');
    await expect(page.getByLabel(t('Zip code'))).toBeVisible();
    await expect(page.getByLabel('Code postal')).toBeVisible();
    await expect(page.getByLabel('Adresse courriel')).toBeVisible();
    await page.getByLabel('Code postal').fill('H2X 1Y4');
    await keepScreenshot(page, 'signup', 'fr-CA');

    await select.selectOption('en-CA');
    await expect(page).toHaveURL(/\/ca\/signup$/);
    await expect(page.getByLabel('Postal code')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
    await keepScreenshot(page, 'signup', 'en-CA');
  });

  test('the map describes the Canadian bins in French', async ({ page }) => {
    const map = new MapPage(page, 'fr-CA');
    await map.goto('ca');
    await map.waitForPins();
    await expect(map.listedBins.first()).toContainText(/Ouvert (de \d+ h à \d+ h|24 heures sur 24)\./);
    await map.showOnMap(map.listedBins.first());
    await expect(map.info).toContainText('Ouvert');
    await keepScreenshot(page, 'map-bin', 'fr-CA');
  });

  test('the account and the profile in Canadian French; the profile keeps English on the account', async ({ page, context, request }) => {
    const email = uniqueEmail('canada-fr');
    await signUpViaApi(request, { email, country: 'ca', locale: 'fr-CA' });
    await signIn(context, request, email, e2ePassword);
    await page.goto('/ca/user/account');
    await expect(h1(page)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await keepScreenshot(page, 'account', 'fr-CA');

    await page.goto('/ca/user/profile');
    const language = page.getByLabel('Langue de l’application et de nos courriels');
    await expect(language).toHaveValue('fr-CA');
    await language.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'profile', 'fr-CA');

    await language.selectOption('en-CA');
    await expect(page.getByText('Language saved.')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
    const { access_token } = await tokensFor(request, email, e2ePassword);
    const me = await request.get('/api/v2/user', { headers: { Authorization: `Bearer ${access_token}` } });
    expect(((await me.json()) as { data: { locale: string } }).data.locale).toBe('en-CA');
    await keepScreenshot(page, 'profile', 'en-CA');
  });
});

test.describe('an English browser in Canada', () => {
  test.use({ locale: 'en-CA', viewport: { width: 360, height: 780 } });

  test('/ca/ stays in English, and the map describes the bins in English', async ({ page }) => {
    const map = new MapPage(page, 'en-CA');
    await map.goto('ca');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
    await map.waitForPins();
    await expect(map.listedBins.first()).toContainText(/Open (\d+:\d+–\d+:\d+|24 hours)\./);
    await map.showOnMap(map.listedBins.first());
    await keepScreenshot(page, 'map-bin', 'en-CA');
  });
});
