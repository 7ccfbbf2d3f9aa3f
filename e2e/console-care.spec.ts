import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { errorMessages } from '#domain/errors';
import { expect, signIn, signUpViaApi, test, tokensFor, uniqueEmail } from './support/fixtures';
import { firstProduct, issueContainers } from './support/ops';
import { checkConsoleScreen, consolePage, consoleScreensDir, customerBalance, operatorSessionViaApi } from './support/operators';
import { AdjustmentsPage } from './support/console/adjustments-page';
import { ApprovalsPage } from './support/console/approvals-page';
import { ClaimsPage } from './support/console/care-lists';
import { ConsoleFrame } from './support/console/console-frame';
import { DataRequestsPage } from './support/console/data-requests-page';
import { openDataRequests } from './support/privacy';
import { e2ePassword } from './support/test-password';

/**
 * Customer care in the operators' console on a phone (src/app/features/console/README.md): a care
 * operator adjusts a customer's balance (sent again after a lost answer, made once; the customer's
 * account page shows it), cancels a pending scan, asks for an adjustment above the approval limit
 * (the e2e server has one in pounds only, playwright.config.ts) which they cannot approve themselves
 * and a second care operator approves, dismisses a competing claim and closes a data-subject request. In French and Japanese at 360 px, with axe and the layout check on each screen.
 */

const password = e2ePassword;
/** A customer's access token, signed in with the suite's password. */
const customerToken = async (request: APIRequestContext, email: string) => (await tokensFor(request, email, password)).access_token;
const balanceOf = customerBalance;
const checkScreen = (page: Page, name: string) => checkConsoleScreen(page, name, consoleScreensDir);

async function scan(request: APIRequestContext, token: string, code: string): Promise<number> {
  const response = await request.post('/api/v2/scans', {
    headers: { Authorization: `Bearer ${token}` },
    data: { id: randomUUID(), code, scanned_at: new Date().toISOString() },
  });
  return response.status();
}

const markets = [
  {
    locale: 'fr-FR',
    prefix: 'fr',
    country: 'fr',
    language: 'fr' as const,
    areas: ['Contestations', 'Ajustements', 'Approbations', 'Revendications', 'Demandes sur les données', 'Journal d’audit'],
    adjustments: 'Ajustements',
    claims: 'Revendications',
    requests: 'Demandes sur les données',
    required: 'Ce champ est obligatoire.',
    lostAnswer: 'Aucune réponse n’est revenue. Renvoyez-le tel quel\u202f: l’ajustement ne sera jamais fait deux fois.',
    credit: '5,00',
    creditValue: 5,
    adjusted: /C’est fait\u202f: \+5,00\s€ pour .*\. Son solde est maintenant de 5,00\s€\./,
    awaiting: 'rien ne bouge tant qu’un second opérateur ne l’a pas approuvé',
    cancelled: 'est annulé.',
    approved: /^Demande approuvée\u202f: \+25,00\s£/,
    dismissed: 'Revendication rejetée',
    dismissedOn: /Rejetée le .*\u202f: le premier scan a été maintenu/,
    shownOne: '1 sur 1 affichés.',
    noResolvedClaim: 'Aucune revendication résolue ne correspond à cette recherche.',
    noOpenClaim: 'Aucune revendication ouverte ne correspond à cette recherche.',
    claimsWaiting: /^Revendications\s*, \d+ en attente$/,
    flagged: 'Compte signalé\u202f:',
    answerBy: /^À traiter avant le /,
    answered: 'est marquée comme traitée.',
    overdue: /^En retard\u202f: la réponse était due le /,
  },
  {
    locale: 'ja-JP',
    prefix: 'jp',
    country: 'jp',
    language: 'ja' as const,
    areas: ['申し立て', '残高調整', '承認', '競合申請', 'データ請求', '監査ログ'],
    adjustments: '残高調整',
    claims: '競合申請',
    requests: 'データ請求',
    required: 'この項目は必須です。',
    lostAnswer: '応答がありませんでした。そのまま再送信してください：同じ調整が二重に反映されることはありません。',
    credit: '500',
    creditValue: 500,
    adjusted: /^完了しました：.*の残高に\+[￥¥]500を反映しました。現在の残高は[￥¥]500です。$/,
    awaiting: '別のオペレーターが承認するまで残高は変わりません。',
    cancelled: 'のスキャンを取り消しました。',
    approved: /^承認しました：\+£25\.00を反映しました。$/,
    dismissed: '不承認にしました：',
    dismissedOn: /に不承認：最初のスキャンが有効/,
    shownOne: '1件中1件を表示しています。',
    noResolvedClaim: 'この検索に一致する解決済みの申請はありません。',
    noOpenClaim: 'この検索に一致する未解決の申請はありません。',
    claimsWaiting: /^競合申請\s*、\d+件待ち$/,
    flagged: '要注意アカウント：',
    answerBy: /^回答期限：/,
    answered: 'の請求を回答済みにしました。',
    overdue: /^期限超過：回答期限は.*でした。$/,
  },
] as const;

