import { mkdirSync } from 'node:fs';
import { translate } from './support/catalogue';
import { e2eBaseUrl } from './support/fake-camera';
import { expect, test } from './support/fixtures';
import { checkConsoleScreen, operatorSessionViaApi } from './support/operators';

/**
 * An operator chooses the console's mails on its start page (docs/operators.md, Mails to
 * operators), at 360 px in French and Japanese; the section is kept under
 * bench/results/console-screens to be looked at.
 */

const screenshotDir = 'bench/results/console-screens';
const t = (locale: string, english: string) => translate(locale, english, {}, 'console');

for (const locale of ['fr-FR', 'ja-JP']) {
  test(`an operator turns the daily digest off and keeps approval requests for it, at 360 px in ${locale}`, async ({
    browser,
    request,
  }) => {
    mkdirSync(screenshotDir, { recursive: true });
    const care = await operatorSessionViaApi(request, 'care');
    const context = await browser.newContext({
      baseURL: e2eBaseUrl,
      locale,
      viewport: { width: 360, height: 780 },
      timezoneId: 'UTC',
      serviceWorkers: 'block',
    });
    await context.addInitScript((stored) => {
      if (location.protocol !== 'http:') return;
      localStorage.setItem('cookie_consent', JSON.stringify({ analytics: false, decidedAt: new Date().toISOString() }));
      if (!sessionStorage.getItem('ops_session')) sessionStorage.setItem('ops_session', stored);
    }, JSON.stringify(care));
    const page = await context.newPage();
    await page.goto('/ops/');

    const section = page.getByRole('region', { name: t(locale, 'Mails from the console') });
    const digest = section.getByRole('combobox', { name: t(locale, 'Daily digest') });
    await expect(digest).toHaveValue('daily');
    await digest.selectOption('off');
    await section.getByRole('combobox', { name: t(locale, 'Requests for a second operator') }).selectOption('digest');
    await section.getByRole('button', { name: t(locale, 'Save my mail choices') }).click();
    await expect(section.getByRole('status')).toHaveText(t(locale, 'Saved.'));
    await section.scrollIntoViewIfNeeded();
    await checkConsoleScreen(page, `mail-notices-${locale}`, screenshotDir);

    const saved = await request.get('/api/v2/ops/me/notices', { headers: { Authorization: `Bearer ${care.token}` } });
    expect(((await saved.json()) as { data: unknown }).data).toEqual({ digest: 'off', approvals: 'digest' });
    await page.reload();
    await expect(section.getByRole('combobox', { name: t(locale, 'Daily digest') })).toHaveValue('off');
    await context.close();
  });
}
