import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, signIn, test, tokensFor } from './support/fixtures';
import { checkIn, firstProduct, issueContainers } from './support/ops';
import { AccountPage } from './support/pages/account-page';
import { WithdrawPage } from './support/pages/withdraw-page';
import { scanViaApi } from './support/privacy';
import { customerWithBalance } from './support/withdrawals';
import { e2ePassword } from './support/test-password';

// What a new customer meets with a small balance, at 360 px in French and Japanese: leaving the
// programme, the account page's first screen and the withdraw form (docs/product.md, Account
// deletion and Withdrawals and fees).

const phone = { width: 360, height: 740 };

// Each test walks several screens against a server shared with the rest of the suite.
test.describe.configure({ timeout: 90_000 });

/** A viewport shot kept with the test results, for a person to look at. */
async function keepShot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

/** A PayPal destination saved through the API, so that the withdraw form can continue. */
async function savePaypal(request: APIRequestContext, email: string) {
  const tokens = await tokensFor(request, email, e2ePassword);
  const saved = await request.post('/api/v2/payment_methods/PAYPAL', {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
    data: { email: `paypal.${email}` },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test.describe('in French at 360 px', () => {
  test.use({ viewport: phone, locale: 'fr-FR' });

  test('with a few cents on the balance a customer can still leave: the pending return is named, then the balance is given up', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const email = await customerWithBalance(request, { country: 'fr', amount: '0.50', verified: false });
    const tokens = await signIn(context, request, email, e2ePassword);
    const product = await firstProduct(request, 'fr', 'fr');
    const [code] = await issueContainers(request, product.id, 1);
    await scanViaApi(request, tokens.access_token, code!);

    const form = page.getByRole('region', { name: 'Supprimer mon compte' });
    const refusal = form.getByTestId('deletion-blocked');
    const submit = async () => {
      await form
        .getByRole('checkbox', { name: 'Je comprends que mon compte et mes données personnelles seront supprimés définitivement.' })
        .check();
      await form.getByLabel('Votre mot de passe').fill(e2ePassword);
      await form.getByRole('button', { name: 'Supprimer mon compte' }).click();
    };

    await page.goto('/fr/user/profile');
    await submit();
    await expect(refusal).toContainText('Des contenants que vous avez rendus attendent encore leur enregistrement');
    await expect(refusal).toBeFocused();
    await expect(refusal.getByRole('link', { name: 'Envoyer ma demande de suppression au service client' })).toBeVisible();
    await refusal.getByRole('link', { name: 'Voir mes retours en attente' }).click();
    await expect(page).toHaveURL(/\/fr\/user\/account$/);

    // Checked in, the return adds its deposit: the balance stays below the 5 € minimum.
    await checkIn(request, [code!]);
    await page.goto('/fr/user/profile');
    await submit();
    await expect(refusal).toContainText('Votre solde est inférieur au retrait minimum et ne peut donc pas être versé.');
    await expect(refusal).toContainText(/Les retraits commencent à 5,00\s€\./);
    // No way out that cannot succeed.
    await expect(refusal.getByRole('link', { name: 'Retirer mon solde' })).toHaveCount(0);
    const giveUp = form.getByRole('checkbox', { name: /^Je renonce à mon solde restant de \d+,\d\d\s€\. Il ne me sera pas versé\.$/ });
    await expect(giveUp).toBeVisible();
    await expectAccessible(page, 'deletion below the minimum withdrawal');
    await refusal.scrollIntoViewIfNeeded();
    await keepShot(page, testInfo, 'deletion-small-balance-fr-FR');

    // Without the second box nothing is given up, and the refusal stays.
    await form.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await expect(refusal).toContainText('Votre solde est inférieur au retrait minimum');
    await giveUp.check();
    await Promise.all([page.waitForEvent('load'), form.getByRole('button', { name: 'Supprimer mon compte' }).click()]);
    await expect(page).toHaveURL(/\/fr\/thank-you\?reason=account-deleted$/);
    const login = await request.post('/api/v2/oauth/token', { data: { grant_type: 'password', email, password: e2ePassword } });
    expect(login.status()).toBe(400);
  });

  test('below the minimum the account page and the withdraw page say 5 € instead of offering the form', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const email = await customerWithBalance(request, { country: 'fr', amount: '0.45', verified: true });
    await signIn(context, request, email, e2ePassword);

    const account = new AccountPage(page, 'fr-FR');
    await account.goto('fr');
    await expect(account.balance).toContainText('0,45');
    await expect(account.withdrawMinimum).toHaveText(/^Vous pourrez retirer votre solde dès qu’il atteindra 5,00\s€\.$/);
    await expect(account.withdrawLink).toHaveCount(0);
    await keepShot(page, testInfo, 'account-small-balance-fr-FR');

    const withdraw = new WithdrawPage(page, 'fr-FR');
    await withdraw.goto('fr');
    await expect(withdraw.belowMinimum).toContainText(/Le retrait minimum est de 5,00\s€\./);
    await expect(withdraw.amount).toHaveCount(0);
    await expectAccessible(page, 'withdraw page below the minimum');
    await keepShot(page, testInfo, 'withdraw-below-minimum-fr-FR');
  });

  test('an amount under the minimum is refused as under the minimum, one over the balance as over it', async ({
    page,
    context,
    request,
  }) => {
    const email = await customerWithBalance(request, { country: 'fr', amount: '10.00', verified: true });
    await savePaypal(request, email);
    await signIn(context, request, email, e2ePassword);
    const withdraw = new WithdrawPage(page, 'fr-FR');
    await withdraw.goto('fr');

    await withdraw.askFor('3');
    await withdraw.expectRefused('Ce montant est inférieur au retrait minimum.');
    await expect(withdraw.amount).toBeFocused();
    await withdraw.askFor('20');
    await withdraw.expectRefused('Vous pouvez retirer au plus votre solde, soit 10,00');
    await withdraw.askFor('7,50');
    await expect(withdraw.confirmation).toContainText('7,50');
  });
});

test.describe('in Japanese at 360 px', () => {
  test.use({ viewport: phone, locale: 'ja-JP' });

  test('the account page opens on the balance and its actions; news and notifications come after, in the shell too', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const email = await customerWithBalance(request, { country: 'jp', amount: '1200', verified: true });
    await signIn(context, request, email, e2ePassword);
    const account = new AccountPage(page, 'ja-JP');
    await account.goto('jp');

    await expect(account.balance).toContainText('1,200');
    await expect(page.getByRole('heading', { name: '残高' })).toBeInViewport();
    await expect(account.balance).toBeInViewport();
    await expect(account.withdrawLink).toBeInViewport();
    // Sections mount, and mount again, as their data arrives (news after the balance): a heading may be
    // replaced between two looks, so its place is asked until one answer comes.
    const top = async (name: string) => {
      const heading = page.getByRole('heading', { name, exact: true });
      let y: number | undefined;
      await expect.poll(async () => (y = (await heading.boundingBox())?.y)).toBeDefined();
      return y!;
    };
    expect(await top('残高')).toBeLessThan(await top('返却を記録する'));
    expect(await top('返却を記録する')).toBeLessThan(await top('お知らせ'));
    expect(await top('お知らせ')).toBeLessThan(await top('履歴'));
    await keepShot(page, testInfo, 'account-first-screen-ja-JP');

    // The prerendered shell, before the app's scripts run, has the same order: nothing jumps.
    await page.route('**/assets/**', (route) => route.abort());
    await page.reload();
    await expect(page.locator('#root')).toHaveAttribute('data-signed-in-shell', 'ja-JP');
    await expect(page.getByRole('heading', { name: '残高' })).toBeInViewport();
    expect(await top('残高')).toBeLessThan(await top('お知らせ'));
    expect(await top('お知らせ')).toBeLessThan(await top('履歴'));
  });

  test('the withdraw form explains that yen are whole and reads full-width digits', async ({ page, context, request }, testInfo) => {
    const email = await customerWithBalance(request, { country: 'jp', amount: '2000', verified: true });
    await savePaypal(request, email);
    await signIn(context, request, email, e2ePassword);
    const withdraw = new WithdrawPage(page, 'ja-JP');
    await withdraw.goto('jp');

    await withdraw.askFor('1000.5');
    await withdraw.expectRefused('円の金額に小数は使えません。1000のように整数で入力してください。');
    await expect(page.getByText('金額を入力してください。')).toHaveCount(0);
    await keepShot(page, testInfo, 'withdraw-whole-yen-ja-JP');

    await withdraw.askFor('300');
    await withdraw.expectRefused('この金額は最低出金額を下回っています。');

    await withdraw.askFor('１０００');
    await expect(withdraw.confirmation).toContainText('1,000');
    await expect(withdraw.fee).toHaveText('￥249');
  });
});
