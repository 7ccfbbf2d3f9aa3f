import { operatorSessionViaApi } from './support/operators';
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from './support/fixtures';
import { filled, languageMarkets, pageTexts } from './support/content';
import { headings } from './support/texts';
import { waitForServiceWorker } from './support/offline';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** An amount as the browser's Intl writes it in that locale: the page must show exactly this. */
async function money(page: Page, locale: string, currency: string, major: number): Promise<string> {
  return page.evaluate(
    ([loc, cur, value]) => {
      const digits = cur === 'JPY' ? 0 : 2;
      return new Intl.NumberFormat(loc, {
        style: 'currency',
        currency: cur,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value);
    },
    [locale, currency, major] as const,
  );
}

for (const market of languageMarkets) {
  test.describe(`public pages in ${market.locale}`, () => {
    const texts = pageTexts[market.lang];
    const base = `/${market.prefix}`;

    /** The market's figures as the browser's Intl writes them in that locale. */
    async function marketValues(page: Page) {
      return {
        minimum: await money(page, market.locale, market.currency, market.currency === 'JPY' ? 500 : 5),
        fee: await money(page, market.locale, 'JPY', 249),
        feeThreshold: await money(page, market.locale, 'JPY', 8800),
        days: '32',
      };
    }

    test('home: value, benefits, calls to action', async ({ page }) => {
      await page.goto(base);
      await expect(h1(page)).toHaveText(texts.home.heading);
      await expect(page.locator('html')).toHaveAttribute('lang', market.locale);
      await expect(page.getByText(texts.home.lead)).toBeVisible();
      await expect(page.locator('.benefits > li')).toHaveCount(3);
      await expect(page.getByText(filled(texts.home['benefit.deposit.text'], await marketValues(page)))).toBeVisible();
      const cta = page.locator('main section');
      await expect(cta.locator('a[href$="/signup"]')).toBeVisible();
      await expect(cta.locator('a[href$="/shop-and-return"]')).toBeVisible();
      await expect(cta.locator('a[href$="/how-it-works"]')).toBeVisible();
      await expectAccessible(page, `${base} home`);
    });

    test('how it works: the steps, the minimum withdrawal and the fee where it applies', async ({ page }) => {
      await page.goto(`${base}/how-it-works`);
      await expect(h1(page)).toHaveText(texts['how-it-works'].title);
      const values = await marketValues(page);
      await expect(page.getByRole('heading', { level: 2 })).toHaveCount(6);
      await expect(page.getByText(filled(texts['how-it-works']['withdraw.text'], values))).toBeVisible();
      await expect(page.getByTestId('withdrawal-fee')).toHaveText(
        market.prefix === 'jp' ? filled(texts['how-it-works']['withdraw.fee'], values) : texts['how-it-works']['withdraw.no_fee'],
      );
      await expect(page.getByText(filled(texts['how-it-works']['step.checkin.text'], values))).toBeVisible();
      await expectAccessible(page, `${base}/how-it-works`);
    });

    test('FAQ: thirteen questions that open with the mouse and the keyboard', async ({ page }) => {
      await page.goto(`${base}/faq`);
      await expect(h1(page)).toHaveText(texts.faq.title);
      const values = await marketValues(page);
      await expect(page.locator('details.faq__item')).toHaveCount(13);
      const minimumQuestion = page.getByTestId('faq-minimum');
      await minimumQuestion.getByText(texts.faq['minimum.q']).click();
      await expect(minimumQuestion.getByText(filled(texts.faq['minimum.a'], values))).toBeVisible();
      await page.getByTestId('faq-delete').locator('summary').press('Enter');
      await expect(page.getByText(filled(texts.faq['delete.a'], values))).toBeVisible();
      await expectAccessible(page, `${base}/faq with two answers open`);
    });

    test('shop and return: the steps and the market’s products', async ({ page }) => {
      await page.goto(`${base}/shop-and-return`);
      await expect(h1(page)).toHaveText(texts['shop-and-return'].title);
      await expect(page.getByTestId('return-steps').locator('li')).toHaveCount(4);
      await expect(page.getByTestId('return-steps')).toContainText(
        filled(texts['shop-and-return']['step.credit'], await marketValues(page)),
      );
      await expect(page.getByRole('heading', { level: 2, name: texts['shop-and-return']['products.heading'] })).toBeVisible();
      await expect(page.locator('main li img').first()).toBeVisible();
      await expectAccessible(page, `${base}/shop-and-return`);
    });

    test('privacy policy: every section and the data request link', async ({ page }) => {
      await page.goto(`${base}/privacy-policy`);
      await expect(h1(page)).toHaveText(texts['privacy-policy'].title);
      for (const section of ['controller', 'data', 'purposes', 'retention', 'sharing', 'rights', 'cookies', 'contact'] as const) {
        await expect(page.getByRole('heading', { level: 2, name: texts['privacy-policy'][`${section}.heading`] })).toBeVisible();
      }
      await expect(page.locator('main ul li')).toHaveCount(7);
      await expect(page.locator('main a[href$="/dsar"]')).toBeVisible();
      await expectAccessible(page, `${base}/privacy-policy`);
    });

    test('contact us, countries and thank-you', async ({ page }) => {
      await page.goto(`${base}/contact-us`);
      await expect(h1(page)).toHaveText(texts['contact-us'].title);
      await expect(page.getByTestId('contact-consent')).toHaveText(texts['contact-us'].consent);
      await expectAccessible(page, `${base}/contact-us`);

      await page.goto(`${base}/countries`);
      await expect(h1(page)).toHaveText(headings.countries![market.lang]);
      await expectAccessible(page, `${base}/countries`);

      await page.goto(`${base}/thank-you?reason=contact`);
      await expect(h1(page)).toHaveText(headings['thank-you']![market.lang]);
      await expectAccessible(page, `${base}/thank-you`);
    });
  });
}

test('page texts come from the server, and the bundled text shows when it fails (logged)', async ({ page, request }) => {
  const requested: string[] = [];
  const credentials: (string | undefined)[] = [];
  await page.route('**/locales/en-US/faq.json*', async (route) => {
    requested.push(new URL(route.request().url()).search);
    credentials.push(route.request().headers()['authorization']);
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, string>;
    await route.fulfill({ response, json: { ...body, title: 'Questions, answered by the server' } });
  });
  await page.goto('/us/faq');
  await expect(h1(page)).toHaveText('Questions, answered by the server');
  // Texts the server did not change are the server's too (the same as bundled).
  await expect(page.getByText(pageTexts.en.faq['pending.q'])).toBeVisible();

  // The page address's strapi_status is forwarded to the content call (an editor's draft preview), with
  // the editor's console session in this tab: drafts are not public, and no key is in the browser.
  const editor = await operatorSessionViaApi(request, 'content');
  await page.evaluate((session) => sessionStorage.setItem('ops_session', session), JSON.stringify(editor));
  await page.goto('/us/faq?strapi_status=draft');
  await expect(h1(page)).toHaveText('Questions, answered by the server');
  expect(requested).toContain('?strapi_status=draft');
  expect(credentials[requested.indexOf('?strapi_status=draft')]).toBe(`Bearer ${editor.token}`);
  // Published texts go without it.
  expect(credentials[0]).toBeUndefined();

  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route('**/locales/fr-FR/how-it-works.json*', (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.goto('/fr/how-it-works');
  // The prerendered page shows the bundled text at once; the app's failed call for the server's comes later.
  await expect.poll(() => warnings.some((text) => text.includes('fr-FR/how-it-works could not be loaded'))).toBe(true);
  await expect(h1(page)).toHaveText(pageTexts.fr['how-it-works'].title);
  await expect(page.getByText(pageTexts.fr['how-it-works'].intro)).toBeVisible();
});

test('the server serves each namespace and locale, and 404 for unknown ones', async ({ request }) => {
  const faq = await request.get('/locales/ja-JP/faq.json');
  expect(faq.status()).toBe(200);
  expect(await faq.json()).toEqual(pageTexts.ja.faq);
  const translations = await request.get('/api/v2/translation?locale=fr-FR');
  expect((await translations.json()).data.translations['privacy-policy']).toEqual(pageTexts.fr['privacy-policy']);
  expect((await request.get('/locales/de-DE/faq.json')).status()).toBe(404);
  expect((await request.get('/locales/en-US/unknown.json')).status()).toBe(404);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a content page never visited opens offline with its bundled text; a visited one with the server’s', async ({ page, context }) => {
    // The context's route also sees the service worker's own requests.
    await context.route('**/locales/en-US/faq.json*', async (route) => {
      // A request given up meanwhile (the page reloads while the worker fetches) has its answer
      // disposed: it fails as a dropped request would, and the assertions below read what the page shows.
      const served = await route
        .fetch()
        .then(async (response) => ({ response, texts: (await response.json()) as Record<string, string> }))
        .catch(() => undefined);
      if (!served) return route.abort().catch(() => undefined);
      await route.fulfill({ response: served.response, json: { ...served.texts, title: 'FAQ as last served' } }).catch(() => undefined);
    });
    await page.goto('/us/faq');
    await expect(h1(page)).toHaveText('FAQ as last served');
    await waitForServiceWorker(page);
    // The service worker keeps the page texts it fetched (public, the same for everyone; not in IndexedDB).
    await page.reload();
    await expect(h1(page)).toHaveText('FAQ as last served');
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).some((name) => name === 'public-lists'))).toBe(true);
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('public-lists')).keys()).map((request) => request.url).join(' ')))
      .toContain('/locales/en-US/faq.json');
    await context.setOffline(true);

    await page.goto('/fr/how-it-works');
    await expect(h1(page)).toHaveText(pageTexts.fr['how-it-works'].title);
    await expect(page.getByText(pageTexts.fr['how-it-works'].intro)).toBeVisible();

    await page.goto('/us/faq');
    await expect(h1(page)).toHaveText('FAQ as last served');
  });
});

test('at 360 px nothing overflows sideways on the content pages and the contact form', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of ['/fr', '/jp/how-it-works', '/fr/faq', '/jp/privacy-policy', '/fr/contact-us']) {
    await page.goto(path);
    await expect(h1(page)).not.toBeEmpty();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    await page.screenshot({ path: testInfo.outputPath(`${path.replaceAll('/', '_')}-360.png`), fullPage: true });
  }
});
