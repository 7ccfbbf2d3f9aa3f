import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { containerUrl } from '#domain/container-codes';
import { minorFromMoney } from '#domain/money';
import { totpCodeAt } from '../src/server/modules/operators/totp';
import { expect, expectAccessible, notification, signIn, signUpViaApi, test, tokensFor, uniqueEmail } from './support/fixtures';
import { translate } from './support/catalogue';
import { DisputesPage } from './support/console/care-lists';
import { cameraContext, e2eBaseUrl, launchWithFakeCamera, writeY4m } from './support/fake-camera';
import { sixLabels } from './support/label-scene';
import { e2eOperatorKey, firstProduct, issueContainers } from './support/ops';
import { checkConsoleScreen, customerBalance, cliCommand } from './support/operators';
import { customerWithBalance } from './support/withdrawals';
import { e2ePassword } from './support/test-password';

/**
 * The operators' console on a phone (src/app/features/console/README.md): an operator invited
 * by the CLI joins from the link, signs in with an authenticator code, checks a customer's
 * containers in by typing their codes, and credits the customer's dispute once; the customer's
 * balance shows both. In French and Japanese at 360 px, with axe and the layout check on each screen.
 */

const password = e2ePassword;
const operatorPassword = 'operator pass 1';
const operatorHeaders = { 'X-Ops-Key': e2eOperatorKey };
/** A customer's access token, signed in with the suite's password. */
const customerToken = async (request: APIRequestContext, email: string) => (await tokensFor(request, email, password)).access_token;
const balanceOf = customerBalance;
const screenshotDir = 'test-results/console-screens';
const checkScreen = (page: Page, name: string) => checkConsoleScreen(page, name, screenshotDir);
/** The notification that says `text`, read and then dismissed, so that the screen under it is checked alone. */
const dismissNotice = async (page: Page, locale: string, text: string) => {
  const notice = notification(page).filter({ hasText: text });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: translate(locale, 'Dismiss') }).click();
  await expect(notice).toHaveCount(0);
};
/**
 * A confirmation dialog open over a screen: axe and a screenshot to look at. The layout check would
 * count the page under the modal dialog as text the dialog overlaps; the screen itself is checked
 * without the dialog.
 */
const checkDialog = async (page: Page, name: string) => {
  await expectAccessible(page, name);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
};

/**
 * A customer with three containers scanned and waiting for check-in, one more issued but never
 * scanned, and a rejected scan they disputed.
 */
