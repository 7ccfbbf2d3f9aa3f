import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { pageTexts } from './support/content';
import { ConsoleFrame } from './support/console/console-frame';
import { ContentPage } from './support/console/content-page';
import { ConsoleSignInPage } from './support/console/sign-in-page';
import { ConsoleStartPage } from './support/console/start-page';
import { expect, test } from './support/fixtures';
import { checkConsoleScreen, operatorViaApi } from './support/operators';
import { screensDir } from './support/screens';

/**
 * The content editors' part of the operators' console (src/app/features/console/README.md) on a
 * phone, in French and Japanese at 360 px: an editor signs in with a passkey, writes a draft of the
 * FAQ's title, previews the customer page with it through their own session while a customer still
 * reads the live title, publishes, and the customer reads the new one; then imports bins with one bad
 * row (checked first, then imported) and opens a missing text's draft. axe and the layout check on
 * each console screen; the screens kept to be looked at (bench/results with SCREENSHOTS=1).
 */

const screenshotDir = screensDir('console-content-screens');
const checkScreen = (page: Page, name: string) => checkConsoleScreen(page, name, screenshotDir);

/** A customer's own browser: no operator session, the market's language, a phone's width. */
async function customerPage(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });
  return context.newPage();
}

const markets = [
  {
    locale: 'fr-FR',
    country: 'fr',
    texts: pageTexts.fr,
    position: '48.85,2.35',
    draft: 'Vos questions, nos réponses (brouillon)',
    passkeyAdded: 'Clé d’accès ajoutée. La prochaine fois, connectez-vous avec elle.',
    signIn: 'Connexion opérateur',
    start: 'Console des opérateurs',
    contentArea: 'Contenus',
    pageTexts: 'Textes des pages',
    saved: 'Brouillon enregistré. Prévisualisez la page pour le voir en place.',
    oneDraft: '1 brouillon attend sur cette page.',
    published: '1 texte publié\u202f: les clients le voient dès maintenant.',
    binsTab: 'Import des bacs de retour',
    checked: 'Vérification\u202f: rien n’a été enregistré',
    imported: 'Import terminé',
    wouldAdd: 'Ajouterait 1 bac',
    added: '1 bac ajouté',
    rejectedOne: '1 ligne refusée',
    reasons: ['La latitude doit être un nombre de -90 à 90.', 'Les détails manquent.'],
    missingTab: 'Textes manquants',
  },
  {
    locale: 'ja-JP',
    country: 'jp',
    texts: pageTexts.ja,
    position: '35.68,139.76',
    draft: 'よくある質問（下書き）',
    passkeyAdded: 'パスキーを追加しました。次回からはパスキーでログインできます。',
    signIn: 'オペレーターのログイン',
    start: 'オペレーターコンソール',
    contentArea: 'コンテンツ',
    pageTexts: 'ページの文章',
    saved: '下書きを保存しました。プレビューでページ上の表示を確認できます。',
    oneDraft: 'このページには公開待ちの下書きが1件あります。',
    published: '1件のテキストを公開しました。お客様にもすぐに表示されます。',
    binsTab: '返却ボックスの取り込み',
    checked: '確認のみ：何も書き込んでいません',
    imported: '取り込みが完了しました',
    wouldAdd: '1件の返却ボックスを追加予定',
    added: '1件の返却ボックスを追加',
    rejectedOne: '1行を却下',
    reasons: ['緯度は-90から90までの数値にしてください。', '詳細がありません。'],
    missingTab: '不足しているテキスト',
  },
] as const;

