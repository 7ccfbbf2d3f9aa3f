import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signUpViaApi, test, tokensFor, uniqueEmail } from './support/fixtures';
import { translate } from './support/catalogue';
import { issueContainers } from './support/ops';
import { CheckInPage } from './support/console/check-in-page';
import { checkConsoleScreen, consoleScreensDir, customerBalance, holdOperatorSession, operatorSessionViaApi } from './support/operators';
import { e2ePassword } from './support/test-password';

/**
 * Duties kept apart (docs/operators.md): a check-in of codes issued within the last 24 hours whose
 * deposits pass the approval limit (the e2e server has one in pounds, playwright.config.ts) waits
 * for a second operator, and the check-in screen says so in the operator's language. At 360 px,
 * with axe and the layout check.
 */

const password = e2ePassword;
const screenshotDir = consoleScreensDir;
const checkScreen = (page: Page, name: string) => checkConsoleScreen(page, name, screenshotDir);

async function scan(request: APIRequestContext, token: string, code: string) {
  const response = await request.post('/api/v2/scans', {
    headers: { Authorization: `Bearer ${token}` },
    data: { id: randomUUID(), code, scanned_at: new Date().toISOString() },
  });
  return response.status();
}

const markets = [
  { locale: 'fr-FR', prefix: 'fr' },
  { locale: 'ja-JP', prefix: 'jp' },
] as const;

for (const market of markets) {
  test.describe(`a check-in of fresh codes at 360 px in ${market.locale}`, () => {
    test.use({ locale: market.locale, viewport: { width: 360, height: 780 } });

    test('21 tea tins printed today (21.00 £ against a 20.00 £ limit) wait for a second operator; nothing is credited', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail('fresh-uk');
      await signUpViaApi(request, { email, password, country: 'uk' });
      const token = (await tokensFor(request, email, password)).access_token;
      const codes = await issueContainers(request, 'uk-tea-tin', 21);
      for (const code of codes) expect(await scan(request, token, code)).toBe(201);

      const session = await operatorSessionViaApi(request, 'check-in');
      await holdOperatorSession(page.context(), session);
      const checkIn = new CheckInPage(page, market.locale);
      await checkIn.goto(market.prefix);
      await checkIn.typeCodes(codes);
      await checkIn.send(21);
      await expect(checkIn.awaiting).toContainText(
        translate(
          market.locale,
          'Codes issued in the last 24 hours: this batch waits for a second operator (customer care) to approve it. Nothing is credited until then.',
          {},
          'console',
        ),
      );
      await expect(checkIn.awaiting).toBeFocused();
      expect(await customerBalance(request, token)).toBe(0);
      await checkScreen(page, `${market.locale}-check-in-awaiting`);
    });
  });
}
