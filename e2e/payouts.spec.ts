import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import iconv from 'iconv-lite';
import { expect, expectAccessible, test, tokensFor } from './support/fixtures';
import { translate, translateInContext } from './support/catalogue';
import { PayoutsPage } from './support/console/payouts-page';
import { e2eOperatorKey } from './support/ops';
import { checkConsoleScreen, consoleScreensDir, customerBalance, holdOperatorSession, operatorSessionViaApi } from './support/operators';
import { customerWithBalance } from './support/withdrawals';
import { e2ePassword } from './support/test-password';

/**
 * Finance's day on a phone: the pending payouts in a table, a batch exported, the bank's pain.002
 * uploaded, which rejects one payout: the console lists it as settled, the row leaves the table,
 * and the customer has the money back with the bank's reason in their language. The screens are
 * kept in bench/results/console-screens to be looked at (SCREENSHOTS=1).
 */

const screenshotDir = consoleScreensDir;
const checkScreen = (page: Page, name: string) => checkConsoleScreen(page, name, screenshotDir);
const consoleText = (locale: string, english: string, values?: Record<string, string>) => translate(locale, english, values, 'console');
const operatorHeaders = { 'X-Ops-Key': e2eOperatorKey };

/** A bank's status report (pain.002.001.10) rejecting one transfer by its end-to-end id. */
function pain002(endToEndId: string, code: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>E2E-STS-${randomUUID().slice(0, 8)}</MsgId><CreDtTm>2026-11-30T08:00:00Z</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>E2E</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>E2E-FR</OrgnlPmtInfId>
      <TxInfAndSts>
        <OrgnlEndToEndId>${endToEndId}</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts>
        <StsRsnInf><Rsn><Cd>${code}</Cd></Rsn></StsRsnInf>
      </TxInfAndSts>
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>
`;
}

/**
 * The customer asks for a payout of their balance, and finance's list names it: the withdrawal's id
 * and the payout reference the bank's answer and the console's search use.
 */
async function askPayout(request: APIRequestContext, token: string, body: { amount: string; withdraw_type?: string }) {
  const withdrawal = await request.post('/api/v2/withdrawals', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: body,
  });
  expect(withdrawal.status(), await withdrawal.text()).toBe(201);
  const id = ((await withdrawal.json()) as { data: { id: string } }).data.id;
  const pending = await request.get('/api/v2/ops/payouts?limit=1000', { headers: operatorHeaders });
  const reference = ((await pending.json()) as { data: { id: string; payout_reference: string }[] }).data.find(
    (entry) => entry.id === id,
  )?.payout_reference;
  expect(reference).toBeTruthy();
  return { id, reference: reference! };
}

async function frenchWithdrawal(request: APIRequestContext) {
  const email = await customerWithBalance(request, { country: 'fr', amount: '20.00', verified: true });
  const token = (await tokensFor(request, email, e2ePassword)).access_token;
  const headers = { Authorization: `Bearer ${token}` };
  const saved = await request.post('/api/v2/payment_methods/TRANSFERWISE', {
    headers,
    data: { iban: 'FR7630006000011234567890189', name: 'Hélène Dupré', address: '1 rue Haute' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return { token, ...(await askPayout(request, token, { amount: '15.00' })) };
}

/** A customer of the market with a payout method saved and a payout asked for: its reference. */
async function payoutWith(
  request: APIRequestContext,
  country: 'us' | 'jp',
  method: string,
  details: Record<string, string>,
  amount: string,
) {
  const email = await customerWithBalance(request, { country, amount: country === 'jp' ? '3000' : '20.00', verified: true });
  const token = (await tokensFor(request, email, e2ePassword)).access_token;
  const headers = { Authorization: `Bearer ${token}` };
  const saved = await request.post(`/api/v2/payment_methods/${method}`, { headers, data: details });
  expect(saved.status(), await saved.text()).toBe(200);
  return { token, ...(await askPayout(request, token, { amount, withdraw_type: method })) };
}

/**
 * A bank's Zengin 総合振込 result for one payout, written field by field from the record layout
 * (120-byte Shift_JIS records, the result code in byte 112, the reference in the EDI field).
 */
function zenginResult(reference: string, yen: number, result: string): Buffer {
  const left = (text: string, width: number) => text.padEnd(width, ' ');
  const digits = (value: number, width: number) => String(value).padStart(width, '0');
  const records = [
    `1210${'0'.repeat(10)}${left('ﾗｳﾝﾄﾞﾄﾘﾂﾌﾟ', 40)}11300005${left('ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ', 15)}001${left('ﾎﾝﾃﾝ', 15)}1${'0'.repeat(7)}${left('', 17)}`,
    `20005${left('ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ', 15)}123${left('ﾖｺﾊﾏﾅｶﾔﾏ', 15)}000011234567${left('ﾀﾅｶ ﾕｲ', 30)}${digits(yen, 10)}0${left(reference, 20)}${result}${left('', 8)}`,
    `8${digits(1, 6)}${digits(yen, 12)}${left('', 101)}`,
    `9${left('', 119)}`,
  ].map((record) => iconv.encode(record, 'Shift_JIS'));
  for (const record of records) expect(record).toHaveLength(120);
  return Buffer.concat(records.flatMap((record) => [record, Buffer.from('\r\n')]));
}

for (const locale of ['fr-FR', 'ja-JP'] as const) {
  test.describe(`finance settles from the bank's answer at 360 px in ${locale}`, () => {
    test.use({ locale, viewport: { width: 360, height: 780 } });

    test('a PayPal payout shows its whole email to finance; a Zengin result file uploaded settles a Japanese payout', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const paypalEmail = `payee-${randomUUID().slice(0, 8)}@example.com`;
      const paypal = await payoutWith(request, 'us', 'PAYPAL', { email: paypalEmail }, '12.00');
      const japanese = await payoutWith(
        request,
        'jp',
        'TRANSFERWISE',
        { bank_code: '0005', branch_code: '123', account_number: '1234567', account_type: 'ordinary', account_name: 'タナカ ユイ' },
        '1200',
      );

      const session = await operatorSessionViaApi(request, 'finance');
      await holdOperatorSession(page.context(), session);
      await page.goto(`/${locale === 'fr-FR' ? 'fr' : 'jp'}/ops/payouts`);
      const search = page.getByRole('search');
      await search.getByRole('searchbox', { name: consoleText(locale, 'Search') }).fill(paypal.reference);
      await search.getByRole('button', { name: consoleText(locale, 'Search') }).click();
      const row = page.getByTestId('ops-payout').filter({ hasText: paypal.reference });
      await expect(row.getByTestId('ops-payout-receiver')).toHaveText(paypalEmail);
      await checkScreen(page, `payouts-paypal-email-${locale}`);

      // The bank's result file, Shift_JIS: the console sends its bytes; code 2, no such account.
      const payouts = new PayoutsPage(page, locale);
      await payouts.uploadBankAnswer({ name: 'kekka.txt', mimeType: 'text/plain', buffer: zenginResult(japanese.reference, 1200, '2') });
      const result = payouts.reconcileResult;
      await expect(result).toBeFocused();
      await expect(result).toContainText(consoleText(locale, 'Zengin transfer results (総合振込)'));
      await expect(result.getByTestId('ops-reconcile-settled')).toContainText(japanese.reference);
      await checkScreen(page, `payouts-zengin-${locale}`);
      expect(await customerBalance(request, japanese.token)).toBe(3000);
      const history = await request.get('/api/v2/merged_transactions', { headers: { Authorization: `Bearer ${japanese.token}` } });
      expect(
        ((await history.json()) as { data: { id: string; status: string; comment: string | null }[] }).data.find((entry) =>
          entry.id.endsWith(japanese.id),
        ),
      ).toMatchObject({
        status: 'FAILED',
        comment: '銀行が振込を受け付けませんでした：該当する口座が見つかりません。口座情報をご確認ください。',
      });
    });

    test('export, a pain.002 rejecting one payout uploaded: it is settled once, the customer has the money back and the reason', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const customer = await frenchWithdrawal(request);
      const paidOne = await frenchWithdrawal(request);
      const closedOnes = [await frenchWithdrawal(request), await frenchWithdrawal(request)];
      expect(await customerBalance(request, customer.token)).toBeCloseTo(5, 2);

      const session = await operatorSessionViaApi(request, 'finance');
      await holdOperatorSession(page.context(), session);
      await page.goto(`/${locale === 'fr-FR' ? 'fr' : 'jp'}/ops/payouts`);

      const row = page.getByTestId('ops-payout').filter({ hasText: customer.reference });
      await expect(row).toBeVisible();
      await expect(row.getByTestId('ops-payout-receiver')).toContainText('Hélène Dupré');
      await checkScreen(page, `payouts-table-${locale}`);

      // The confirmation says what will happen, for how much and to whom; going back changes nothing.
      await row.getByRole('button', { name: consoleText(locale, 'Failed…') }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm.getByTestId('ops-settle-summary')).toContainText('Hélène Dupré');
      await expectAccessible(page, `payouts-confirm-${locale}`);
      await page.screenshot({ path: path.join(screenshotDir, `payouts-confirm-${locale}.png`), fullPage: true });
      await confirm.getByRole('button', { name: consoleText(locale, 'Go back') }).click();
      await expect(confirm).toBeHidden();

      // A batch exported to this device. Another test running at once may have exported this
      // payout first; the bank's answer names it by its reference either way.
      await page.getByTestId('ops-export-payouts').click();
      await expect(page.getByTestId('ops-export-result')).toBeFocused();
      const sepa = page.getByTestId('ops-export-files').getByRole('button', { name: /sepa-credit-transfers-/ });
      if ((await sepa.count()) > 0) {
        const download = page.waitForEvent('download');
        await sepa.click();
        const file = await (await download).path();
        const content = readFileSync(file, 'utf8');
        expect(content).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
        if (content.includes(customer.reference)) expect(content).toContain(`<EndToEndId>${customer.reference}</EndToEndId>`);
      }

      // The batch the payout went in, on its row, and its files written again for this device.
      const again = row.getByRole('button', { name: consoleText(locale, "Download the batch's files again") });
      const redownload = page.waitForEvent('download');
      await again.click();
      expect((await redownload).suggestedFilename()).toMatch(
        /^(sepa-credit-transfers|nacha-ppd-credits|zengin-sogo-furikomi|bacs-standard18|cpa005-credits|paypal-payouts|bank-payments|line-pay-payouts)-.+\.(xml|ach|txt|csv)$/,
      );

      // The bank's answer: the account is closed.
      const payouts = new PayoutsPage(page, locale);
      await payouts.uploadBankAnswer({
        name: 'status.xml',
        mimeType: 'application/xml',
        buffer: Buffer.from(pain002(customer.reference, 'AC04')),
      });
      const result = payouts.reconcileResult;
      await expect(result).toBeFocused();
      await expect(result.getByTestId('ops-reconcile-settled')).toContainText(customer.reference);
      await expect(result.getByTestId('ops-reconcile-settled')).toContainText('AC04');
      await expect(page.getByTestId('ops-payout').filter({ hasText: customer.reference })).toHaveCount(0);
      await checkScreen(page, `payouts-reconciled-${locale}`);

      // The same answer again: already settled, nothing moves twice.
      await payouts.sendBankAnswer();
      await expect(page.getByTestId('ops-reconcile-already')).toContainText(customer.reference);
      await expect(page.getByTestId('ops-reconcile-settled')).toHaveCount(0);

      // Another payout the bank paid: selected, and marked paid after one confirmation naming it.
      const paidRow = page.getByTestId('ops-payout').filter({ hasText: paidOne.reference });
      await paidRow.getByRole('checkbox').check();
      await page.getByTestId('ops-bulk-paid').click();
      const bulk = page.getByRole('dialog', { name: consoleText(locale, 'Mark the selected payouts as paid?') });
      await expect(bulk).toContainText(paidOne.reference);
      await bulk.getByTestId('ops-bulk-confirm').click();
      await expect(bulk).toBeHidden();
      await expect(paidRow).toHaveCount(0);
      expect(await customerBalance(request, paidOne.token)).toBeCloseTo(5, 2);
      const paidHistory = await request.get('/api/v2/merged_transactions', { headers: { Authorization: `Bearer ${paidOne.token}` } });
      expect(
        ((await paidHistory.json()) as { data: { id: string; status: string }[] }).data.find((entry) => entry.id.endsWith(paidOne.id))
          ?.status,
      ).toBe('COMPLETED');

      // Two payouts the bank returned: selected, marked failed together with one reason, which both customers read.
      for (const closed of closedOnes)
        await page.getByTestId('ops-payout').filter({ hasText: closed.reference }).getByRole('checkbox').check();
      await page.getByTestId('ops-bulk-failed').click();
      const bulkFailed = page.getByRole('dialog', { name: consoleText(locale, 'Mark the selected payouts as failed?') });
      for (const closed of closedOnes) await expect(bulkFailed).toContainText(closed.reference);
      await bulkFailed.getByTestId('ops-bulk-confirm').click();
      const reasonField = bulkFailed.getByLabel(consoleText(locale, 'Why they failed (every customer of the selection reads it)'));
      await expect(reasonField).toBeFocused();
      await expectAccessible(page, `payouts-bulk-failed-${locale}`);
      await page.screenshot({ path: path.join(screenshotDir, `payouts-bulk-failed-${locale}.png`), fullPage: true });
      await reasonField.fill('Compte clos à la banque');
      await bulkFailed.getByTestId('ops-bulk-confirm').click();
      await expect(bulkFailed).toBeHidden();
      for (const closed of closedOnes) {
        await expect(page.getByTestId('ops-payout').filter({ hasText: closed.reference })).toHaveCount(0);
        expect(await customerBalance(request, closed.token)).toBeCloseTo(20, 2);
        const closedHistory = await request.get('/api/v2/merged_transactions', { headers: { Authorization: `Bearer ${closed.token}` } });
        expect(
          ((await closedHistory.json()) as { data: { id: string; status: string; comment: string | null }[] }).data.find((entry) =>
            entry.id.endsWith(closed.id),
          ),
        ).toMatchObject({ status: 'FAILED', comment: 'Compte clos à la banque' });
      }

      // The settled tab: the rejected payout, newest settled first, with how it ended and the bank's reason.
      await page.getByRole('button', { name: translateInContext(locale, 'payouts tab', 'Settled', 'console'), exact: true }).click();
      const search = page.getByRole('search');
      await search.getByRole('searchbox', { name: consoleText(locale, 'Search') }).fill(customer.reference);
      await search.getByRole('button', { name: consoleText(locale, 'Search') }).click();
      const settledRow = page.getByTestId('ops-payout-settled').filter({ hasText: customer.reference });
      await expect(settledRow.getByTestId('ops-payout-outcome')).toHaveText(consoleText(locale, 'Failed'));
      await expect(settledRow).toContainText('le compte est clôturé');
      await expect(page.getByTestId('ops-payout-settled')).toHaveCount(1);
      await checkScreen(page, `payouts-settled-${locale}`);

      // A filter the server applies: France's market and the paid one's reference find it, marked paid; Japan's finds nothing.
      const market = search.getByLabel(consoleText(locale, 'Market'));
      await market.selectOption({ label: new Intl.DisplayNames([locale], { type: 'region' }).of('FR')! });
      await search.getByRole('searchbox', { name: consoleText(locale, 'Search') }).fill(paidOne.reference);
      await search.getByRole('button', { name: consoleText(locale, 'Search') }).click();
      const paidSettled = page.getByTestId('ops-payout-settled').filter({ hasText: paidOne.reference });
      await expect(paidSettled.getByTestId('ops-payout-outcome')).toHaveText(consoleText(locale, 'Paid'));
      await market.selectOption({ label: new Intl.DisplayNames([locale], { type: 'region' }).of('JP')! });
      await search.getByRole('button', { name: consoleText(locale, 'Search') }).click();
      await expect(page.getByText(consoleText(locale, 'No settled payout matches these filters.'))).toBeVisible();

      // The customer: the balance back, and the bank's reason in their language on the payout.
      expect(await customerBalance(request, customer.token)).toBeCloseTo(20, 2);
      const history = await request.get('/api/v2/merged_transactions', { headers: { Authorization: `Bearer ${customer.token}` } });
      const line = ((await history.json()) as { data: { id: string; status: string; comment: string | null }[] }).data.find((entry) =>
        entry.id.endsWith(customer.id),
      );
      expect(line).toMatchObject({
        status: 'FAILED',
        comment: 'Votre banque a refusé le virement\u202f: le compte est clôturé. Vérifiez vos coordonnées bancaires.',
      });
    });
  });
}
