import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { totpCodeAt } from '../src/server/modules/operators/totp';
import { pageTexts } from './support/content';
import { expect, test, uniqueEmail } from './support/fixtures';
import { checkConsoleScreen, cliCommand } from './support/operators';

/**
 * The content editors' part of the operators' console (src/app/features/console/README.md) on a
 * phone, in French and Japanese at 360 px: an editor signs in with a passkey, writes a draft of the
 * FAQ's title, previews the customer page with it through their own session while a customer still
 * reads the live title, publishes, and the customer reads the new one; then imports bins with one bad
 * row (checked first, then imported) and opens a missing text's draft. axe and the layout check on
 * each console screen.
 */

const operatorPassword = 'operator pass 1';
const screenshotDir = 'test-results/console-content-screens';
const checkScreen = (page: Page, name: string) => checkConsoleScreen(page, name, screenshotDir);
mkdirSync(screenshotDir, { recursive: true });

/** An editor invited by the CLI with the content role, who accepted the link: their email and authenticator secret. */
async function invitedEditor(request: APIRequestContext, tag: string) {
  const email = uniqueEmail(`editor-${tag}`);
  const printed = await cliCommand(request, ['operators', 'invite', '--email', email, '--name', `Editor ${tag}`, '--roles', 'content']);
  const token = /\/ops\/join#(\S+)/.exec(printed)?.[1];
  expect(token, printed).toBeTruthy();
  const invitation = (await (await request.post('/api/v2/ops/invitations/lookup', { data: { token } })).json()) as {
    data: { totp_secret: string };
  };
  const secret = invitation.data.totp_secret;
  const joinedAt = new Date();
  const accepted = await request.post('/api/v2/ops/invitations/accept', {
    data: { token, password: operatorPassword, code: totpCodeAt(secret, joinedAt) },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  // A code is good once: the sign-in takes the next step's.
  return { email, nextCode: totpCodeAt(secret, new Date(joinedAt.getTime() + 30_000)) };
}

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
    email: /^Adresse e-mail/,
    password: /^Mot de passe/,
    code: /^Code d’authentification/,
    addPasskey: 'Ajouter une clé d’accès',
    passkeyAdded: 'Clé d’accès ajoutée. La prochaine fois, connectez-vous avec elle.',
    signOut: 'Se déconnecter',
    signIn: 'Connexion opérateur',
    passkeySignIn: 'Se connecter avec une clé d’accès',
    start: 'Console des opérateurs',
    areas: /^Espaces de la console$/,
    contentArea: 'Contenus',
    pageTexts: 'Textes des pages',
    pageField: 'Page publique',
    draftOf: (key: string) => `Brouillon de ${key}`,
    save: 'Enregistrer le brouillon',
    saved: 'Brouillon enregistré. Prévisualisez la page pour le voir en place.',
    oneDraft: '1 brouillon attend sur cette page.',
    publish: 'Publier les brouillons de cette page',
    published: '1 texte publié\u202f: les clients le voient dès maintenant.',
    binsTab: 'Import des bacs de retour',
    binsFile: /^Fichier des bacs de retour/,
    check: 'Vérifier',
    import: 'Importer',
    checked: 'Vérification\u202f: rien n’a été enregistré',
    imported: 'Import terminé',
    wouldAdd: 'Ajouterait 1 bac',
    added: '1 bac ajouté',
    rejectedOne: '1 ligne refusée',
    reasons: ['La latitude doit être un nombre de -90 à 90.', 'Les détails manquent.'],
    missingTab: 'Textes manquants',
    writeDraft: 'Rédiger le brouillon de ce texte',
  },
  {
    locale: 'ja-JP',
    country: 'jp',
    texts: pageTexts.ja,
    position: '35.68,139.76',
    draft: 'よくある質問（下書き）',
    email: /^メールアドレス/,
    password: /^パスワード/,
    code: /^認証コード/,
    addPasskey: 'パスキーを追加',
    passkeyAdded: 'パスキーを追加しました。次回からはパスキーでログインできます。',
    signOut: 'ログアウト',
    signIn: 'オペレーターのログイン',
    passkeySignIn: 'パスキーでログイン',
    start: 'オペレーターコンソール',
    areas: /^コンソールのエリア$/,
    contentArea: 'コンテンツ',
    pageTexts: 'ページの文章',
    pageField: 'ページ',
    draftOf: (key: string) => `${key} の下書き`,
    save: '下書きを保存',
    saved: '下書きを保存しました。プレビューでページ上の表示を確認できます。',
    oneDraft: 'このページには公開待ちの下書きが1件あります。',
    publish: 'このページの下書きを公開',
    published: '1件のテキストを公開しました。お客様にもすぐに表示されます。',
    binsTab: '返却ボックスの取り込み',
    binsFile: /^返却ボックスのファイル/,
    check: '確認する',
    import: '取り込む',
    checked: '確認のみ：何も書き込んでいません',
    imported: '取り込みが完了しました',
    wouldAdd: '1件の返却ボックスを追加予定',
    added: '1件の返却ボックスを追加',
    rejectedOne: '1行を却下',
    reasons: ['緯度は-90から90までの数値にしてください。', '詳細がありません。'],
    missingTab: '不足しているテキスト',
    writeDraft: 'このテキストの下書きを書く',
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
      const editor = await invitedEditor(request, market.country);
      await page.goto(`/${market.country}/ops/sign-in`);
      const signInForm = page.locator('main form');
      await signInForm.getByLabel(market.email).fill(editor.email);
      await signInForm.getByLabel(market.password).fill(operatorPassword);
      await signInForm.getByRole('textbox', { name: market.code }).fill(editor.nextCode);
      await signInForm.getByRole('button').click();
      await expect(page.getByRole('heading', { level: 1, name: market.start })).toBeVisible();
      await page.getByRole('button', { name: market.addPasskey }).click();
      await expect(page.getByText(market.passkeyAdded)).toBeVisible();
      await page.getByRole('button', { name: market.signOut }).click();
      await expect(page.getByRole('heading', { level: 1, name: market.signIn })).toBeVisible();
      await page.getByRole('button', { name: market.passkeySignIn }).click();
      await expect(page.getByRole('heading', { level: 1, name: market.start })).toBeVisible();
      const areas = page.getByRole('navigation', { name: market.areas });
      await expect(areas.getByTestId('console-area-name')).toHaveText([market.contentArea]);

      // Page texts: the FAQ in the editor's language (the default), its title's live text and a draft of it.
      await areas.getByRole('link', { name: market.contentArea }).click();
      await expect(page.getByRole('heading', { level: 1, name: market.pageTexts })).toBeVisible();
      await page.getByRole('combobox', { name: market.pageField }).selectOption('faq');
      const title = page.getByTestId('ops-text-title');
      await expect(title).toContainText(market.texts.faq.title);
      const titleDraft = title.getByRole('textbox', { name: market.draftOf('title') });
      await expect(titleDraft).toHaveValue(market.texts.faq.title);
      // A long text stays whole in its field: every line of it in view, none cut.
      const answer = page.getByTestId('ops-text-data.a').getByRole('textbox');
      expect(await answer.evaluate((field: HTMLTextAreaElement) => field.scrollHeight <= field.clientHeight + 2)).toBe(true);
      await titleDraft.fill(market.draft);
      await title.getByRole('button', { name: market.save }).click();
      await expect(title.getByText(market.saved)).toBeVisible();
      await expect(page.getByTestId('ops-drafts-count')).toHaveText(market.oneDraft);
      await checkScreen(page, shot('page-texts-draft'));
      // The long page in parts a person reads: its top, and one long answer whole in its field.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(screenshotDir, `${shot('page-texts-top')}.png`) });
      await page.getByTestId('ops-text-data.a').screenshot({ path: path.join(screenshotDir, `${shot('page-texts-long-text')}.png`) });

      // A customer in their own browser still reads the live title, even asking for drafts.
      const customer = await customerPage(browser, market.locale);
      await customer.goto(`/${market.country}/faq?strapi_status=draft`);
      await expect(customer.getByRole('heading', { level: 1 })).toHaveText(market.texts.faq.title);

      // The preview: the customer page in this tab, with the draft, through the editor's own session.
      await page.getByTestId('ops-preview').click();
      await expect(page).toHaveURL(new RegExp(`/${market.country}/faq\\?locale=${market.locale}&strapi_status=draft$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(market.draft);
      await page.screenshot({ path: path.join(screenshotDir, `${shot('preview')}.png`) });

      // Back in the console: publish the page's draft.
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: market.pageTexts })).toBeVisible();
      await page.getByRole('button', { name: market.publish }).click();
      const published = page.getByTestId('ops-publish-result');
      await expect(published).toHaveText(market.published);
      await expect(published).toBeFocused();
      await expect(page.getByTestId('ops-text-title').locator('.ops-text__live')).toHaveText(market.draft);
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
      await page.getByRole('link', { name: market.binsTab }).click();
      await expect(page.getByRole('heading', { level: 1, name: market.binsTab })).toBeVisible();
      await page.getByLabel(market.binsFile).setInputFiles({ name: 'bins.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: market.check, exact: true }).click();
      const report = page.getByTestId('ops-bins-report');
      await expect(report.getByRole('heading', { level: 2 })).toHaveText(market.checked);
      await expect(report).toBeFocused();
      await expect(report).toContainText(market.wouldAdd);
      await expect(report).toContainText(market.rejectedOne);
      const rejected = report.getByTestId('ops-bins-rejected');
      await expect(rejected).toHaveCount(1);
      await expect(rejected).toContainText(`e2e-${market.country}-console-2`);
      await expect(rejected.getByRole('listitem')).toHaveText([...market.reasons]);
      await checkScreen(page, shot('bins-checked'));
      const before = (await (await request.get(`/api/v2/bins?country_code=${market.country}`)).json()) as { data: { id: string }[] };
      expect(before.data.some((bin) => bin.id === goodId)).toBe(false);

      await page.getByRole('button', { name: market.import, exact: true }).click();
      await expect(report.getByRole('heading', { level: 2 })).toHaveText(market.imported);
      await expect(report).toContainText(market.added);
      await expect(report.getByTestId('ops-bins-rejected')).toHaveCount(1);
      await checkScreen(page, shot('bins-imported'));
      const after = (await (await request.get(`/api/v2/bins?country_code=${market.country}`)).json()) as { data: { id: string }[] };
      expect(after.data.some((bin) => bin.id === goodId)).toBe(true);

      // Missing texts: a key the app reported, opened at its draft.
      const reported = await request.post(`/api/v2/locales/add/${market.locale}/faq`, { data: { 'fees.q': market.texts.faq['fees.q'] } });
      expect(reported.status(), await reported.text()).toBe(200);
      await page.getByRole('link', { name: market.missingTab }).click();
      await expect(page.getByRole('heading', { level: 1, name: market.missingTab })).toBeVisible();
      const missing = page.getByTestId('ops-missing-text').filter({ hasText: 'fees.q' }).filter({ hasText: market.locale });
      await expect(missing.first()).toBeVisible();
      await checkScreen(page, shot('missing-texts'));
      await missing.first().getByRole('link', { name: market.writeDraft }).click();
      await expect(page.getByRole('heading', { level: 1, name: market.pageTexts })).toBeVisible();
      await expect(page.getByRole('textbox', { name: market.draftOf('fees.q') })).toBeFocused();
    });
  });
}