async function customerWithReturns(request: APIRequestContext, country: 'us' | 'fr' | 'jp', language: string, photo?: string) {
  const email = uniqueEmail(`console-${country}`);
  await signUpViaApi(request, { email, password, country });
  const product = await firstProduct(request, country, language);
  const codes = await issueContainers(request, product.id, 5);
  const token = await customerToken(request, email);
  const headers = { Authorization: `Bearer ${token}` };
  const scanIds: string[] = [];
  for (const code of [codes[0], codes[1], codes[2], codes[4]]) {
    const scanned = await request.post('/api/v2/scans', {
      headers,
      data: { id: randomUUID(), code, scanned_at: new Date().toISOString() },
    });
    expect(scanned.status(), await scanned.text()).toBe(201);
    scanIds.push(((await scanned.json()) as { data: { id: string } }).data.id);
  }
  const disputed = codes[4]!;
  const rejected = await request.post('/api/v2/ops/rejections', {
    headers: operatorHeaders,
    data: { codes: [disputed], reason: 'Cracked' },
  });
  expect(rejected.status()).toBe(200);
  const filed = await request.post('/api/v2/disputes', {
    headers,
    data: {
      id: randomUUID(),
      transaction_id: `scan:${scanIds[3]}`,
      reason: 'not_damaged',
      note: 'The bottle was fine.',
      ...(photo ? { photo } : {}),
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  return {
    email,
    token,
    deposit: Number(product.deposit.value),
    pending: [codes[0]!, codes[1]!, codes[2]!],
    neverScanned: codes[3]!,
  };
}

/** Formats a container code as printed under its label (XXXXX-XXXXX-C), as an operator types it. */
function printed(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5, 10)}-${code.slice(10)}`;
}

interface ConsoleTexts {
  join: string;
  ready: string;
  signIn: string;
  start: string;
  password: RegExp;
  email: RegExp;
  code: RegExp;
  toSignIn: RegExp;
  wrongCode: string;
  areas: RegExp;
}

/**
 * An operator invited by the CLI (with the check-in and care roles unless told) opens the link as mailed,
 * joins, and signs in (after one refused code); answers the console's navigation.
 */
async function joinAndSignIn(
  page: Page,
  request: APIRequestContext,
  texts: ConsoleTexts,
  tag: string,
  screens?: string,
  roles = 'check-in,care',
) {
  const operatorEmail = uniqueEmail(`operator-${tag}`);
  const printedOut = await cliCommand(request, [
    'operators',
    'invite',
    '--email',
    operatorEmail,
    '--name',
    `Camille ${tag}`,
    '--roles',
    roles,
  ]);
  const link = /(http:\/\/\S+\/ops\/join#\S+)/.exec(printedOut)?.[1];
  expect(link, printedOut).toBeTruthy();

  // The link as mailed: no market prefix, the browser's language.
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: texts.join })).toBeVisible();
  const secret = ((await page.getByTestId('ops-totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  if (screens) await checkScreen(page, `${screens}-join`);
  const joinForm = page.locator('main form');
  await joinForm.getByLabel(texts.password).fill(operatorPassword);
  const joinedAt = new Date();
  const joinCode = totpCodeAt(secret, joinedAt);
  await joinForm.getByRole('textbox', { name: texts.code }).fill(joinCode);
  await joinForm.getByRole('button').click();
  await expect(page.getByText(texts.ready)).toBeVisible();
  await page.getByRole('link', { name: texts.toSignIn }).click();

  // Sign-in: a wrong code is refused in the operator's language, with the focus on the message.
  await expect(page.getByRole('heading', { level: 1, name: texts.signIn })).toBeVisible();
  const signInForm = page.locator('main form');
  await signInForm.getByLabel(texts.email).fill(operatorEmail);
  await signInForm.getByLabel(texts.password).fill(operatorPassword);
  // The server takes each step once and never one at or before the last it took: the join's
  // code is refused, and the right one is the next step's (within the server's window of one).
  const codeField = signInForm.getByRole('textbox', { name: texts.code });
  await codeField.fill(joinCode);
  await signInForm.getByRole('button').click();
  const refusal = page.getByRole('alert').filter({ hasText: texts.wrongCode });
  await expect(refusal).toBeVisible();
  await expect(refusal).toBeFocused();
  if (screens) await checkScreen(page, `${screens}-sign-in-refused`);
  await codeField.fill(totpCodeAt(secret, new Date(joinedAt.getTime() + 30_000)));
  await signInForm.getByRole('button').click();
  await expect(page.getByRole('heading', { level: 1, name: texts.start })).toBeVisible();
  return page.getByRole('navigation', { name: texts.areas });
}

const english: ConsoleTexts = {
  join: "Join the operators' console",
  ready: 'Your account is ready.',
  signIn: 'Operator login',
  start: "Operators' console",
  password: /^Password/,
  email: /^Email/,
  code: /^Authenticator code/,
  toSignIn: /^Log in with your email/,
  wrongCode: 'Login failed',
  areas: /^Console areas$/,
};

const markets = [
  {
    locale: 'fr-FR',
    country: 'fr',
    language: 'fr',
    join: 'Rejoindre la console des opérateurs',
    ready: 'Votre compte est prêt.',
    signIn: 'Connexion opérateur',
    start: 'Console des opérateurs',
    checkInArea: 'Enregistrement',
    codeField: 'Code du contenant',
    add: 'Ajouter au lot',
    inBatch: '4 contenants dans le lot',
    already: 'est déjà dans le lot',
    send: 'Enregistrer 4 contenants',
    credited: 'Crédités (3)',
    notPending: /Non en attente/,
    undo: 'Annuler cet enregistrement',
    undone: 'Enregistrement annulé\u202f: 3 contenants attendent de nouveau leur enregistrement, et leurs consignes ont été reprises.',
    sendAgain: 'Enregistrer 3 contenants',
    disputesArea: 'Contestations',
    careAreas: ['Ajustements', 'Approbations', 'Revendications', 'Demandes sur les données'],
    credit: /^Créditer /,
    noDispute: 'Aucune contestation ouverte. Bravo.',
    wrongCode: 'Échec de la connexion',
    password: /^Mot de passe/,
    email: /^Adresse e-mail/,
    code: /^Code d’authentification/,
    toSignIn: /^Connectez-vous avec/,
    areas: /^Espaces de la console$/,
    balance: '20.00',
    withdraw: '10.00',
    payoutsArea: 'Versements',
    operatorsArea: 'Opérateurs',
    auditArea: 'Journal d’audit',
    byPerson: (name: string) => `Entrées de ${name}`,
    thisRecord: 'Entrées de cet élément',
    intact: /^Intact\u202f: \d+ entrées?, chacune liée à la précédente\.$/,
    reference: 'Référence de la banque ou de PayPal (facultative)',
    paid: 'Marquer comme payé',
    noPayout: 'Aucun versement en attente.',
    inviteEmail: 'Adresse e-mail',
    inviteName: 'Nom',
    careRole: 'Service client',
    sendInvite: 'Envoyer l’invitation',
    invited: 'Invitation envoyée',
    tokenName: 'Nom du jeton',
    financeRole: 'Finances',
    makeToken: 'Créer le jeton',
    secretShown: /affiché cette fois seulement/,
    revoke: /^Révoquer /,
    revoked: /^Révoqué le /,
  },
  {
    locale: 'ja-JP',
    country: 'jp',
    language: 'ja',
    join: 'オペレーターコンソールに参加する',
    ready: 'アカウントの準備ができました。',
    signIn: 'オペレーターのログイン',
    start: 'オペレーターコンソール',
    checkInArea: 'チェックイン',
    codeField: '容器コード',
    add: 'バッチに追加',
    inBatch: 'バッチ内の容器：4個',
    already: 'はすでにこのバッチに入っています',
    send: '4個の容器をチェックイン',
    credited: '入金済み (3)',
    notPending: /保留なし/,
    undo: 'このチェックインを取り消す',
    undone: 'チェックインを取り消しました。3個の容器が再びチェックイン待ちになり、デポジットは差し戻されました。',
    sendAgain: '3個の容器をチェックイン',
    disputesArea: '申し立て',
    careAreas: ['残高調整', '承認', '競合申請', 'データ請求'],
    credit: /を入金する$/,
    noDispute: '未解決の申し立てはありません。お疲れさまでした。',
    wrongCode: 'ログインできませんでした',
    password: /^パスワード/,
    email: /^メールアドレス/,
    code: /^認証コード/,
    toSignIn: /^メールアドレス、パスワード/,
    areas: /^コンソールのエリア$/,
    balance: '2000',
    withdraw: '1000',
    payoutsArea: '支払い',
    operatorsArea: 'オペレーター',
    auditArea: '監査ログ',
    byPerson: (name: string) => `${name} の記録`,
    thisRecord: 'この対象の記録',
    intact: /^改ざんなし：\d+件の記録が、それぞれ直前の記録とつながっています。$/,
    reference: '銀行またはPayPalの参照番号（任意）',
    paid: '支払済みにする',
    noPayout: '保留中の支払いはありません。',
    inviteEmail: 'メールアドレス',
    inviteName: '氏名',
    careRole: 'カスタマーケア',
    sendInvite: '招待を送信',
    invited: '招待を送信しました',
    tokenName: 'トークン名',
    financeRole: '経理',
    makeToken: 'トークンを作成',
    secretShown: /表示は今回のみ/,
    revoke: /を取り消す$/,
    revoked: /に取り消し済み$/,
  },
] as const;

mkdirSync(screenshotDir, { recursive: true });

for (const market of markets) {
  test.describe(`operators' console at 360 px in ${market.locale}`, () => {
    test.use({ locale: market.locale, viewport: { width: 360, height: 780 } });

    test('join from the invitation, sign in, check in typed codes, credit a dispute once', async ({ page, request }) => {
      test.setTimeout(90_000);
      // A photo as a phone sends it: a JPEG drawn by the browser.
      const photo = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 320;
        canvas.height = 240;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#2f7a5a';
        context.fillRect(0, 0, 320, 240);
        context.fillStyle = '#ffffff';
        context.fillRect(110, 50, 100, 140);
        return canvas.toDataURL('image/jpeg', 0.8).split(',')[1]!;
      });
      const customer = await customerWithReturns(request, market.country, market.language, photo);
      const areas = await joinAndSignIn(page, request, market, market.country, market.locale);

      // The start page lists the areas of the operator's roles only.
      await expect(areas.getByTestId('console-area-name')).toHaveText([
        market.checkInArea,
        market.disputesArea,
        ...market.careAreas,
        market.auditArea,
      ]);
      await checkScreen(page, `${market.locale}-start`);
      // The token is the tab's: nowhere in the customer's storage or cookies.
      const stored = await page.evaluate(() => ({ session: sessionStorage.getItem('ops_session'), cookies: document.cookie }));
      expect(stored.session).toContain('op_');
      expect(stored.cookies).not.toContain('op_');

      // Check-in: three pending codes and one nobody scanned, typed as printed; a repeat is not added twice.
      await areas.getByRole('link', { name: market.checkInArea }).click();
      await expect(page.getByRole('heading', { level: 1, name: market.checkInArea })).toBeVisible();
      const typed = page.getByRole('textbox', { name: market.codeField });
      for (const code of [...customer.pending, customer.neverScanned]) {
        await typed.fill(printed(code));
        await typed.press('Enter');
      }
      await expect(page.getByTestId('ops-batch-count')).toHaveText(market.inBatch);
      await typed.fill(customer.pending[0]!);
      await page.getByRole('button', { name: market.add }).click();
      await expect(page.getByTestId('ops-batch-note')).toContainText(market.already);
      await expect(page.getByTestId('ops-batch-count')).toHaveText(market.inBatch);
      await checkScreen(page, `${market.locale}-check-in-batch`);
      await page.getByRole('button', { name: market.send }).click();
      const result = page.getByTestId('ops-checkin-result');
      await expect(result.getByRole('heading', { name: market.credited })).toBeVisible();
      await expect(result.getByRole('heading', { name: market.notPending })).toBeVisible();
      await expect(result).toBeFocused();
      await checkScreen(page, `${market.locale}-check-in-result`);

      // The customer's balance holds the three deposits.
      await expect.poll(() => balanceOf(request, customer.token)).toBeCloseTo(3 * customer.deposit, 2);

      // The wrong bag: the batch is undone, the deposits taken back; the codes typed again check in once more.
      await result.getByRole('button', { name: market.undo }).click();
      await expect(page.getByTestId('ops-checkin-undone')).toHaveText(market.undone);
      await expect(page.getByTestId('ops-checkin-undone')).toBeFocused();
      expect(await balanceOf(request, customer.token)).toBeCloseTo(0, 2);
      await checkScreen(page, `${market.locale}-check-in-undone`);
      for (const code of customer.pending) {
        await typed.fill(printed(code));
        await typed.press('Enter');
      }
      await page.getByRole('button', { name: market.sendAgain }).click();
      await expect(result.getByRole('heading', { name: market.credited })).toBeVisible();
      await expect.poll(() => balanceOf(request, customer.token)).toBeCloseTo(3 * customer.deposit, 2);

      // Care: the dispute with its note; credited once, then gone from the queue.
      const photoRequests: string[] = [];
      page.on('request', (sent) => {
        if (/\/ops\/disputes\/[^/]+\/photo$/.test(new URL(sent.url()).pathname)) photoRequests.push(sent.url());
      });
      await areas.getByRole('link', { name: market.disputesArea }).click();
      const dispute = page.getByTestId('ops-dispute').filter({ hasText: customer.email });
      await expect(dispute).toBeVisible();
      await expect(dispute).toContainText('The bottle was fine.');
      // The customer's photo is fetched only when asked for; then it comes with the operator's
      // bearer token, shown from an object URL.
      await expect(dispute.getByRole('img')).toHaveCount(0);
      expect(photoRequests, 'no photo fetched before the operator asks').toEqual([]);
      await dispute.getByRole('button', { name: consoleText(market.locale, 'Show the customer’s photo') }).click();
      const image = dispute.getByRole('img');
      await expect(image).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
      // Care answers in the customer's language, named in care's own.
      const customerLocale = { us: 'en-US', fr: 'fr-FR', jp: 'ja-JP' }[market.country];
      await expect(dispute.getByTestId('dispute-customer-language')).toContainText(
        new Intl.DisplayNames([market.locale], { type: 'language' }).of(customerLocale)!,
      );
      await checkScreen(page, `${market.locale}-disputes`);
      // The photo opens at its own size in a dialog, and closes back to the card.
      await dispute.getByRole('button', { name: consoleText(market.locale, 'Enlarge the photo') }).click();
      const enlarged = page.getByRole('dialog', { name: consoleText(market.locale, 'The customer’s photo at full size') });
      await expect(enlarged.getByRole('img')).toBeVisible();
      await enlarged.getByRole('button', { name: consoleText(market.locale, 'Close') }).click();
      await expect(enlarged).toBeHidden();
      await dispute.getByRole('button', { name: market.credit }).click();
      await expect(dispute).toHaveCount(0);
      // The card is gone; what was done is said in its place, and focused.
      await expect(page.getByTestId('ops-dispute-result')).toContainText(customer.email);
      await expect(page.getByTestId('ops-dispute-result')).toBeFocused();
      await expect.poll(() => balanceOf(request, customer.token)).toBeCloseTo(4 * customer.deposit, 2);
      // The credited dispute is in the resolved tab, found by the customer's email.
      const disputesPage = new DisputesPage(page, market.locale);
      await disputesPage.showResolved();
      await disputesPage.search(customer.email.toUpperCase());
      await expect(disputesPage.resolvedCard(customer.email)).toHaveCount(1);
      await checkScreen(page, `${market.locale}-disputes-resolved`);
      // A second credit of the same dispute moves no money.
      const disputes = await request.get('/api/v2/ops/disputes?status=all', { headers: operatorHeaders });
      const mine = ((await disputes.json()) as { data: { id: string; email: string | null; status: string }[] }).data.find(
        (entry) => entry.email === customer.email,
      );
      expect(mine?.status).toBe('CREDITED');
      await request.post(`/api/v2/ops/disputes/${mine!.id}/credit`, { headers: operatorHeaders, data: {} });
      expect(await balanceOf(request, customer.token)).toBeCloseTo(4 * customer.deposit, 2);
    });
  });
}

