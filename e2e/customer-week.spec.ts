import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { translate } from './support/catalogue';
import { expect, signIn, signUpViaApi, test, tokensFor, uniqueEmail } from './support/fixtures';
import { layoutProblems } from './support/layout';
import { verificationCode } from './support/mail';
import { savedQueries, savedQueryData, waitForServiceWorker } from './support/offline';
import { checkIn, e2eOperatorKey, firstProduct, issueContainers } from './support/ops';
import { AccountPage } from './support/pages/account-page';
import { MapPage } from './support/pages/map-page';
import { PaymentMethodDialog } from './support/pages/payment-method-dialog';
import { SignUpPage } from './support/pages/sign-up-page';
import { VerifyEmailPage } from './support/pages/verify-email-page';
import { WithdrawPage } from './support/pages/withdraw-page';
import { e2ePassword } from './support/test-password';

/**
 * A new customer's first week, as one person lives it on a 360 px phone in French and in Japanese:
 * sign up and verify, scan two containers by code, one checked in and one rejected by the facility,
 * a dispute credited by customer care, a credit, the map, an offline start, a payout method and a
 * withdrawal of everything, then the wish to leave while the payout is on its way. Every step checks
 * what the person reads (in their language, from the catalogues) and what the server recorded.
 */
const operatorHeaders = { 'X-Ops-Key': e2eOperatorKey };
const password = e2ePassword;

const people = [
  {
    lang: 'fr',
    locale: 'fr-FR',
    country: 'fr',
    currency: 'EUR',
    zip: '75011',
    name: 'Camille Martin',
    credit: '10.00',
    typed: (value: string) => value.replace('.', ','),
  },
  {
    lang: 'ja',
    locale: 'ja-JP',
    country: 'jp',
    currency: 'JPY',
    zip: '150-0001',
    name: '山田 花子',
    credit: '10000',
    typed: (value: string) => value,
  },
] as const;

type Person = (typeof people)[number];

/** The person's words, money and screenshots: what both days of the week read and keep. */
function readerOf(person: Person) {
  const minorUnit = person.currency === 'JPY' ? 1 : 100;
  return {
    t: (english: string, values?: Record<string, string>) => translate(person.locale, english, values),
    money: (minor: number) =>
      new Intl.NumberFormat(person.locale, { style: 'currency', currency: person.currency }).format(minor / minorUnit),
    toMinor: (value: string) => Math.round(Number(value) * minorUnit),
    prefix: `/${person.country}`,
    /** Nothing overflows or overlaps at 360 px, and the screen is kept for a person to look at. */
    screenshotter: (page: Page, testInfo: TestInfo) => async (name: string) => {
      expect(await layoutProblems(page), `${name}: nothing overflows or overlaps at 360 px`).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`week-${name}-${person.locale}-360.png`) });
    },
  };
}