for (const market of markets) {
  test.describe(`content editors' console at 360 px in ${market.locale}`, () => {
    test.use({ locale: market.locale, viewport: { width: 360, height: 780 } });

    test('a draft previewed through the editor’s session, published; bins imported with a rejected row; a missing text opened', async ({
      page,
      request,
      browser,
    }) => {
      test.setTimeout(120_000);
      const shot = (name: string) => `${market.locale}-${name}`;

      // Chromium's virtual authenticator stands for the phone's: it keeps the key and says the user verified.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });

      // The editor signs in once with the authenticator code to add a passkey, then with the passkey alone.
      const editor = await operatorViaApi(request, 'content', { name: `Editor ${market.country}` });
      const signIn = new ConsoleSignInPage(page, market.locale);
      await signIn.goto(market.country);
      await expect(signIn.heading).toHaveText(market.signIn);
      await signIn.signIn(editor.email, editor.password, editor.nextCode);
      const start = new ConsoleStartPage(page, market.locale);
      await expect(start.heading).toHaveText(market.start);
      await start.addPasskey.click();
      await expect(start.passkeyAdded).toHaveText(market.passkeyAdded);
      const frame = new ConsoleFrame(page, market.locale);
      await frame.signOut.click();
      await expect(signIn.heading).toHaveText(market.signIn);
      await signIn.signInWithPasskey();
      await expect(start.heading).toHaveText(market.start);
      await expect(frame.areaNames).toHaveText([market.contentArea]);

      // Page texts: the FAQ in the editor's language (the default), its title's live text and a draft of it.
      await frame.open(market.contentArea);
      const content = new ContentPage(page, market.locale);
      await expect(content.heading).toHaveText(market.pageTexts);
      await expect(content.pageTextsTab).toHaveAttribute('aria-current', 'page');
      await content.pageField.selectOption('faq');
      const title = content.text('title');
      await expect(title).toContainText(market.texts.faq.title);
      await expect(content.draftField('title')).toHaveValue(market.texts.faq.title);
      // A long text stays whole in its field: every line of it in view, none cut.
      const answer = content.text('data.a').getByRole('textbox');
      expect(await answer.evaluate((field: HTMLTextAreaElement) => field.scrollHeight <= field.clientHeight + 2)).toBe(true);
      await content.saveDraft('title', market.draft);
      await expect(content.draftSaved('title')).toHaveText(market.saved);
      await expect(content.draftsCount).toHaveText(market.oneDraft);
      await checkScreen(page, shot('page-texts-draft'));
      // The long page in parts a person reads: its top, and one long answer whole in its field.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(screenshotDir, `${shot('page-texts-top')}.png`) });
      await content.text('data.a').screenshot({ path: path.join(screenshotDir, `${shot('page-texts-long-text')}.png`) });

      // A customer in their own browser still reads the live title, even asking for drafts.
      const customer = await customerPage(browser, market.locale);
      await customer.goto(`/${market.country}/faq?strapi_status=draft`);
      await expect(customer.getByRole('heading', { level: 1 })).toHaveText(market.texts.faq.title);

      // The preview: the customer page in this tab, with the draft, through the editor's own session.
      await content.openPreview();
      await expect(page).toHaveURL(new RegExp(`/${market.country}/faq\\?locale=${market.locale}&strapi_status=draft$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(market.draft);
      await page.screenshot({ path: path.join(screenshotDir, `${shot('preview')}.png`) });

      // Back in the console: publish the page's draft.
      await page.goBack();
      await expect(content.heading).toHaveText(market.pageTexts);
      await content.publish();
      await expect(content.publishResult).toHaveText(market.published);
      await expect(content.publishResult).toBeFocused();
      await expect(content.liveText('title')).toHaveText(market.draft);
      await checkScreen(page, shot('page-texts-published'));

      // The customer's next visit reads the published title (their first browser may keep the old
      // answer for the five minutes of its Cache-Control).
      const returning = await customerPage(browser, market.locale);
      await returning.goto(`/${market.country}/faq`);
      await expect(returning.getByRole('heading', { level: 1 })).toHaveText(market.draft);
      await customer.context().close();
      await returning.context().close();

      // Bins: one good row and one bad; checked first (nothing written), then imported.
      const existing = (await (await request.get(`/api/v2/bins?country_code=${market.country}`)).json()) as {
        data: { id: string; retailer: { id: string } }[];
      };
      const retailer = existing.data[0]!.retailer.id;
      const goodId = `e2e-${market.country}-console-1`;
      const csv = [
        'id,country_code,lat,lng,details,retailer_id',
        `${goodId},${market.country},${market.position},"E2E shop, by the door",${retailer}`,
        `e2e-${market.country}-console-2,${market.country},95,${market.position.split(',')[1]},,${retailer}`,
      ].join('\n');
      await content.binsTab.click();
      await expect(content.heading).toHaveText(market.binsTab);
      await content.chooseBinsFile('bins.csv', csv);
      await content.checkBins.click();
      const report = content.binsReport;
      await expect(content.binsReportHeading).toHaveText(market.checked);
      await expect(report).toBeFocused();
      await expect(report).toContainText(market.wouldAdd);
      await expect(report).toContainText(market.rejectedOne);
      await expect(content.binsRejected).toHaveCount(1);
      await expect(content.binsRejected).toContainText(`e2e-${market.country}-console-2`);
      await expect(content.binsRejected.getByRole('listitem')).toHaveText([...market.reasons]);
      await checkScreen(page, shot('bins-checked'));
      const before = (await (await request.get(`/api/v2/bins?country_code=${market.country}`)).json()) as { data: { id: string }[] };
      expect(before.data.some((bin) => bin.id === goodId)).toBe(false);

      await content.importBins.click();
      await expect(content.binsReportHeading).toHaveText(market.imported);
      await expect(report).toContainText(market.added);
      await expect(content.binsRejected).toHaveCount(1);
      await checkScreen(page, shot('bins-imported'));
      const after = (await (await request.get(`/api/v2/bins?country_code=${market.country}`)).json()) as { data: { id: string }[] };
      expect(after.data.some((bin) => bin.id === goodId)).toBe(true);

      // Missing texts: a key the app reported, opened at its draft.
      const reported = await request.post(`/api/v2/locales/add/${market.locale}/faq`, { data: { 'fees.q': market.texts.faq['fees.q'] } });
      expect(reported.status(), await reported.text()).toBe(200);
      await content.missingTextsTab.click();
      await expect(content.heading).toHaveText(market.missingTab);
      const missing = content.missingText('fees.q', market.locale).first();
      await expect(missing).toBeVisible();
      await checkScreen(page, shot('missing-texts'));
      await content.writeDraftOf(missing);
      await expect(content.heading).toHaveText(market.pageTexts);
      await expect(content.draftField('fees.q')).toBeFocused();
    });
  });
}