for (const market of markets) {
  test.describe(`finance and admin at 360 px in ${market.locale}`, () => {
    test.use({ locale: market.locale, viewport: { width: 360, height: 780 } });

    test('a payout batch exported to the device, a pending payout marked paid, an operator invited, a token made once and revoked, the audit trail', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      // A customer with a pending PayPal withdrawal.
      const customer = await customerWithBalance(request, { country: market.country, amount: market.balance, verified: true });
      const token = await customerToken(request, customer);
      const headers = { Authorization: `Bearer ${token}` };
      const paypal = await request.post('/api/v2/payment_methods/PAYPAL', { headers, data: { email: `paypal.${customer}` } });
      expect(paypal.status(), await paypal.text()).toBe(200);
      const withdrawal = await request.post('/api/v2/withdrawals', {
        headers: { ...headers, 'Idempotency-Key': randomUUID() },
        data: { amount: market.withdraw, withdraw_type: 'PAYPAL' },
      });
      expect(withdrawal.status(), await withdrawal.text()).toBe(201);
      const withdrawalId = ((await withdrawal.json()) as { data: { id: string } }).data.id;

      const areas = await joinAndSignIn(page, request, market, `admin-${market.country}`, undefined, 'finance,admin');
      await expect(areas.getByTestId('console-area-name')).toHaveText([market.payoutsArea, market.operatorsArea, market.auditArea]);

      // Finance: the payout, marked paid with the bank's reference, leaves the list.
      await areas.getByRole('link', { name: market.payoutsArea }).click();
      const pending = await request.get('/api/v2/ops/payouts', { headers: operatorHeaders });
      const reference = ((await pending.json()) as { data: { id: string; payout_reference: string }[] }).data.find(
        (entry) => entry.id === withdrawalId,
      )?.payout_reference;
      expect(reference).toBeTruthy();
      const card = page.getByTestId('ops-payout').filter({ hasText: reference! });
      // The PayPal receiver's email, masked as the payout keeps it, on the row.
      await expect(card.getByTestId('ops-payout-receiver')).toContainText('@');
      await expect(card).toBeVisible();
      await checkScreen(page, `${market.locale}-payouts`);
      // A batch exported to this device: the files download, and the payout now belongs to a batch.
      await page.getByTestId('ops-export-payouts').click();
      await expect(page.getByTestId('ops-export-result')).toBeFocused();
      // A file per market in its banks' format, and PayPal's, each offered again in a list. Another
      // market's test running at once may have exported this payout first: then this batch is empty.
      const files = page.getByTestId('ops-export-files').getByRole('button');
      if ((await files.count()) > 0) {
        await expect(files.first()).toHaveText(
          /(sepa-credit-transfers|nacha-ppd-credits|zengin-sogo-furikomi|bacs-standard18|cpa005-credits|paypal-payouts)-.+\.(xml|ach|txt|csv)/,
        );
        const again = page.waitForEvent('download');
        await files.first().click();
        expect((await again).suggestedFilename()).toMatch(
          /^(sepa-credit-transfers|nacha-ppd-credits|zengin-sogo-furikomi|bacs-standard18|cpa005-credits|paypal-payouts)-.+\.(xml|ach|txt|csv)$/,
        );
      }
      const batched = await request.get('/api/v2/ops/payouts', { headers: operatorHeaders });
      expect(
        ((await batched.json()) as { data: { id: string; export_batch: string | null }[] }).data.find((entry) => entry.id === withdrawalId)
          ?.export_batch,
      ).toBeTruthy();
      await checkScreen(page, `${market.locale}-payouts-exported`);
      // Paid after a confirmation that says what will happen, for how much, to whom.
      await card.getByRole('button', { name: consoleText(market.locale, 'Paid…') }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm.getByTestId('ops-settle-summary')).toContainText('@');
      await confirm.getByLabel(market.reference).fill('BANK-REF-1');
      await confirm.getByRole('button', { name: market.paid }).click();
      await expect(confirm).toBeHidden();
      await expect
        .poll(async () => {
          const list = await request.get('/api/v2/ops/payouts', { headers: operatorHeaders });
          return ((await list.json()) as { data: { id: string }[] }).data.some((entry) => entry.id === withdrawalId);
        })
        .toBe(false);

      // Admin: invite a person with a role, make a token whose secret shows once, revoke it.
      await areas.getByRole('link', { name: market.operatorsArea }).click();
      const invite = page.locator('form').filter({ has: page.getByRole('button', { name: market.sendInvite }) });
      const invitedEmail = uniqueEmail(`invited-${market.country}`);
      const invitedName = `Dominique ${invitedEmail.slice(4, 20)}`;
      await invite.getByLabel(market.inviteEmail).fill(invitedEmail);
      await invite.getByLabel(market.inviteName).fill(invitedName);
      await invite.getByRole('checkbox', { name: market.careRole }).check();
      await invite.getByRole('button', { name: market.sendInvite }).click();
      await expect(page.getByText(market.invited)).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: invitedName })).toBeVisible();

      const tokenForm = page.locator('form').filter({ has: page.getByRole('button', { name: market.makeToken }) });
      const tokenName = `e2e-${market.country}-${Date.now().toString(36)}`;
      await tokenForm.getByLabel(market.tokenName).fill(tokenName);
      await tokenForm.getByRole('checkbox', { name: market.financeRole }).check();
      await tokenForm.getByRole('button', { name: market.makeToken }).click();
      const secret = page.getByRole('textbox', { name: market.secretShown });
      await expect(secret).toBeFocused();
      await expect(secret).toHaveValue(/^rtk_/);
      await checkScreen(page, `${market.locale}-operators`);
      await page
        .getByRole('button', { name: market.revoke })
        .and(page.getByRole('button', { name: tokenName }))
        .click();
      // Revoking asks first; once revoked, the secret shown once leaves the screen.
      const confirmRevoke = page.getByRole('dialog', {
        name: translate(market.locale, 'Revoke {revokingName}?', { revokingName: tokenName }, 'console'),
      });
      await confirmRevoke.getByRole('button', { name: translate(market.locale, 'Yes, revoke', {}, 'console') }).click();
      await expect(confirmRevoke).toBeHidden();
      await expect(page.getByText(market.revoked).first()).toBeVisible();
      await expect(secret).toHaveCount(0);

      // The audit trail: this admin's own entries, then the token's two (made, revoked), and the chain intact.
      await page.getByRole('navigation').getByRole('link', { name: market.auditArea }).click();
      const entries = page.getByTestId('ops-audit-entries').getByRole('listitem');
      await expect(entries.first()).toBeVisible();
      const adminEmail = await page.evaluate(
        () => (JSON.parse(sessionStorage.getItem('ops_session') ?? '{}') as { operator?: { email?: string } }).operator?.email ?? '',
      );
      expect(adminEmail).toContain('@');
      // Other tests' operators write to the same trail meanwhile: start from this admin's latest entry.
      await entries
        .filter({ hasText: adminEmail })
        .first()
        .getByRole('button', { name: market.byPerson(adminEmail) })
        .click();
      // Actions in the operator's language, the payout's amount as money leaving the customer.
      const action = (english: string) => translate(market.locale, english, {}, 'console');
      await expect(entries.filter({ hasText: action('Token revoked') })).toHaveCount(1);
      await expect(entries.filter({ hasText: action('Operator invited') })).toHaveCount(1);
      await expect(entries.filter({ hasText: action('Payout paid') })).toHaveCount(1);
      await expect(entries.filter({ hasText: action('Payout paid') })).toContainText(/[-−]/);
      await expect(entries.filter({ hasNotText: adminEmail })).toHaveCount(0);
      await entries
        .filter({ hasText: action('Token revoked') })
        .getByRole('button', { name: market.thisRecord })
        .click();
      await expect(entries).toHaveCount(2);
      await expect(entries.nth(0)).toContainText(action('Token revoked'));
      await expect(entries.nth(1)).toContainText(action('Token created'));
      await page.getByTestId('ops-audit-verify').click();
      await expect(page.getByTestId('ops-audit-verdict')).toHaveText(market.intact);
      await expect(page.getByTestId('ops-audit-verdict')).toBeFocused();
      await checkScreen(page, `${market.locale}-audit`);
    });
  });
}

