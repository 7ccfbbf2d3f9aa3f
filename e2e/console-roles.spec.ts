import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { translate } from './support/catalogue';
import { DisputesPage } from './support/console/care-lists';
import { ApprovalsPage } from './support/console/approvals-page';
import { AuditPage } from './support/console/audit-page';
import { CheckInPage } from './support/console/check-in-page';
import { ConsoleFrame } from './support/console/console-frame';
import { ContentPage } from './support/console/content-page';
import { PayoutsPage } from './support/console/payouts-page';
import { ConsoleSignInPage, JoinPage } from './support/console/sign-in-page';
import { ConsoleStartPage } from './support/console/start-page';
import { TeamPage } from './support/console/team-page';
import { ConsoleWords } from './support/console/words';
import { expect, signUpViaApi, test, tokensFor, uniqueEmail } from './support/fixtures';
import { e2eOperatorKey, firstProduct, issueContainers } from './support/ops';
import { checkConsoleDialog, checkConsoleScreen, cliCommand, consolePage, customerBalance, operatorViaApi } from './support/operators';
import { e2ePassword } from './support/test-password';
import { totpCodeAt } from '../src/server/modules/operators/totp';
import { customerWithBalance } from './support/withdrawals';

/**
 * A day of each console role on a phone, in French and Japanese at 360 px (docs/operators.md, the
 * days of each role): the admin signs in and manages the team, the check-in worker's session ends
 * in the middle of a batch, care answers a dispute, finance exports the payouts and settles one, the
 * content editor opens their area. Set-up goes through the API; each screen is checked with axe and
 * the layout check, and kept under bench/results/console-screens when SCREENSHOTS=1.
 *
 * The check-in worker's network cut mid-batch and the reload are walked in
 * console-offline-checkin.spec.ts; care's other lists in console-care.spec.ts.
 */

const operatorHeaders = { 'X-Ops-Key': e2eOperatorKey };

const markets = [
  { locale: 'fr-FR', country: 'fr', language: 'fr', balance: '20.00', withdraw: '10.00' },
  { locale: 'ja-JP', country: 'jp', language: 'ja', balance: '2000', withdraw: '1000' },
] as const;