for (const person of people) {
  test.describe(`a new customer's first week in ${person.locale}`, () => {
    const { t, money, toMinor, prefix, screenshotter } = readerOf(person);
    test.use({ locale: person.locale, viewport: { width: 360, height: 780 }, serviceWorkers: 'allow' });

    test('Monday to Saturday: signs up, scans, is checked in and rejected, disputes, is credited, finds a bin, opens offline', async ({
      page,
      context,
      request,
    }, testInfo) => {
      test.setTimeout(240_000);
      const email = uniqueEmail(`week-${person.country}`);
      const shot = screenshotter(page, testInfo);
      const account = new AccountPage(page, person.locale);
      const balance = account.balanceAmount;

      // Monday: signs up in their language and types the code the mail brings.
      const started = Date.now();
      const signUp = new SignUpPage(page, person.lang);
      await signUp.goto(`${prefix}/signup`);
      await signUp.signUp({ name: person.name, email, password, zip: person.zip });
      await expect(page).toHaveURL(new RegExp(`${prefix}/user/verify-email$`));
      await new VerifyEmailPage(page, person.lang).enterCode(await verificationCode(email, started));
      await expect(page).toHaveURL(new RegExp(`${prefix}/thank-you\\?reason=email-verified$`));

      // Tuesday: two containers scanned by their printed codes.
      const product = await firstProduct(request, person.country, person.lang);
      const deposit = toMinor(product.deposit.value);
      const [kept, rejected] = await issueContainers(request, product.id, 2);
      await page.goto(`${prefix}/user/scan`);
      const codeField = page.getByLabel(t('Container code'));
      for (const code of [kept!, rejected!]) {
        // The field is emptied once the previous code is saved: the next one is typed after that.
        await expect(codeField).toHaveValue('');
        await codeField.fill(code);
        await page.getByRole('button', { name: t('Record the scan') }).click();
        await expect(page.locator(`[data-testid="session-scan"][data-code="${code}"]`)).toHaveAttribute('data-state', 'recorded');
        await expect(codeField).toHaveValue('');
      }
      await shot('scan');

      // Wednesday: the facility checks one in and rejects the other.
      await checkIn(request, [kept!]);
      const rejection = await request.post('/api/v2/ops/rejections', {
        headers: operatorHeaders,
        data: { codes: [rejected], reason: 'Cracked at the neck' },
      });
      expect(rejection.status()).toBe(200);
      const rejectedScanId = ((await rejection.json()) as { data: { rejected: { scan_id: string }[] } }).data.rejected[0]!.scan_id;
      await account.goto(person.country);
      await expect(balance).toHaveText(money(deposit));
      // The balance comes first on a phone: it is on the first screen.
      await expect(account.balance).toBeInViewport();

      // Thursday: disputes the rejection; customer care credits it, and the row says so with its amount.
      const row = account.history.row(`scan:${rejectedScanId}`);
      await row.open();
      await row.locator.getByRole('button', { name: t("This isn't right") }).click();
      const form = page.getByTestId('dispute-form');
      await form.getByLabel(t('I returned it, but no deposit came back')).check();
      await form.getByRole('button', { name: t('Send the dispute') }).click();
      await expect(row.dispute).toHaveText(t('Dispute open'));
      const disputes = (await (await request.get('/api/v2/ops/disputes', { headers: operatorHeaders })).json()) as {
        data: { id: string; transaction_ids: string[] }[];
      };
      const dispute = disputes.data.find((entry) => entry.transaction_ids.includes(`scan:${rejectedScanId}`));
      expect(dispute, 'the dispute reached customer care').toBeTruthy();
      const credited = await request.post(`/api/v2/ops/disputes/${dispute!.id}/credit`, {
        headers: operatorHeaders,
        data: { answer: 'Our mistake.' },
      });
      expect(credited.status(), await credited.text()).toBe(200);
      await page.reload();
      await expect(balance).toHaveText(money(2 * deposit));
      await expect(row.amount).toContainText(money(deposit));
      await expect(row.amount).toContainText('+');
      await shot('history');

      // Friday: customer care adds a goodwill credit; the person finds a return bin on the map.
      const credit = await request.post('/api/v2/ops/adjustments', {
        headers: operatorHeaders,
        data: { id: randomUUID(), email, amount: person.credit, comment: 'Welcome credit' },
      });
      expect(credit.status(), await credit.text()).toBe(201);
      const total = 2 * deposit + toMinor(person.credit);
      const map = new MapPage(page, person.locale);
      await map.goto(person.country);
      await map.waitForPins();
      await shot('map');

      // Saturday: opens the app with no signal and still sees the balance.
      await account.goto(person.country);
      await expect(balance).toHaveText(money(total));
      await waitForServiceWorker(page);
      // The figure on screen is the one saved for the next start without signal.
      const tokens = await tokensFor(request, email, password);
      const answered = (await (
        await request.get('/api/v2/user/balance', { headers: { Authorization: `Bearer ${tokens.access_token}` } })
      ).json()) as { data: { balance: { currency: string; value: string } } };
      const { currency, value } = answered.data.balance;
      expect(toMinor(value)).toBe(total);
      await expect
        .poll(() => savedQueryData(page, JSON.stringify(['wallet', 'balance'])), { message: 'the balance on screen is saved on the phone' })
        .toMatchObject({ balance: { currency, value } });
      // Said when the figure does not come back: what was saved before the start, what after, and
      // what the start logged (a start that could not read the saved data says so).
      const savedBefore = await savedQueries(page);
      const startLog: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') startLog.push(`${message.type()}: ${message.text()}`);
      });
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByText(t('You are offline.'))).toBeVisible();
      // The figure the person last saw, with the goodwill credit: not one from earlier in the week.
      await expect(balance)
        .toHaveText(money(total))
        .catch(async (error: unknown) => {
          const savedAfter = await savedQueries(page).catch((reason: unknown) => [String(reason)]);
          throw new Error(
            [String(error), `saved before: ${savedBefore.join(', ')}`, `saved after: ${savedAfter.join(', ')}`, ...startLog].join('\n'),
          );
        });
      await shot('offline');
      await context.setOffline(false);
    });

    test('Sunday: adds PayPal, withdraws everything, then asks to leave and is shown what is on its way', async ({
      page,
      context,
      request,
    }, testInfo) => {
      test.setTimeout(180_000);
      const email = uniqueEmail(`sunday-${person.country}`);
      const shot = screenshotter(page, testInfo);
      const started = Date.now();
      await signUpViaApi(request, { email, password, country: person.country });
      const code = await verificationCode(email, started);
      const tokens = await tokensFor(request, email, password);
      const verified = await request.post('/api/v2/user/verify_email', {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
        data: { code },
      });
      expect(verified.status(), await verified.text()).toBe(200);
      const credit = await request.post('/api/v2/ops/adjustments', {
        headers: operatorHeaders,
        data: { id: randomUUID(), email, amount: person.credit, comment: "The week's returns" },
      });
      expect(credit.status(), await credit.text()).toBe(201);
      const total = toMinor(person.credit);
      await signIn(context, request, email, password);
      const account = new AccountPage(page, person.locale);
      await account.goto(person.country);
      await expect(account.balanceAmount).toHaveText(money(total));
      const methods = new PaymentMethodDialog(page);
      const { dialog } = methods;
      await methods.button.click();
      await methods.option('PAYPAL').getByRole('button').click();
      await dialog.getByLabel(t('PayPal email')).fill('camille.paypal@example.com');
      await dialog.getByRole('button', { name: t('Save') }).click();
      await expect(dialog.getByRole('radio', { name: /PayPal/ })).toBeChecked();
      await dialog.getByRole('button', { name: t('Close') }).click();
      await account.goToWithdraw();
      const everything = person.currency === 'JPY' ? String(total) : person.typed((total / 100).toFixed(2));
      const withdraw = new WithdrawPage(page, person.locale);
      await withdraw.withdraw(everything);
      await expect(withdraw.balance).toHaveText(money(0));
      // The confirmations float over the page for a few seconds; the page under them is checked once they are gone.
      const confirmation = page.getByTestId('notification');
      await page.screenshot({ path: testInfo.outputPath(`week-withdraw-sent-${person.locale}-360.png`) });
      await expect(confirmation).toHaveCount(0, { timeout: 15_000 });
      await shot('withdraw');

      // And wishes to leave: told what is still on its way, with the way to it.
      await page.goto(`${prefix}/user/profile`);
      const deletion = page.getByRole('region', { name: t('Delete my account') });
      await deletion.getByRole('checkbox').first().check();
      await deletion.getByLabel(t('Your password')).fill(password);
      await deletion.getByRole('button', { name: t('Delete my account') }).click();
      const blocked = deletion.getByTestId('deletion-blocked');
      await expect(blocked.getByRole('link', { name: t('See my withdrawals') })).toBeVisible();
      await shot('delete');
      const me = await request.post('/api/v2/oauth/token', { data: { grant_type: 'password', email, password } });
      expect(me.status(), 'the account is still there').toBe(200);
    });
  });
}
