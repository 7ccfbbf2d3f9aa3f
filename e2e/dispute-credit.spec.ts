import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, signIn, signUpViaApi, test, uniqueEmail } from './support/fixtures';
import { layoutProblems } from './support/layout';
import { e2eOperatorKey, firstProduct, issueContainers } from './support/ops';
import { AccountPage } from './support/pages/account-page';
import { e2ePassword } from './support/test-password';
import { screensDir } from './support/screens';

/**
 * A credited dispute is money in, so the history shows it (docs/product.md, The history accounts for
 * the balance): before, a new customer in /fr/ saw their balance rise by 0,40 € with no row showing
 * +0,40 €, and the rejected row said no deposit was credited and then that 0,40 € was added.
 */

const password = e2ePassword;
const operatorHeaders = { 'X-Ops-Key': e2eOperatorKey };
const screenshotDir = screensDir('customer-screens');

/** A customer whose rejected scan was disputed and credited by an operator; answers the row's id and the deposit. */
async function customerWithCreditedDispute(request: APIRequestContext, country: 'fr' | 'jp', language: string, tag: string) {
  const email = uniqueEmail(tag);
  await signUpViaApi(request, { email, password, country });
  const product = await firstProduct(request, country, language);
  const [code] = await issueContainers(request, product.id, 1);
  const login = await request.post('/api/v2/oauth/token', { data: { grant_type: 'password', email, password } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const scanned = await request.post('/api/v2/scans', { headers, data: { id: randomUUID(), code, scanned_at: new Date().toISOString() } });
  expect(scanned.status(), await scanned.text()).toBe(201);
  const rowId = `scan:${((await scanned.json()) as { data: { id: string } }).data.id}`;
  expect(
    (await request.post('/api/v2/ops/rejections', { headers: operatorHeaders, data: { codes: [code], reason: 'Goulot fêlé' } })).status(),
  ).toBe(200);
  const filed = await request.post('/api/v2/disputes', {
    headers,
    data: { id: randomUUID(), transaction_id: rowId, reason: 'not_damaged' },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const disputeId = ((await filed.json()) as { data: { id: string } }).data.id;
  const credited = await request.post(`/api/v2/ops/disputes/${disputeId}/credit`, { headers: operatorHeaders, data: {} });
  expect(credited.status(), await credited.text()).toBe(200);
  return { email, rowId, deposit: product.deposit };
}

const markets = [
  {
    locale: 'fr-FR',
    country: 'fr',
    language: 'fr',
    title: '1 article crédité après votre contestation',
    refusedAtFirst: 'Ce retour avait d’abord été refusé au centre de lavage.',
    contradiction: 'aucune consigne',
    added: 'a été ajouté à votre solde',
  },
  {
    locale: 'ja-JP',
    country: 'jp',
    language: 'ja',
    title: '異議により1個分を返金',
    refusedAtFirst: 'この返却は、はじめは洗浄センターで不承認となりました。',
    contradiction: '加算されていません',
    added: '残高に追加しました',
  },
] as const;

for (const market of markets) {
  test.describe(`a credited dispute at 360 px in ${market.locale}`, () => {
    test.use({ locale: market.locale, viewport: { width: 360, height: 780 } });

    test('is a row with its signed amount, the rows add up to the balance, and the impact counts it', async ({
      page,
      context,
      request,
    }) => {
      const { email, rowId, deposit } = await customerWithCreditedDispute(
        request,
        market.country,
        market.language,
        `credit-${market.country}`,
      );
      const signed = new Intl.NumberFormat(market.locale, {
        style: 'currency',
        currency: deposit.currency,
        signDisplay: 'exceptZero',
      }).format(Number(deposit.value));
      const plain = new Intl.NumberFormat(market.locale, { style: 'currency', currency: deposit.currency }).format(Number(deposit.value));
      await signIn(context, request, email, password);
      const account = new AccountPage(page, market.locale);
      await account.goto(market.country);

      const row = account.history.row(rowId);
      await expect(row.locator).toHaveAttribute('data-dispute', 'CREDITED');
      await expect(row.title).toHaveText(market.title);
      await expect(row.amount).toHaveText(signed);
      // The only row that moved money carries exactly what the balance holds.
      await expect(account.history.amounts).toHaveCount(1);
      await expect(account.balanceAmount).toHaveText(plain);

      await row.open();
      await expect(row.locator.getByText(market.refusedAtFirst)).toBeVisible();
      await expect(row.locator).not.toContainText(market.contradiction);
      await expect(row.disputeState).toContainText(plain);
      await expect(row.disputeState).toContainText(market.added);

      const impact = page.getByTestId('impact');
      await impact.scrollIntoViewIfNeeded();
      await expect(impact.getByTestId('impact-returned')).toHaveText('1');
      await expect(impact.getByTestId('impact-earned')).toHaveText(plain);

      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await row.locator.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshotDir}/dispute-credited-${market.locale}.png` });
      expect(await layoutProblems(page), 'layout of the credited row').toEqual([]);
      await impact.getByTestId('impact-chart').scrollIntoViewIfNeeded();
      await expect(impact.locator('canvas').first()).toBeVisible();
      await page.screenshot({ path: `${screenshotDir}/impact-chart-${market.locale}.png` });
    });
  });
}