for (const market of markets) {
  test.describe(`customer care at 360 px in ${market.locale}`, () => {
    test.use({ locale: market.locale, viewport: { width: 360, height: 780 } });

    test('adjust a balance (a lost answer sent again moves it once), cancel a scan, a second operator approves a large adjustment, dismiss a claim, close a data request', async ({
      browser,
      page: customerPage,
      context: customerContext,
      request,
    }) => {
      test.setTimeout(120_000);
      // A customer of the market with two scans waiting for check-in, one of which a second customer
      // scanned too (a competing claim), and a customer in the United Kingdom, whose pounds have an
      // approval limit on this server.
      const email = uniqueEmail(`care-${market.country}`);
      await signUpViaApi(request, { email, password, country: market.country });
      const token = await customerToken(request, email);
      const product = await firstProduct(request, market.country, market.language);
      const [pendingCode, claimedCode] = await issueContainers(request, product.id, 2);
      expect(await scan(request, token, pendingCode!)).toBe(201);
      expect(await scan(request, token, claimedCode!)).toBe(201);
      const claimantEmail = uniqueEmail(`claimant-${market.country}`);
      await signUpViaApi(request, { email: claimantEmail, password, country: market.country });
      const claimantToken = await customerToken(request, claimantEmail);
      expect(await scan(request, claimantToken, claimedCode!)).toBe(409);
      // The claimant goes on with seven more codes the customer holds: four more claims (five open,
      // the most an account may hold), then three refused, which flags the account for care.
      const shelf = await issueContainers(request, product.id, 7);
      for (const code of shelf) expect(await scan(request, token, code)).toBe(201);
      const claimed: number[] = [];
      for (const code of shelf) claimed.push(await scan(request, claimantToken, code));
      expect(claimed).toEqual([409, 409, 409, 409, 422, 422, 422]);
      const ukEmail = uniqueEmail('care-uk');
      await signUpViaApi(request, { email: ukEmail, password, country: 'uk' });
      const ukToken = await customerToken(request, ukEmail);
      // A deletion request filed on the public form's call.
      const requesterName = `Dominique ${randomUUID().slice(0, 8)}`;
      const filed = await request.post('/api/v2/dsar', {
        data: { kind: 'deletion', name: requesterName, email: uniqueEmail('dsar'), country_code: market.country, locale: market.locale },
      });
      expect(filed.status(), await filed.text()).toBe(201);
      const dataRequestId = ((await filed.json()) as { data: { id: string } }).data.id;

      const first = await operatorSessionViaApi(request, 'care');
      const { page, errors } = await consolePage(browser, market.locale, first);
      await page.goto(`/${market.prefix}/ops/`);
      const frame = new ConsoleFrame(page, market.locale);
      await expect(frame.areaNames).toHaveText([...market.areas]);
      await checkScreen(page, `${market.locale}-care-start`);

      // Adjustments: an empty form says what is missing, focused on the first field, whose description reads it.
      await frame.open(market.adjustments);
      const adjustments = new AdjustmentsPage(page, market.locale);
      await expect(adjustments.heading).toBeVisible();
      await adjustments.sendAdjustment();
      await expect(adjustments.customerField).toBeFocused();
      await expect(adjustments.customerField).toHaveAttribute('aria-invalid', 'true');
      await expect(adjustments.customerField).toHaveAccessibleDescription(market.required);
      await expect(adjustments.adjustSection.getByText(market.required).first()).toBeVisible();
      await checkScreen(page, `${market.locale}-care-adjustments-errors`);

      // A credit in the customer's currency whose first answer is lost on the way back: sent again
      // with the same idempotency id, it is made once, and the customer's balance holds it.
      const sentIds: unknown[] = [];
      await page.route('**/api/v2/ops/adjustments', async (route) => {
        sentIds.push((route.request().postDataJSON() as { id?: unknown }).id);
        if (sentIds.length > 1) return route.continue();
        await route.fetch();
        await route.abort('connectionreset');
      });
      await adjustments.adjust({ customer: email, amount: market.credit, comment: 'Geste commercial / お詫びの調整' });
      await expect(adjustments.adjustFailure).toHaveText(market.lostAnswer);
      await expect(adjustments.adjustFailure).toBeFocused();
      // The server made it; only its answer was lost.
      expect(await balanceOf(request, token)).toBe(market.creditValue);
      await checkScreen(page, `${market.locale}-care-adjustment-lost`);
      await adjustments.sendAdjustment();
      const result = adjustments.adjustResult;
      await expect(result).toHaveText(market.adjusted);
      await expect(result).toBeFocused();
      expect(sentIds).toHaveLength(2);
      expect(sentIds[1]).toBe(sentIds[0]);
      expect(await balanceOf(request, token)).toBe(market.creditValue);
      await page.unroute('**/api/v2/ops/adjustments');
      await checkScreen(page, `${market.locale}-care-adjusted`);
      // The customer's account page shows it.
      await signIn(customerContext, request, email, password);
      await customerPage.goto(`/${market.prefix}/user/account`);
      await expect(customerPage.getByTestId('balance')).toContainText(market.credit);

      // The pending scan, cancelled by its code.
      await adjustments.cancelScan(pendingCode!);
      const cancelled = adjustments.cancelled(pendingCode!);
      await expect(cancelled).toContainText(market.cancelled);
      await expect(cancelled).toBeFocused();

      // Above the limit: nothing moves, a request waits for a second operator.
      await adjustments.adjust({ customer: ukEmail, amount: '25.00', comment: 'Goodwill' });
      await expect(result).toContainText(market.awaiting);
      await expect(result).toBeFocused();
      expect(await balanceOf(request, ukToken)).toBe(0);
      await checkScreen(page, `${market.locale}-care-adjustments-awaiting`);

      // The one who asked is told, and the server refuses their approval in their language.
      await adjustments.toApprovals.click();
      const approvals = new ApprovalsPage(page, market.locale);
      await expect(approvals.heading).toBeVisible();
      const mine = approvals.card(first.operator.email);
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText(approvals.mineNote);
      await approvals.approve(mine);
      const refusal = approvals.refusal(mine);
      await expect(refusal).toHaveText(errorMessages.APPROVAL_SAME_PERSON[market.language]);
      await expect(refusal).toBeFocused();
      await checkScreen(page, `${market.locale}-care-approvals-own`);

      // A second care operator approves it: the pounds reach the balance, the request leaves the list.
      const { page: second, errors: secondErrors } = await consolePage(
        browser,
        market.locale,
        await operatorSessionViaApi(request, 'care'),
      );
      const secondApprovals = new ApprovalsPage(second, market.locale);
      await secondApprovals.goto(market.prefix);
      const theirs = secondApprovals.card(first.operator.email);
      await expect(theirs).toHaveCount(1);
      await expect(theirs).not.toContainText(secondApprovals.mineNote);
      await checkScreen(second, `${market.locale}-care-approvals-second`);
      await secondApprovals.approve(theirs);
      await expect(secondApprovals.outcome).toHaveText(market.approved);
      await expect(secondApprovals.outcome).toBeFocused();
      await expect(theirs).toHaveCount(0);
      await expect.poll(() => balanceOf(request, ukToken)).toBe(25);
      await second.context().close();
      expect(secondErrors, "uncaught errors in the second operator's page").toEqual([]);

      // Claims: the second scan of the container is dismissed; the first scan stands.
      // Claims wait (this customer's and any other run's): the navigation says how many, to the eye and in the link's name.
      await expect(frame.waiting(market.claims)).toHaveText(/^[1-9]\d*$/);
      await expect(frame.area(market.claims)).toHaveAccessibleName(market.claimsWaiting);
      await frame.open(market.claims);
      const claims = new ClaimsPage(page, market.locale);
      const claim = claims.openCard(claimedCode!);
      await expect(claim).toBeVisible();
      await expect(claim.getByTestId('ops-claimant-flag')).toContainText(market.flagged);
      await checkScreen(page, `${market.locale}-care-claims`);
      await claims.dismiss(claim);
      await expect(claims.outcome).toContainText(market.dismissed);
      await expect(claims.outcome).toBeFocused();
      await expect(claim).toHaveCount(0);
      // The decision is kept: the resolved tab finds it by its container code, with what was decided.
      await claims.showResolved();
      await expect(claims.resolvedTab).toHaveAttribute('aria-pressed', 'true');
      await claims.search(claimedCode!.toLowerCase());
      const decided = claims.resolvedCard(claimedCode!);
      await expect(decided).toHaveCount(1);
      await expect(decided).toContainText(market.dismissedOn);
      await expect(claims.shown).toHaveText(market.shownOne);
      await checkScreen(page, `${market.locale}-care-claims-resolved`);
      // A search that finds nothing says so; the open tab keeps it.
      await claims.search('nobody-at-all');
      await expect(page.getByText(market.noResolvedClaim)).toBeVisible();
      await claims.showOpen();
      await expect(page.getByText(market.noOpenClaim)).toBeVisible();

      // Data requests: the deadline in words; closing it takes it off the list.
      await frame.open(market.requests);
      const requests = new DataRequestsPage(page, market.locale);
      await expect(requests.heading).toBeVisible();
      const dataRequest = requests.card(requesterName);
      await expect(dataRequest.getByText(market.answerBy)).toBeVisible();
      await checkScreen(page, `${market.locale}-care-requests`);
      await requests.markAnswered(dataRequest);
      await expect(requests.outcome).toContainText(market.answered);
      await expect(requests.outcome).toBeFocused();
      await expect(dataRequest).toHaveCount(0);
      expect((await openDataRequests(request)).some((entry) => entry.id === dataRequestId)).toBe(false);
      await checkScreen(page, `${market.locale}-care-requests-closed`);
      await page.context().close();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    });

    test('an overdue data request says so in words, not by its colour alone', async ({ browser, request }) => {
      // The server marks a request overdue a month after it came in, which no test waits for: its answer is stood in for.
      const receivedAt = new Date(Date.now() - 40 * 86_400_000);
      const overdue = {
        id: randomUUID(),
        kind: 'access',
        name: 'Sacha Overdue',
        email: 'sacha.overdue@roundtrip.example',
        country_code: market.country,
        locale: market.locale,
        message: 'Quelles données avez-vous sur moi ? / 私のデータを教えてください。',
        received_at: receivedAt.toISOString(),
        due_at: new Date(receivedAt.getTime() + 31 * 86_400_000).toISOString(),
        closed_at: null,
        overdue: true,
      };
      const { page, errors } = await consolePage(browser, market.locale, await operatorSessionViaApi(request, 'care'));
      await page.route('**/api/v2/ops/dsar?status=open', (route) =>
        route.fulfill({ json: { data: [overdue], meta: { next_cursor: null, totals: { count: 1, amounts: [] }, overdue: 1 } } }),
      );
      const requests = new DataRequestsPage(page, market.locale);
      await requests.goto(market.prefix);
      await expect(requests.heading).toBeVisible();
      await expect(requests.card('Sacha Overdue').getByText(market.overdue)).toBeVisible();
      await checkScreen(page, `${market.locale}-care-requests-overdue`);
      await page.context().close();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    });
  });
}
