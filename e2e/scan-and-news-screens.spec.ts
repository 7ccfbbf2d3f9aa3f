import path from 'node:path';
import { withoutCamera } from './support/fake-camera';
import { expect, signIn, signUpViaApi, test, tokensFor, uniqueEmail } from './support/fixtures';
import { checkIn, firstProduct, issueContainers } from './support/ops';
import { HistoryList } from './support/pages/history-list';
import { scanViaApi } from './support/privacy';
import { e2ePassword } from './support/test-password';
import { screensDir } from './support/screens';

// The scan screen, the queued scan, the notification switch and the history row opened from the
// news, at 360 px in French and Japanese, kept for a person to look at (committed with SCREENSHOTS=1).
const dir = screensDir('customer-screens');
const password = e2ePassword;
const origin = `http://localhost:${process.env.E2E_PORT ?? '8181'}`;

for (const { locale, country, other, fieldLabel, record, link } of [
  {
    locale: 'fr-FR',
    country: 'fr',
    other: 'jp',
    fieldLabel: 'Code du contenant',
    record: 'Enregistrer le scan',
    link: 'Voir dans mon historique',
  },
  { locale: 'ja-JP', country: 'jp', other: 'fr', fieldLabel: '容器コード', record: 'スキャンを記録', link: '履歴で見る' },
] as const) {
  test.describe(`screens of the first week's fixes at 360 px in ${locale}`, () => {
    // The notification switch needs the service worker's registration.
    test.use({ locale, viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
    test.slow();

    test('scan screen without a camera, a refused container, a queued scan and its history row', async ({ page, context, request }) => {
      await withoutCamera(context);
      const email = uniqueEmail(`shots-scan-${country}`);
      await signUpViaApi(request, { email, country });
      const [foreign] = await issueContainers(request, (await firstProduct(request, other, 'en')).id, 1);
      const [own] = await issueContainers(request, (await firstProduct(request, country, 'en')).id, 1);
      await signIn(context, request, email, password);
      await page.goto(`/${country}/user/scan`);
      const field = page.getByLabel(fieldLabel);
      // A first visit with the service worker installing: the app takes a while on a loaded machine.
      await expect(field).toBeFocused({ timeout: 30_000 });
      await page.screenshot({ path: path.join(dir, `scan-no-camera-${locale}.png`) });

      await field.fill(foreign!);
      await page.getByRole('button', { name: record }).click();
      await expect(page.getByTestId('scan-feedback')).toHaveClass(/scan-feedback--refused/);
      await page.screenshot({ path: path.join(dir, `scan-other-market-${locale}.png`) });

      await context.route('**/api/v2/scans', (route) => route.abort('internetdisconnected'));
      await field.fill(own!);
      await page.getByRole('button', { name: record }).click();
      await expect(page.locator(`[data-testid="session-scan"][data-code="${own}"]`)).toHaveAttribute('data-state', 'waiting');
      await expect(page.getByTestId('scan-feedback')).toContainText(own!);
      await page.getByTestId('session-scans').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `scan-queued-${locale}.png`) });

      await page.goto(`/${country}/user/account`);
      const queued = page.getByTestId('queued-scan');
      await queued.scrollIntoViewIfNeeded();
      await expect(queued).toBeVisible();
      await page.screenshot({ path: path.join(dir, `account-queued-scan-${locale}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });

    test('notification switch after a push service that did not answer, and the history row opened from the news', async ({
      page,
      context,
      request,
    }) => {
      await context.grantPermissions(['notifications'], { origin });
      await context.addInitScript(() => {
        if (!('PushManager' in window)) return;
        PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => undefined);
        PushManager.prototype.getSubscription = async () => null;
      });
      await page.clock.install();
      const email = uniqueEmail(`shots-news-${country}`);
      await signUpViaApi(request, { email, country });
      const { access_token } = await tokensFor(request, email, password);
      const codes = await issueContainers(request, (await firstProduct(request, country, 'en')).id, 2);
      for (const code of codes) await scanViaApi(request, access_token, code);
      await checkIn(request, codes);
      await signIn(context, request, email, password);
      await page.goto(`/${country}/user/news`);
      const optIn = page.getByTestId('push-opt-in');
      await expect.poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()))).toBe(true);
      await optIn.getByRole('switch').click();
      await page.clock.runFor(10_000);
      await expect(optIn.getByRole('alert')).toBeVisible();
      await optIn.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `push-timeout-${locale}.png`) });

      await page.getByTestId('news-item').first().getByRole('link', { name: link }).click();
      const { header } = new HistoryList(page).picked();
      await expect(header).toBeFocused();
      await expect(header).toBeInViewport();
      await page.screenshot({ path: path.join(dir, `history-from-news-${locale}.png`) });
    });
  });
}