/** An operator invited by the CLI (who has not joined): their id and the link they were sent. */
async function invitedByCli(request: APIRequestContext, name: string, roles: string): Promise<{ id: string; link: string }> {
  const printed = await cliCommand(request, ['operators', 'invite', '--email', uniqueEmail('team'), '--name', name, '--roles', roles]);
  const link = /(http:\/\/\S+\/ops\/join#\S+)/.exec(printed)?.[1];
  expect(link, printed).toBeTruthy();
  const listed = await cliCommand(request, ['operators', 'list']);
  const id = listed
    .split('\n')
    .find((row) => row.includes(name))
    ?.split(/\s+/)[0];
  expect(id, listed).toBeTruthy();
  return { id: id!, link: link! };
}

for (const market of markets) {
  const { locale } = market;

  test.describe(`the console's roles at 360 px in ${locale}`, () => {
    test('admin: enables, re-invites, changes roles, ends sessions, invites, revokes a token, reads the trail', async ({
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const words = new ConsoleWords(locale);
      const tag = Math.random().toString(36).slice(2, 7);
      const admin = await operatorViaApi(request, 'admin', { name: `Admin ${tag}` });
      const away = `Léa ${tag}`;
      const awayInvite = await invitedByCli(request, away, 'care');
      const disabled = await request.post(`/api/v2/ops/operators/${awayInvite.id}/disable`, {
        headers: { Authorization: `Bearer ${admin.session.token}` },
        data: {},
      });
      expect(disabled.status()).toBe(200);
      const newcomer = `Ren ${tag}`;
      await invitedByCli(request, newcomer, 'check-in');
      const colleagueName = `Sacha ${tag}`;
      const colleague = await operatorViaApi(request, 'care', { name: colleagueName });

      const { page, context, errors } = await consolePage(browser, locale, admin.session);
      await new ConsoleStartPage(page, locale).goto(market.country);
      const frame = new ConsoleFrame(page, locale);
      await expect(frame.areaNames).toHaveText([words.text('Operators'), words.text('Audit trail')]);
      await frame.open(words.text('Operators'));
      const team = new TeamPage(page, locale);
      await expect(team.heading).toBeVisible();
      // The console's own frame: no customer navigation bar saying "Log in" above it.
      await expect(page.getByRole('navigation', { name: translate(locale, 'Main') })).toHaveCount(0);
      await expect(page.getByRole('link', { name: translate(locale, 'Log in') })).toHaveCount(0);

      // A disabled operator who never joined comes back invited, and gets a new link.
      await team.enable(away);
      await expect(team.notice('{name} is enabled', { name: away })).toBeVisible();
      await team.sendNewInvitation(away);
      await expect(team.notice('Invitation sent again').first()).toBeVisible();

      // A colleague's card: their roles, then their sessions, ended everywhere at once.
      const card = team.card(colleague.email);
      const roles = await team.openRoles(card, colleagueName);
      await expect(team.role(roles, 'Customer care')).toBeChecked();
      await team.role(roles, 'Finance').check();
      await checkConsoleDialog(page, `operator-roles-${locale}`);
      await team.saveRoles(roles);
      await expect(roles).toBeHidden();
      const listed = await request.get('/api/v2/ops/operators', { headers: operatorHeaders });
      const people = ((await listed.json()) as { data: { id: string; roles: string[]; status: string }[] }).data;
      expect(people.find((row) => row.id === colleague.session.operator.id)?.roles).toEqual(['care', 'finance']);
      expect(people.find((row) => row.id === awayInvite.id)?.status).toBe('INVITED');
      const sessions = await team.openSessions(card, colleagueName);
      await expect(sessions.getByRole('listitem')).toHaveCount(1);
      await checkConsoleDialog(page, `operator-sessions-${locale}`);
      await team.endEverySession(sessions);
      await expect(team.noSession(sessions, colleagueName)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(sessions).toBeHidden();
      const signedOut = await request.get('/api/v2/ops/me', { headers: { Authorization: `Bearer ${colleague.session.token}` } });
      expect(signedOut.status()).toBe(401);

      // Disabling asks first; cancelling changes nothing.
      const confirm = await team.askToDisable(newcomer);
      await expect(confirm).toBeVisible();
      await team.cancelButton(confirm).click();
      await expect(confirm).toBeHidden();

      // A new person invited on screen, and a token whose secret shows once, then revoked.
      const invitedEmail = uniqueEmail(`invited-${market.country}`);
      const invitedName = `Dominique ${tag}`;
      await team.invite(invitedEmail, invitedName, 'Customer care');
      await expect(team.invited).toBeVisible();
      await expect(team.personHeading(invitedName)).toBeVisible();
      const tokenName = `e2e-${market.country}-${tag}`;
      await team.makeToken(tokenName, 'Finance');
      await expect(team.secret).toBeFocused();
      await expect(team.secret).toHaveValue(/^rtk_/);
      await team.dismissNotifications();
      await checkConsoleScreen(page, `operators-${locale}`);
      const revoke = await team.revokeToken(tokenName);
      await expect(revoke).toBeHidden();
      await expect(team.revokedNote.first()).toBeVisible();
      await expect(team.secret).toHaveCount(0);

      // The trail: this admin's own entries, then the token's two (made, revoked), and the chain intact.
      await frame.open(words.text('Audit trail'));
      const audit = new AuditPage(page, locale);
      await expect(audit.entries.first()).toBeVisible();
      // Other tests' operators write to the same trail meanwhile: start from this admin's latest entry.
      await audit.showEntriesBy(audit.entries.filter({ hasText: admin.email }).first(), admin.email);
      await expect(audit.entriesOf('Token revoked')).toHaveCount(1);
      await expect(audit.entriesOf('Operator invited')).toHaveCount(1);
      await expect(audit.entriesOf('Roles changed')).toHaveCount(1);
      await expect(audit.entries.filter({ hasNotText: admin.email })).toHaveCount(0);
      await audit.showThisRecord(audit.entriesOf('Token revoked'));
      await expect(audit.entries).toHaveCount(2);
      await expect(audit.entries.nth(0)).toContainText(audit.action('Token revoked'));
      await expect(audit.entries.nth(1)).toContainText(audit.action('Token created'));
      await checkConsoleScreen(page, `audit-detail-${locale}`);
      await audit.checkTheChain();
      await expect(audit.verdict).toHaveText(audit.intact());
      await expect(audit.verdict).toBeFocused();
      await checkConsoleScreen(page, `audit-${locale}`);
      await context.close();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    });

    test('check-in: the session ends in the middle of a batch; signed in again, the batch kept on the phone is credited once', async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail(`session-end-${market.country}`);
      await signUpViaApi(request, { email, password: e2ePassword, country: market.country });
      const token = (await tokensFor(request, email, e2ePassword)).access_token;
      const product = await firstProduct(request, market.country, market.language);
      const codes = await issueContainers(request, product.id, 3);
      for (const code of codes) {
        const scanned = await request.post('/api/v2/scans', {
          headers: { Authorization: `Bearer ${token}` },
          data: { id: randomUUID(), code, scanned_at: new Date().toISOString() },
        });
        expect(scanned.status(), await scanned.text()).toBe(201);
      }
      const worker = await operatorViaApi(request, 'check-in');

      const { page, context, errors } = await consolePage(browser, locale, worker.session);
      const checkIn = new CheckInPage(page, locale);
      await checkIn.goto(market.country);
      await expect(checkIn.heading).toBeVisible();
      await checkIn.typeCodes(codes.slice(0, 2));
      await expect(checkIn.count).toHaveText(checkIn.batchOf(2));
      await expect(checkIn.products).toContainText(`${product.name} × 2`);
      await checkConsoleScreen(page, `check-in-batch-${locale}`);

      // Meanwhile an admin ends the worker's sessions (as the idle limit would): the phone does not know yet.
      const ended = await request.delete(`/api/v2/ops/operators/${worker.session.operator.id}/sessions`, { headers: operatorHeaders });
      expect(ended.status(), await ended.text()).toBe(200);
      // The next code asks the server for the batch's deposits: refused, the console asks for a sign-in.
      await checkIn.typeCodes(codes.slice(2));
      const signIn = new ConsoleSignInPage(page, locale);
      await expect(signIn.heading).toBeVisible();
      await expect(signIn.sessionEnded).toBeVisible();
      // The notification lies over the form, as it should: axe and a picture, without the overlap check.
      await checkConsoleDialog(page, `sign-in-session-ended-${locale}`);

      // Signed in again, the worker is back on the check-in with the whole batch, typed codes kept on the phone.
      await signIn.signIn(worker.email, worker.password, worker.nextCode);
      await expect(checkIn.heading).toBeVisible();
      await expect(checkIn.count).toHaveText(checkIn.batchOf(3));
      expect(await customerBalance(request, token)).toBe(0);
      await checkIn.send(3);
      await expect(checkIn.credited(3)).toBeVisible();
      await expect(checkIn.count).toHaveText(checkIn.batchOf(0));
      await expect.poll(() => customerBalance(request, token)).toBeCloseTo(3 * Number(product.deposit.value), 2);
      await expect(checkIn.recent).toHaveCount(1);
      await context.close();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    });

    test('care: answers a dispute and upholds the refusal; the customer reads the answer; approvals wait for a second operator', async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail(`answered-${market.country}`);
      await signUpViaApi(request, { email, password: e2ePassword, country: market.country });
      const token = (await tokensFor(request, email, e2ePassword)).access_token;
      const headers = { Authorization: `Bearer ${token}` };
      const product = await firstProduct(request, market.country, market.language);
      const [code] = await issueContainers(request, product.id, 1);
      const scanned = await request.post('/api/v2/scans', {
        headers,
        data: { id: randomUUID(), code, scanned_at: new Date().toISOString() },
      });
      expect(scanned.status(), await scanned.text()).toBe(201);
      const scanId = ((await scanned.json()) as { data: { id: string } }).data.id;
      const rejected = await request.post('/api/v2/ops/rejections', {
        headers: operatorHeaders,
        data: { codes: [code], reason: 'Cracked' },
      });
      expect(rejected.status()).toBe(200);
      const filed = await request.post('/api/v2/disputes', {
        headers,
        data: { id: randomUUID(), transaction_id: `scan:${scanId}`, reason: 'not_damaged', note: 'The bottle was fine.' },
      });
      expect(filed.status(), await filed.text()).toBe(201);
      const care = await operatorViaApi(request, 'care');

      const { page, context, errors } = await consolePage(browser, locale, care.session);
      const words = new ConsoleWords(locale);
      const disputes = new DisputesPage(page, locale);
      await page.goto(`/${market.country}/ops/disputes`);
      const card = disputes.openCard(email);
      await expect(card).toContainText('The bottle was fine.');
      // Upholding needs an answer: the card says so and puts the focus in the field.
      await disputes.uphold(card);
      await expect(card.getByText(words.text('Write the answer the customer will read.'))).toBeVisible();
      await expect(disputes.answerField(card)).toBeFocused();
      const answer = 'Le goulot était fêlé. / 首の部分にひびがありました。';
      await disputes.answerAndUphold(card, answer);
      await expect(disputes.outcome).toContainText(email);
      await expect(disputes.outcome).toBeFocused();
      await expect(card).toHaveCount(0);
      expect(await customerBalance(request, token)).toBe(0);

      // The decision is kept with the answer; the customer reads it on their history line.
      await disputes.showResolved();
      await disputes.search(email);
      await expect(disputes.resolvedCard(email)).toContainText(answer);
      await checkConsoleScreen(page, `disputes-answered-${locale}`);
      const history = await request.get('/api/v2/merged_transactions', { headers });
      const rows = ((await history.json()) as { data: { dispute: { status: string; answer: string | null } | null }[] }).data;
      expect(rows.map((row) => row.dispute).filter((dispute) => dispute !== null)).toEqual([
        expect.objectContaining({ status: 'UPHELD', answer }),
      ]);

      // Approvals: what other operators asked above the limit (walked in console-care.spec.ts).
      await new ConsoleFrame(page, locale).open(words.text('Approvals'));
      await expect(new ApprovalsPage(page, locale).heading).toBeVisible();
      await checkConsoleScreen(page, `approvals-${locale}`);
      await context.close();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    });

    test('finance: exports the new payouts to the phone, marks one paid with the bank reference, finds it settled and in the trail', async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const customer = await customerWithBalance(request, { country: market.country, amount: market.balance, verified: true });
      const token = (await tokensFor(request, customer, e2ePassword)).access_token;
      const headers = { Authorization: `Bearer ${token}` };
      const paypal = await request.post('/api/v2/payment_methods/PAYPAL', { headers, data: { email: `paypal.${customer}` } });
      expect(paypal.status(), await paypal.text()).toBe(200);
      const withdrawal = await request.post('/api/v2/withdrawals', {
        headers: { ...headers, 'Idempotency-Key': randomUUID() },
        data: { amount: market.withdraw, withdraw_type: 'PAYPAL' },
      });
      expect(withdrawal.status(), await withdrawal.text()).toBe(201);
      const withdrawalId = ((await withdrawal.json()) as { data: { id: string } }).data.id;
      const pendingList = async () =>
        (
          (await (await request.get('/api/v2/ops/payouts', { headers: operatorHeaders })).json()) as {
            data: { id: string; payout_reference: string; export_batch: string | null }[];
          }
        ).data;
      const reference = (await pendingList()).find((entry) => entry.id === withdrawalId)?.payout_reference;
      expect(reference).toBeTruthy();
      const finance = await operatorViaApi(request, 'finance');

      const { page, context, errors } = await consolePage(browser, locale, finance.session);
      const words = new ConsoleWords(locale);
      const frame = new ConsoleFrame(page, locale);
      const payouts = new PayoutsPage(page, locale);
      await payouts.goto(market.country);
      await expect(frame.areaNames).toHaveText([words.text('Payouts'), words.text('Audit trail')]);
      const row = payouts.row(reference!);
      // The PayPal receiver's email, masked as the payout keeps it, on the row.
      await expect(payouts.receiver(row)).toContainText('@');

      // A batch exported to this device: the files download, and the payout now belongs to a batch.
      await payouts.exportBatch();
      await expect(payouts.exportResult).toBeFocused();
      // A file per market in its banks' format, and PayPal's, each offered again in a list. Another
      // market's test running at once may have exported this payout first: then this batch is empty.
      const fileName =
        /(sepa-credit-transfers|nacha-ppd-credits|zengin-sogo-furikomi|bacs-standard18|cpa005-credits|paypal-payouts)-.+\.(xml|ach|txt|csv)/;
      if ((await payouts.files.count()) > 0) {
        await expect(payouts.files.first()).toHaveText(fileName);
        const again = page.waitForEvent('download');
        await payouts.files.first().click();
        expect((await again).suggestedFilename()).toMatch(new RegExp(`^${fileName.source}$`));
      }
      expect((await pendingList()).find((entry) => entry.id === withdrawalId)?.export_batch).toBeTruthy();
      await checkConsoleScreen(page, `finance-exported-${locale}`);

      // Paid after a confirmation that says what will happen, for how much, to whom.
      const confirm = await payouts.askPaid(row);
      await expect(confirm.summary).toContainText('@');
      await confirm.paidWith('BANK-REF-1');
      await expect(confirm.dialog).toBeHidden();
      await expect.poll(async () => (await pendingList()).some((entry) => entry.id === withdrawalId)).toBe(false);
      await payouts.settledTab.click();
      const settled = payouts.settledRow(reference!);
      await expect(payouts.outcome(settled)).toHaveText(words.text('Paid'));
      await expect(settled).toContainText('BANK-REF-1');
      await checkConsoleScreen(page, `finance-settled-${locale}`);

      // The trail names this operator for the payout, as money leaving the customer.
      await frame.open(words.text('Audit trail'));
      const audit = new AuditPage(page, locale);
      await audit.showEntriesBy(audit.entries.filter({ hasText: finance.email }).first(), finance.email);
      await expect(audit.entriesOf('Payout paid')).toHaveCount(1);
      await expect(audit.entriesOf('Payout paid')).toContainText(/[-−]/);
      await context.close();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    });

    test('content: the editor joins from the invitation, signs in, and opens the page texts, the bins import and the missing texts', async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const editorEmail = uniqueEmail(`editor-${market.country}`);
      const printed = await cliCommand(request, ['operators', 'invite', '--email', editorEmail, '--name', 'Editor', '--roles', 'content']);
      const link = /(http:\/\/\S+\/ops\/join#\S+)/.exec(printed)?.[1];
      expect(link, printed).toBeTruthy();

      // The link as mailed, in the browser's language: the key for the authenticator, a password, a code.
      const { page, context, errors } = await consolePage(browser, locale);
      await page.goto(link!);
      const join = new JoinPage(page, locale);
      await expect(join.heading).toBeVisible();
      const secret = await join.secretKey();
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await checkConsoleScreen(page, `join-${locale}`);
      // A code is good once and the server takes the step either side of its clock: the join takes
      // the previous step's code, the sign-in the present one's, so no test waits for the next code.
      const now = Date.now();
      await join.join('editor pass 1', totpCodeAt(secret, new Date(now - 30_000)));
      await join.toSignIn.click();
      const signIn = new ConsoleSignInPage(page, locale);
      await expect(signIn.heading).toBeVisible();
      await checkConsoleScreen(page, `sign-in-${locale}`);
      await signIn.signIn(editorEmail, 'editor pass 1', totpCodeAt(secret, new Date(now)));
      await expect(new ConsoleStartPage(page, locale).heading).toBeVisible();
      await expect(new ConsoleFrame(page, locale).areaNames).toHaveText([new ConsoleWords(locale).text('Content')]);

      const words = new ConsoleWords(locale);
      const content = new ContentPage(page, locale);
      await new ConsoleFrame(page, locale).open(words.text('Content'));
      await expect(content.pageTextsTab).toHaveAttribute('aria-current', 'page');
      await expect(content.pageField).toBeVisible();
      await expect(content.draftsCount).toBeVisible();
      await checkConsoleScreen(page, `content-${locale}`);
      await content.binsTab.click();
      await expect(content.heading).toHaveText(words.text('Bins import'));
      await checkConsoleScreen(page, `content-bins-${locale}`);
      await content.missingTextsTab.click();
      await expect(content.heading).toHaveText(words.text('Missing texts'));
      await checkConsoleScreen(page, `content-missing-texts-${locale}`);
      await context.close();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    });
  });
}