test('the console is in no customer first load and not in the precache', async ({ page, request }) => {
  const loaded: string[] = [];
  page.on('request', (sent) => loaded.push(new URL(sent.url()).pathname));
  await page.goto('/us/');
  await expect(page.locator('html')).toHaveAttribute('data-app-started', 'true');
  // The console's chunk and its catalogues are the build's `assets/console-<hash>` files.
  const consoleAsset = /assets\/console-[\w-]+\.(js|css)/;
  expect(loaded.filter((url) => consoleAsset.test(url))).toEqual([]);
  const worker = await (await request.get('/sw.js')).text();
  expect(worker).not.toMatch(consoleAsset);
  // The check above would pass on a worker that names no asset at all.
  expect(worker).toMatch(/assets\/index-[\w-]+\.js/);
});

/** Chunk → the chunks it imports, read from the built files' own import statements. */
function chunkImports(assets: string): Map<string, string[]> {
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
  return new Map(
    files.map((file) => {
      const code = readFileSync(path.join(assets, file), 'utf8');
      return [file, [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((match) => match[1]!)];
    }),
  );
}

test('the built chunks import each other without a cycle: in one, a chunk runs before what it imports exists', () => {
  const imports = chunkImports(path.join(import.meta.dirname, '..', 'dist', 'assets'));
  expect(imports.size).toBeGreaterThan(10);
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (chunk: string, trail: string[]) => {
    state.set(chunk, 'open');
    for (const next of imports.get(chunk) ?? []) {
      if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), chunk, next].join(' → '));
      else if (!state.has(next)) visit(next, [...trail, chunk]);
    }
    state.set(chunk, 'done');
  };
  for (const chunk of imports.keys()) if (!state.has(chunk)) visit(chunk, []);
  expect(cycles).toEqual([]);
});

