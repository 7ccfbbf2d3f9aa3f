import { expect, test } from './support/fixtures';
import { ConsoleStartPage } from './support/console/start-page';
import { checkConsoleScreen, consolePage, operatorSessionViaApi } from './support/operators';

/**
 * An operator chooses the console's mails on its start page (docs/operators.md, Mails to
 * operators), at 360 px in French and Japanese; the section is kept under
 * bench/results/console-screens to be looked at (SCREENSHOTS=1).
 */

for (const locale of ['fr-FR', 'ja-JP']) {
  test(`an operator turns the daily digest off and keeps approval requests for it, at 360 px in ${locale}`, async ({
    browser,
    request,
  }) => {
    const care = await operatorSessionViaApi(request, 'care');
    const { page, context } = await consolePage(browser, locale, care);
    const start = new ConsoleStartPage(page, locale);
    await start.goto();

    const mails = start.mails;
    await expect(mails.digest).toHaveValue('daily');
    await mails.choose({ digest: 'off', approvals: 'digest' });
    await expect(mails.saved).toHaveText(start.words.text('Saved.'));
    await mails.section.scrollIntoViewIfNeeded();
    await checkConsoleScreen(page, `mail-notices-${locale}`);

    const saved = await request.get('/api/v2/ops/me/notices', { headers: { Authorization: `Bearer ${care.token}` } });
    expect(((await saved.json()) as { data: unknown }).data).toEqual({ digest: 'off', approvals: 'digest' });
    await page.reload();
    await expect(mails.digest).toHaveValue('off');
    await context.close();
  });
}
