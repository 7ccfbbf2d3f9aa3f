import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { translate } from './support/catalogue';
import { withoutCamera } from './support/fake-camera';
import { expect, signIn, signUpViaApi, test, tokensFor, uniqueEmail } from './support/fixtures';
import { e2eOperatorKey, firstProduct, issueContainers } from './support/ops';
import { scanViaApi } from './support/privacy';
import { e2ePassword } from './support/test-password';
import { screensDir } from './support/screens';

// A container someone else scanned first, as its second scanner lives it: customer A's scan holds
// it, customer B scans it on the scan screen, care decides, and B sees one state everywhere (the
// scan's answer, its line in the list, the pending count, the history row) and then the decision
// (a notice, and the row: pending in its day when awarded, rejected with the reason when dismissed).
// At 360 px, kept for a person to look at (committed).
const dir = screensDir('customer-screens');
const operator = { 'X-Ops-Key': e2eOperatorKey };

async function openClaimOn(request: APIRequestContext, code: string): Promise<string> {
  const response = await request.get('/api/v2/ops/claims', { headers: operator });
  expect(response.status(), await response.text()).toBe(200);
  const claims = ((await response.json()) as { data: { id: string; code: string }[] }).data;
  const claim = claims.find((candidate) => candidate.code === code);
  expect(claim, `an open claim on ${code}`).toBeDefined();
  return claim!.id;
}

for (const { locale, country, outcome } of [
  { locale: 'fr-FR', country: 'fr', outcome: 'dismiss' },
  { locale: 'ja-JP', country: 'jp', outcome: 'award' },
  { locale: 'en-GB', country: 'uk', outcome: 'dismiss' },
] as const) {
  test.describe(`a container someone else scanned first, at 360 px in ${locale}`, () => {
    test.use({ locale, viewport: { width: 360, height: 740 } });
    test.slow();

    test(`is under review everywhere, then ${outcome === 'award' ? 'awarded' : 'dismissed'} with a notice`, async ({
      page,
      context,
      request,
    }) => {
      const t = (english: string, values?: Record<string, string>) => translate(locale, english, values);
      const underReview = t('Under review: someone else scanned this container first');
      const [code] = await issueContainers(request, (await firstProduct(request, country, 'en')).id, 1);
      const first = uniqueEmail(`claim-first-${country}`);
      await signUpViaApi(request, { email: first, country });
      await scanViaApi(request, (await tokensFor(request, first, e2ePassword)).access_token, code!);

      const second = uniqueEmail(`claim-second-${country}`);
      await signUpViaApi(request, { email: second, country });
      await withoutCamera(context);
      await signIn(context, request, second, e2ePassword);
      await page.goto(`/${country}/user/scan`);
      const field = page.getByLabel(t('Container code'));
      await expect(field).toBeFocused({ timeout: 30_000 });
      await field.fill(code!);
      await page.getByRole('button', { name: t('Record the scan') }).click();

      // The answer and the list say the same, and it is not a refusal.
      const feedback = page.getByTestId('scan-feedback');
      await expect(feedback).toContainText(underReview);
      await expect(feedback).not.toHaveClass(/scan-feedback--refused/);
      const line = page.locator(`[data-testid="session-scan"][data-code="${code}"]`);
      await expect(line).toHaveAttribute('data-state', 'review');
      await expect(line).toContainText(underReview);
      await page.getByTestId('session-scans').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `claim-scan-${locale}.png`) });

      await page.goto(`/${country}/user/account`);
      await expect(page.getByTestId('pending-items')).toHaveText('1');
      const claimRow = page.locator('[data-testid="transaction"][data-claim="OPEN"]');
      await expect(claimRow).toContainText(underReview);
      await claimRow.getByRole('button').first().click();
      await claimRow.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `claim-history-open-${locale}.png`) });

      const claimId = await openClaimOn(request, code!);
      const decided = await request.post(`/api/v2/ops/claims/${claimId}/${outcome}`, { headers: operator, data: {} });
      expect(decided.status(), await decided.text()).toBe(200);

      // The notice, and the row it opens.
      await page.goto(`/${country}/user/news`);
      const notice = page.getByTestId('news-item').first();
      await expect(notice).toContainText(
        t(outcome === 'award' ? 'Review done: your scan counts' : 'Review done: your scan does not count'),
      );
      await notice.getByRole('link').first().click();
      const picked = page.locator('[data-testid="transaction"][data-picked="true"]');
      await expect(picked).toBeVisible();
      if (outcome === 'award') {
        await expect(picked).toHaveAttribute('data-status', 'PENDING');
        await expect(picked).not.toHaveAttribute('data-claim', /./);
        await expect(page.getByTestId('pending-items')).toHaveText('1');
      } else {
        await expect(picked).toHaveAttribute('data-claim', 'DISMISSED');
        await expect(picked).toHaveAttribute('data-status', 'REJECTED');
        await expect(picked.getByTestId('transaction-comment')).not.toBeEmpty();
        await expect(page.getByTestId('pending-items')).toHaveText('0');
      }
      await page.screenshot({ path: path.join(dir, `claim-history-${outcome === 'award' ? 'awarded' : 'dismissed'}-${locale}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  });
}