test('a session the server ended sends the operator back to the sign-in', async ({ page }) => {
  // A token the server does not know, as after the idle end: the first call answers 401.
  await page.addInitScript(() => {
    sessionStorage.setItem(
      'ops_session',
      JSON.stringify({
        token: 'op_ended',
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        idle_seconds: 900,
        operator: {
          id: '00000000-0000-4000-8000-000000000000',
          email: 'gone@roundtrip.example',
          name: 'Gone',
          roles: ['care'],
          status: 'ACTIVE',
          created_at: new Date().toISOString(),
        },
      }),
    );
  });
  await page.goto('/us/ops/disputes');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator login' })).toBeVisible();
  await expect(page.getByText('Your session has ended')).toBeVisible();
});

/** An amount in minor units as the API's decimal value reads it: yen have no minor unit. */
const moneyValue = (minor: number, currency: 'EUR' | 'JPY') => (currency === 'JPY' ? minor : minor / 100);

/** What the fr-FR and ja-JP operator reads in the console, by its catalogue (plurals written out). */
const consoleText = (locale: string, english: string, values?: Record<string, string>) => translate(locale, english, values, 'console');
const cameraTexts = {
  'fr-FR': {
    currency: 'EUR',
    three: '3 contenants dans le lot',
    none: '0 contenant dans le lot',
    checkInThree: 'Enregistrer 3 contenants',
    undone: 'Enregistrement annulé\u202f: 3 contenants attendent de nouveau leur enregistrement, et leurs consignes ont été reprises.',
    rejectThree: 'Refuser 3 contenants',
  },
  'ja-JP': {
    currency: 'JPY',
    three: 'バッチ内の容器：3個',
    none: 'バッチ内の容器：0個',
    checkInThree: '3個の容器をチェックイン',
    undone: 'チェックインを取り消しました。3個の容器が再びチェックイン待ちになり、デポジットは差し戻されました。',
    rejectThree: '3個の容器を不承認にする',
  },
} as const;

