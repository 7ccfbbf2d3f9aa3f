import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, signUpViaApi, test, tokensFor, uniqueEmail } from './support/fixtures';
import { rejectReasonTexts } from '#domain/reject-reasons';
import { firstProduct, issueContainers } from './support/ops';
import { CheckInPage } from './support/console/check-in-page';
import { ConsoleFrame } from './support/console/console-frame';
import { ConsoleSignInPage } from './support/console/sign-in-page';
import { ConsoleStartPage } from './support/console/start-page';
import { checkConsoleScreen, customerBalance, operatorSessionViaApi } from './support/operators';
import { e2ePassword } from './support/test-password';

/**
 * The facility's Wi-Fi drops in the middle of a batch (src/app/features/console/README.md,
 * Kept batches): the batch sent offline is kept on the phone, the codes typed after it too, through
 * a sign-out, a reload and a new sign-in; back online, the kept batch is sent once (its first
 * answer lost on the way, so it goes twice under one key) and every code is credited exactly once.
 * The recent batches, from the server, survive a reload and undo one batch.
 */

const password = e2ePassword;

const markets = [
  { locale: 'fr-FR', country: 'fr', language: 'fr' },
  { locale: 'ja-JP', country: 'jp', language: 'ja' },
] as const;

async function customerWithPending(request: APIRequestContext, country: 'fr' | 'jp', language: string) {
  const email = uniqueEmail(`kept-${country}`);
  await signUpViaApi(request, { email, password, country });
  const product = await firstProduct(request, country, language);
  const codes = await issueContainers(request, product.id, 5);
  const token = (await tokensFor(request, email, password)).access_token;
  for (const code of codes) {
    const scanned = await request.post('/api/v2/scans', {
      headers: { Authorization: `Bearer ${token}` },
      data: { id: randomUUID(), code, scanned_at: new Date().toISOString() },
    });
    expect(scanned.status(), await scanned.text()).toBe(201);
  }
  return { token, codes, deposit: Number(product.deposit.value), productName: product.name };
}

for (const market of markets) {
  test.describe(`check-in through a dropped network at 360 px in ${market.locale}`, () => {
    test.use({ locale: market.locale, viewport: { width: 360, height: 780 } });

    test('the batch is kept offline, through a sign-out and a reload, and each code is credited once', async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(90_000);
      const customer = await customerWithPending(request, market.country, market.language);
      const [first, second, third, fourth, fifth] = customer.codes as [string, string, string, string, string];

      // The phone's own key (Chromium's virtual authenticator), so the operator signs in again with it.
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });
      const session = await operatorSessionViaApi(request, 'check-in');
      await page.goto(`/${market.country}/ops/sign-in`);
      await page.evaluate((stored) => sessionStorage.setItem('ops_session', stored), JSON.stringify(session));
      const start = new ConsoleStartPage(page, market.locale);
      await start.goto(market.country);
      await start.addPasskey.click();
      await expect(start.passkeyAdded).toBeVisible();

      const frame = new ConsoleFrame(page, market.locale);
      await frame.open(start.words.text('Check-in'));
      const checkIn = new CheckInPage(page, market.locale);
      await expect(checkIn.heading).toBeVisible();
      await checkIn.typeCodes([first]);

      // The Wi-Fi drops: the batch sent now is kept on the phone, and so are the codes added after it.
      await context.setOffline(true);
      await checkIn.typeCodes([second]);
      await checkIn.send(2);
      await expect(checkIn.kept).toHaveText(checkIn.keptOffline(2));
      await checkIn.typeCodes([third, fourth]);
      await expect(checkIn.count).toHaveText(checkIn.batchOf(2));
      await checkConsoleScreen(page, `check-in-offline-${market.locale}`);

      // Signed out (offline: the session ends on the phone), back online, the page reloaded.
      await frame.signOut.click();
      const signIn = new ConsoleSignInPage(page, market.locale);
      await expect(signIn.heading).toBeVisible();
      await context.setOffline(false);
      await page.reload();

      // The server's first answer to the kept batch is lost on the way: it is sent again, same key.
      const keys: string[] = [];
      await page.route('**/api/v2/ops/checkins', async (route) => {
        const body = route.request().postDataJSON() as { id?: string };
        keys.push(body.id ?? '');
        if (keys.length === 1) {
          await route.fetch();
          await route.abort('failed');
          return;
        }
        await route.continue();
      });

      // A new sign-in returns to the check-in, where the kept batch goes and the typed codes wait.
      await signIn.signInWithPasskey();
      await expect(checkIn.heading).toBeVisible();
      await expect(checkIn.count).toHaveText(checkIn.batchOf(2));
      // Online, the bar names the batch's products and their count.
      await expect(checkIn.products).toContainText(`${customer.productName} × 2`);
      await expect(checkIn.credited(2)).toBeVisible({ timeout: 15_000 });
      expect(keys.length).toBe(2);
      expect(keys[1]).toBe(keys[0]);
      await expect(checkIn.kept).toHaveText('');

      await checkIn.send(2);
      await expect(checkIn.credited(2)).toBeVisible();
      await expect(checkIn.recent).toHaveCount(2);
      await expect.poll(() => customerBalance(request, customer.token)).toBeCloseTo(4 * customer.deposit, 2);
      const history = await request.get('/api/v2/merged_transactions', { headers: { Authorization: `Bearer ${customer.token}` } });
      const rows = ((await history.json()) as { data: { status: string; amount: { value: string } }[] }).data;
      expect(rows.filter((row) => row.status === 'COMPLETED').reduce((sum, row) => sum + Number(row.amount.value), 0)).toBeCloseTo(
        4 * customer.deposit,
        2,
      );

      // The recent batches come from the server: a reload keeps them, each with its undo.
      await page.reload();
      await expect(checkIn.recent).toHaveCount(2);
      await checkConsoleScreen(page, `check-in-recent-${market.locale}`);
      await checkIn.undoRecent(checkIn.recent.first());
      await expect(checkIn.recentUndone(checkIn.recent.first())).toBeVisible();
      await expect.poll(() => customerBalance(request, customer.token)).toBeCloseTo(2 * customer.deposit, 2);

      // One container refused on its own: a reason from the list, read by the customer in their language.
      await checkIn.typeCodes([fifth]);
      await checkIn.openRejectOne(fifth);
      await checkIn.chooseRejectReason('Label unreadable', 'Lot 7');
      await checkConsoleScreen(page, `check-in-reject-one-${market.locale}`);
      await checkIn.confirmRejectOne();
      await expect(checkIn.rejected(1)).toBeVisible();
      const after = await request.get('/api/v2/merged_transactions', { headers: { Authorization: `Bearer ${customer.token}` } });
      const rejected = ((await after.json()) as { data: { status: string; comment: string | null }[] }).data.filter(
        (row) => row.status === 'REJECTED',
      );
      expect(rejected.map((row) => row.comment)).toEqual([`${rejectReasonTexts[market.language].label_unreadable} Lot 7`]);
    });
  });
}
