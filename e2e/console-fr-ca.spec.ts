import type { Browser, Page } from '@playwright/test';
import type { OperatorSession } from '#domain/schemas/operators';
import { quebecWording } from '#domain/quebec-wording';
import { translate } from './support/catalogue';
import { e2eBaseUrl } from './support/fake-camera';
import { expect, test } from './support/fixtures';
import { checkConsoleScreen, holdOperatorSession, operatorSessionViaApi } from './support/operators';
import { screensDir } from './support/screens';

// The console in Canadian French (fr-CA) at 360 px: every screen an operator opens, in Quebec's words
// (courriel, service à la clientèle: src/domain/quebec-wording.ts) and with nothing cut or overlapping.
// The screens are kept to be looked at.

// Kept for review only when SCREENSHOTS=1 asks for them: a normal run never rewrites a committed picture.
const screenshotDir = screensDir('2026-11-29-console-fr-CA');
const locale = 'fr-CA';
const t = (english: string) => translate(locale, english, {}, 'console');

/** Every screen of the console but the mailed links' (join, reset-password), which need a token. */
const screens = [
  { path: '', name: 'start' },
  { path: 'check-in', name: 'check-in' },
  { path: 'disputes', name: 'disputes' },
  { path: 'claims', name: 'claims' },
  { path: 'adjustments', name: 'adjustments' },
  { path: 'approvals', name: 'approvals' },
  { path: 'requests', name: 'requests' },
  { path: 'payouts', name: 'payouts' },
  { path: 'operators', name: 'operators' },
  { path: 'audit', name: 'audit' },
  { path: 'content', name: 'content' },
  { path: 'content/bins', name: 'content-bins' },
  { path: 'content/missing-texts', name: 'content-missing-texts' },
] as const;

async function consolePage(browser: Browser, session: OperatorSession | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl,
    locale,
    viewport: { width: 360, height: 780 },
    timezoneId: 'America/Toronto',
    serviceWorkers: 'block',
  });
  await holdOperatorSession(context, session);
  return context.newPage();
}

/** The screen's text once it has loaded, read as Quebec's words would write it: the two must be the same. */
async function expectQuebecWords(page: Page, name: string): Promise<void> {
  await expect(page.getByText(translate(locale, 'Loading…'), { exact: true })).toHaveCount(0);
  const text = await page.locator('body').innerText();
  const lines = text.split('\n').filter((line) => quebecWording(line) !== line);
  expect(lines, `${name}: words of France where Quebec says otherwise`).toEqual([]);
}

test.describe('the console in French (Canada) at 360 px', () => {
  test.setTimeout(240_000);

  test('the login screen, then every screen of an operator who holds every role', async ({ browser, request }) => {
    const guest = await consolePage(browser, undefined);
    await guest.goto('/ops/sign-in');
    await expect(guest.getByRole('heading', { level: 1, name: t('Operator login') })).toBeVisible();
    await expect(guest.locator('html')).toHaveAttribute('lang', locale);
    await expect(guest.getByLabel('Adresse courriel')).toBeVisible();
    await expectQuebecWords(guest, 'sign-in');
    await checkConsoleScreen(guest, 'sign-in', screenshotDir);
    await guest.context().close();

    const session = await operatorSessionViaApi(request, 'check-in,care,finance,content,admin');
    const page = await consolePage(browser, session);
    for (const screen of screens) {
      await page.goto(`/ops/${screen.path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expectQuebecWords(page, screen.name);
      await checkConsoleScreen(page, screen.name, screenshotDir);
    }
    await page.context().close();
  });
});