for (const market of markets) {
  const texts = cameraTexts[market.locale];
  test.describe(`operators' console: check-in by camera at 360 px in ${market.locale}`, () => {
    // Three labels side by side in one frame, looping: each joins the batch once.
    let browser: Browser;
    let context: BrowserContext;
    let pageErrors: string[];
    let customer: { email: string; token: string; depositMinor: number; codes: string[] };
    const videoDir = mkdtempSync(path.join(tmpdir(), 'console-camera-'));

    test.beforeAll(async ({ playwright }) => {
      const request = await playwright.request.newContext({ baseURL: e2eBaseUrl });
      const email = uniqueEmail(`console-camera-${market.country}`);
      await signUpViaApi(request, { email, password, country: market.country });
      const product = await firstProduct(request, market.country, market.language);
      const codes = await issueContainers(request, product.id, 3);
      const token = await customerToken(request, email);
      for (const code of codes) {
        const scanned = await request.post('/api/v2/scans', {
          headers: { Authorization: `Bearer ${token}` },
          data: { id: randomUUID(), code, scanned_at: new Date().toISOString() },
        });
        expect(scanned.status(), await scanned.text()).toBe(201);
      }
      await request.dispose();
      customer = { email, token, depositMinor: minorFromMoney({ currency: texts.currency, value: product.deposit.value }), codes };
      const scene = {
        labels: sixLabels(
          codes.map((code) => containerUrl(e2eBaseUrl, code)),
          4,
        ),
      };
      const file = path.join(videoDir, 'three.y4m');
      writeY4m(file, [{ seconds: 1 }, { scene, seconds: 4 }]);
      browser = await launchWithFakeCamera(playwright.chromium, file);
    });
    test.afterAll(async () => {
      await browser?.close();
      rmSync(videoDir, { recursive: true, force: true });
    });
    test.beforeEach(async () => {
      ({ context, pageErrors } = await cameraContext(browser, { locale: market.locale }));
    });
    test.afterEach(async () => {
      await context.close();
      expect(pageErrors, 'uncaught errors in the page').toEqual([]);
    });

    test('every label in view joins the batch once; the customer sees the credit; undone, the batch is rejected', async ({ request }) => {
      test.setTimeout(120_000);
      const t = (english: string) => consoleText(market.locale, english);
      const page = await context.newPage();
      await page.setViewportSize({ width: 360, height: 780 });
      const areas = await joinAndSignIn(page, request, market, `camera-${market.country}`);
      await areas.getByRole('link', { name: market.checkInArea }).click();
      await page.getByRole('button', { name: t('Start the camera') }).click();
      const count = page.getByTestId('ops-batch-count');
      await expect(count).toHaveText(texts.three, { timeout: 40_000 });
      await expect(page.locator('.ops-codes li')).toHaveCount(3);
      // The camera fills the phone's screen: the count and the button stay in view all the same.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(count).toBeInViewport();
      await expect(page.getByRole('button', { name: texts.checkInThree })).toBeInViewport();
      await checkScreen(page, `${market.locale}-check-in-camera`);
      await page.getByRole('button', { name: texts.checkInThree }).click();
      await expect(page.getByTestId('ops-checkin-result').getByRole('heading', { name: market.credited })).toBeVisible();
      await expect.poll(() => balanceOf(request, customer.token)).toBeCloseTo(moneyValue(3 * customer.depositMinor, texts.currency), 2);
      // The labels still in view do not start a new batch.
      await expect(count).toHaveText(texts.none);

      // The customer, on their phone, sees the three deposits in their balance.
      const phone = await browser.newContext({ baseURL: e2eBaseUrl, locale: market.locale, viewport: { width: 360, height: 780 } });
      await signIn(phone, request, customer.email, password);
      const customerPage = await phone.newPage();
      await customerPage.goto(`/${market.country}/user/account`);
      const shown = new Intl.NumberFormat(market.locale, { style: 'currency', currency: texts.currency }).format(
        moneyValue(3 * customer.depositMinor, texts.currency),
      );
      await expect(customerPage.getByTestId('balance').locator('.visually-hidden')).toHaveText(shown);
      await phone.close();

      // Undone, the containers wait again: the labels in view join a new batch, which is rejected.
      await page.getByRole('button', { name: t('Undo this check-in') }).click();
      await expect(page.getByTestId('ops-checkin-undone')).toHaveText(texts.undone);
      expect(await balanceOf(request, customer.token)).toBeCloseTo(0, 2);
      await expect(count).toHaveText(texts.three, { timeout: 40_000 });
      await page.getByText(t('Reject them instead')).click();
      await page.getByRole('button', { name: texts.rejectThree }).click();
      const reason = page.getByRole('textbox', { name: t('Reason shown to the customers') });
      await expect(reason).toBeFocused();
      await checkScreen(page, `${market.locale}-check-in-reject`);
      await reason.fill('Couvercle manquant / 蓋がありません');
      await page.getByRole('button', { name: texts.rejectThree }).click();
      await expect(page.getByTestId('ops-reject-result').getByRole('heading', { name: `${t('Rejected')} (3)` })).toBeVisible();
      await checkScreen(page, `${market.locale}-check-in-rejected`);
      const history = await request.get('/api/v2/merged_transactions', { headers: { Authorization: `Bearer ${customer.token}` } });
      const rows = ((await history.json()) as { data: { status: string; comment: string | null }[] }).data;
      expect(rows.filter((row) => row.status === 'REJECTED').map((row) => row.comment)).toEqual(
        Array.from({ length: 3 }, () => 'Couvercle manquant / 蓋がありません'),
      );
      expect(await balanceOf(request, customer.token)).toBeCloseTo(0, 2);
    });
  });

  test.describe(`operators' console: passkeys at 360 px in ${market.locale}`, () => {
    test.use({ locale: market.locale, viewport: { width: 360, height: 780 } });

    test('an operator adds a passkey, signs out, and signs in with it alone', async ({ page, request }) => {
      test.setTimeout(60_000);
      const t = (english: string) => consoleText(market.locale, english);
      // Chromium's virtual authenticator stands for the phone's: it keeps the key and says the user verified.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });
      await joinAndSignIn(page, request, market, `passkey-${market.country}`);
      await page.getByRole('button', { name: t('Add a passkey') }).click();
      await expect(page.getByText(t('Passkey added. Next time, log in with it.'))).toBeVisible();
      await checkScreen(page, `${market.locale}-start-passkey`);

      await page.getByRole('button', { name: t('Log out') }).click();
      await expect(page.getByRole('heading', { level: 1, name: market.signIn })).toBeVisible();
      await page.getByRole('button', { name: t('Log in with a passkey') }).click();
      await expect(page.getByRole('heading', { level: 1, name: market.start })).toBeVisible();
      await expect(page.getByRole('navigation', { name: market.areas }).getByTestId('console-area-name')).toHaveText([
        market.checkInArea,
        market.disputesArea,
        ...market.careAreas,
        market.auditArea,
      ]);
      await checkScreen(page, `${market.locale}-signed-in-by-passkey`);

      // The start page lists the passkey; removing it asks first, then the list is empty.
      const passkeys = page.getByRole('list', { name: t('Your passkeys') });
      await expect(passkeys.getByRole('listitem')).toHaveCount(1);
      await passkeys.getByRole('button').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: t('Remove the passkey') })).toBeFocused();
      await checkDialog(page, `${market.locale}-passkey-remove-dialog`);
      await dialog.getByRole('button', { name: t('Remove the passkey') }).click();
      await expect(page.getByText(t('You have no passkey.'))).toBeVisible();
      await dismissNotice(page, market.locale, t('Passkey removed'));
      await checkScreen(page, `${market.locale}-passkeys-none`);
    });

    test("an admin removes an operator's passkeys and resets their authenticator, each after a confirmation", async ({ page, request }) => {
      test.setTimeout(60_000);
      const t = (english: string, values?: Record<string, string>) => consoleText(market.locale, english, values);
      const name = `Dana ${market.country}`;
      await cliCommand(request, [
        'operators',
        'invite',
        '--email',
        uniqueEmail(`reset-${market.country}`),
        '--name',
        name,
        '--roles',
        'care',
      ]);
      const areas = await joinAndSignIn(page, request, market, `admin-${market.country}`, undefined, 'admin');
      await areas.getByRole('link', { name: t('Operators') }).click();
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

      await card.getByRole('button', { name: t('Remove the passkeys of {name}', { name }) }).click();
      const removeDialog = page.getByRole('dialog', { name: t('Remove the passkeys of {name}?', { name }) });
      await expect(removeDialog).toBeVisible();
      await checkDialog(page, `${market.locale}-operators-remove-passkeys`);
      await removeDialog.getByRole('button', { name: t('Remove their passkeys') }).click();
      await dismissNotice(page, market.locale, t('They had no passkey.'));

      await card.getByRole('button', { name: t('Reset the authenticator of {name}', { name }) }).click();
      const resetDialog = page.getByRole('dialog', { name: t('Reset the authenticator of {name}?', { name }) });
      await expect(resetDialog.getByRole('button', { name: t('Reset and send the link') })).toBeFocused();
      await checkDialog(page, `${market.locale}-operators-reset-authenticator`);
      await resetDialog.getByRole('button', { name: t('Reset and send the link') }).click();
      await dismissNotice(page, market.locale, t('{name} is logged out and has a new link by mail, good for 48 hours.', { name }));
      // Invited again: the person sets the account up from the new link.
      await expect(card).toContainText(t('Invited'));
      await checkScreen(page, `${market.locale}-operators-reset-done`);
    });
  });
}

