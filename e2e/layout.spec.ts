import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, signUpViaApi, tokensFor, uniqueEmail } from './support/fixtures';
import { layoutProblems } from './support/layout';
import { checkIn, e2eOperatorKey, issueContainers, type E2eProduct } from './support/ops';
import { e2ePassword } from './support/test-password';

// Every screen at 360 px in French of France and of Canada (the longest texts) and Japanese (the widest): no two pieces of
// text drawn over each other, none cut off, none past the page's edge. The signed-in screens show a
// real history with several thumbnails on a row, the catalogue's product names and a large amount.
// The screenshots are kept with the test results for a person to look at.
test.describe.configure({ timeout: 180_000 });

const password = e2ePassword;

const markets = [
  { locale: 'fr-FR', prefix: 'fr', country: 'fr', language: 'fr' },
  { locale: 'fr-CA', prefix: 'ca', country: 'ca', language: 'fr' },
  { locale: 'ja-JP', prefix: 'jp', country: 'jp', language: 'ja' },
] as const;

const publicScreens = [
  '',
  '/how-it-works',
  '/faq',
  '/shop-and-return',
  '/products',
  '/privacy-policy',
  '/contact-us',
  '/countries',
  '/login',
  '/signup',
  '/dsar',
  '/reset-password?token=not-a-real-token',
  '/thank-you?reason=email-verified',
  '/verification-error',
  '/map',
  '/no-such-page',
];

const signedInScreens = ['/user/account', '/user/profile', '/user/withdraw', '/user/scan', '/user/verify-email', '/user/news'];

/** A customer of the market with a history worth looking at: a check-in of six containers of five
 * products (four thumbnails and a quantity badge on one row), three scans of three products still
 * pending, and an adjustment of more than a million in the market's currency. */
async function customerWithHistory(request: APIRequestContext, market: (typeof markets)[number]): Promise<string> {
  const email = uniqueEmail(`layout-${market.prefix}`);
  await signUpViaApi(request, { email, password, country: market.country, locale: market.locale });
  const { access_token } = await tokensFor(request, email, password);
  const response = await request.get(`/api/v2/products?country_code=${market.country}`, {
    headers: { 'Accept-Language': market.language },
  });
  expect(response.status()).toBe(200);
  const products = ((await response.json()) as { data: E2eProduct[] }).data;
  // The longest names first: they are the ones that have to fit.
  const byLength = [...products].sort((a, b) => b.name.length - a.name.length);
  const scan = async (codes: string[]) => {
    for (const code of codes) {
      const scanned = await request.post('/api/v2/scans', {
        headers: { Authorization: `Bearer ${access_token}` },
        data: { id: randomUUID(), code, scanned_at: new Date().toISOString() },
      });
      expect(scanned.status(), await scanned.text()).toBe(201);
    }
  };
  const returned: string[] = [];
  for (const [index, product] of byLength.slice(0, 5).entries())
    returned.push(...(await issueContainers(request, product.id, index === 0 ? 2 : 1)));
  await scan(returned);
  await checkIn(request, returned);
  const pending: string[] = [];
  for (const product of byLength.slice(5, 8)) pending.push(...(await issueContainers(request, product.id, 1)));
  await scan(pending);
  const adjusted = await request.post('/api/v2/ops/adjustments', {
    headers: { 'X-Ops-Key': e2eOperatorKey },
    data: { email, amount: market.country === 'jp' ? '123456789' : '1234567.89', comment: 'Régularisation exceptionnelle / 例外的な調整' },
  });
  expect(adjusted.status(), await adjusted.text()).toBe(201);
  return email;
}

async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function check(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.jpg`), fullPage: true, type: 'jpeg', quality: 70 });
  const problems = await layoutProblems(page);
  expect(problems, `layout of ${name}`).toEqual([]);
}

for (const market of markets) {
  test.describe(`every screen at 360 px in ${market.locale}`, () => {
    test.use({ locale: market.locale, viewport: { width: 360, height: 780 } });

    test('public screens', async ({ page }) => {
      for (const screen of publicScreens) {
        await page.goto(`/${market.prefix}${screen}`);
        await settle(page);
        await check(page, `${market.locale}-360-public${screen.split('?')[0]!.replaceAll('/', '-') || '-home'}`);
      }
    });

    test('signed-in screens with a full history', async ({ page, context, request }) => {
      const email = await customerWithHistory(request, market);
      await signIn(context, request, email, password);
      for (const screen of signedInScreens) {
        await page.goto(`/${market.prefix}${screen}`);
        await settle(page);
        if (screen === '/user/account') {
          const rows = page.getByTestId('transaction');
          await expect(rows).toHaveCount(3);
          const returned = page.locator('[data-testid="transaction"][data-status="COMPLETED"][data-category="SCAN"]');
          await expect(returned.locator('.transaction__thumb')).toHaveCount(4);
          await check(page, `${market.locale}-360-user-account`);
          // Opened: the products, quantities and deposits of the check-in.
          await returned.getByRole('button').click();
          await expect(returned.getByTestId('transaction-items').locator('tbody tr')).toHaveCount(5);
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await check(page, `${market.locale}-360-user-account-opened`);
        } else {
          await check(page, `${market.locale}-360${screen.replaceAll('/', '-')}`);
        }
      }
    });
  });
}