test.describe("operators' console: a dispute settled meanwhile", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('upholding needs an answer, and a credit of a dispute settled elsewhere says so, focused', async ({ page, request }) => {
    test.setTimeout(60_000);
    const customer = await customerWithReturns(request, 'us', 'en');
    const areas = await joinAndSignIn(page, request, english, 'settled');
    await areas.getByRole('link', { name: 'Disputes' }).click();
    const dispute = page.getByTestId('ops-dispute').filter({ hasText: customer.email.split('@')[0]! });
    await expect(dispute).toBeVisible();

    // Another operator settles it while this card is on screen.
    const all = await request.get('/api/v2/ops/disputes?status=open', { headers: operatorHeaders });
    const id = ((await all.json()) as { data: { id: string; email: string | null }[] }).data.find(
      (entry) => entry.email === customer.email,
    )!.id;
    const upheld = await request.post(`/api/v2/ops/disputes/${id}/uphold`, { headers: operatorHeaders, data: { answer: 'Cracked neck.' } });
    expect(upheld.status()).toBe(200);

    await dispute.getByRole('button', { name: 'Uphold the refusal' }).click();
    await expect(dispute.getByText('Write the answer the customer will read.')).toBeVisible();
    await expect(dispute.getByRole('textbox', { name: 'Answer to the customer' })).toBeFocused();

    await dispute.getByRole('button', { name: /^Credit / }).click();
    const refusal = dispute.getByRole('alert');
    await expect(refusal).toHaveText('This dispute was already settled another way.');
    await expect(refusal).toBeFocused();
    expect(await balanceOf(request, customer.token)).toBe(0);
  });
});
