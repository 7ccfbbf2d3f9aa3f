import { expect, expectAccessible, notification, signIn, signUpViaApi, test, uniqueEmail } from './support/fixtures';
import { AccountPage } from './support/pages/account-page';
import { PaymentMethodDialog } from './support/pages/payment-method-dialog';
import { WithdrawPage } from './support/pages/withdraw-page';
import { customerWithBalance } from './support/withdrawals';
import { e2ePassword } from './support/test-password';

test.describe('payment methods and withdrawals', () => {
  test('a US customer adds PayPal and a bank account, makes the bank the default, withdraws and sees the pending row', async ({
    page,
    context,
    request,
  }) => {
    const email = await customerWithBalance(request, { country: 'us', amount: '20.00', verified: true });
    await signIn(context, request, email, e2ePassword);
    const account = new AccountPage(page);
    await account.goto('us');

    const methods = new PaymentMethodDialog(page);
    const { button, dialog } = methods;
    await expect(button).toHaveText('Add a payment method');
    await button.click();
    await dialog.getByRole('button', { name: 'Add PayPal' }).click();
    await dialog.getByLabel('PayPal email').fill('jamie.paypal@example.com');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page).filter({ hasText: 'Bank data added' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Add Bank account' }).click();
    // The rules run on the phone first: a wrong ABA check digit is named under its field.
    await dialog.getByLabel('ACH routing number').fill('021000022');
    await dialog.getByLabel('Account number').fill('000123456789');
    await dialog.getByLabel('Account type').selectOption('checking');
    await dialog.getByLabel('Name').fill('Jamie Rivera');
    await dialog.getByLabel('Address').fill('1120 SW 5th Ave');
    await dialog.getByLabel('City').fill('Portland');
    await dialog.getByLabel('State').fill('OR');
    await dialog.getByLabel('Zip code').fill('97205');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter a valid 9-digit ACH routing number.')).toBeVisible();
    await expect(dialog.getByLabel('ACH routing number')).toBeFocused();
    await expectAccessible(page, 'US bank form with an error');
    await dialog.getByLabel('ACH routing number').fill('021000021');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(methods.option('TRANSFERWISE')).toContainText('•••• 6789');

    // PayPal, saved first, is the default; the bank becomes it.
    await expect(dialog.getByRole('radio', { name: /PayPal/ })).toBeChecked();
    await dialog.getByRole('radio', { name: /Bank account/ }).check();
    await expect(notification(page).filter({ hasText: 'Default payment method saved' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(button).toHaveText('Bank account •••• 6789');
    // Apart on screen too, not only in the text: the button's flex layout once dropped the space.
    const spaceBetween = await button.evaluate((element) => {
      const name = document.createRange();
      name.selectNodeContents(element.firstChild ?? element);
      const number = element.querySelector('.payment-method__number');
      return number ? number.getBoundingClientRect().left - name.getBoundingClientRect().right : -1;
    });
    expect(spaceBetween).toBeGreaterThanOrEqual(3);

    await account.goToWithdraw();
    await expect(page).toHaveURL(/\/us\/user\/withdraw$/);
    const withdraw = new WithdrawPage(page);
    await expect(withdraw.balance).toHaveText('$20.00');
    await withdraw.askFor('25');
    await withdraw.expectRefused('The most you can withdraw is your balance, $20.00.');
    await withdraw.askFor('12.50');
    await expect(withdraw.fee).toHaveText('$0.00');
    await expectAccessible(page, 'withdrawal confirmation');
    await expect(withdraw.payout).toHaveText('$12.50');
    await expect(withdraw.confirmation).toContainText('Bank account •••• 6789');
    await withdraw.confirm();
    await expect(notification(page).filter({ hasText: 'Your withdrawal request has been sent.' })).toBeVisible();

    await expect(withdraw.balance).toHaveText('$7.50');
    const row = withdraw.pendingWithdrawal;
    await expect(row.locator).toHaveCount(1);
    await expect(row.title).toHaveText('Withdrawal pending');
    await expect(row.amount).toHaveText('-$12.50');
  });

  test('a Japanese customer adds a bank account, sees the 249 yen fee before confirming, and the pending row', async ({
    page,
    context,
    request,
  }) => {
    const email = await customerWithBalance(request, { country: 'jp', amount: '5000', verified: true });
    await signIn(context, request, email, e2ePassword);
    const withdraw = new WithdrawPage(page, 'ja-JP');
    await withdraw.goto('jp');

    const { button, dialog } = new PaymentMethodDialog(page);
    await button.click();
    await dialog.getByRole('button', { name: '追加 銀行口座' }).click();
    await expect(dialog.getByText('8,800円未満の出金には249円の手数料がかかります。')).toBeVisible();
    await dialog.getByLabel('銀行コード').fill('0005');
    await dialog.getByLabel('支店コード').fill('123');
    await dialog.getByLabel('口座種別').selectOption('ordinary');
    await dialog.getByLabel('口座番号').fill('1234567');
    await dialog.getByLabel('口座名義（カナ）').fill('タナカ ユイ');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(notification(page).filter({ hasText: '口座情報を登録しました' })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /銀行口座/ })).toBeChecked();
    await dialog.getByRole('button', { name: '閉じる' }).click();
    await expect(button).toHaveText('銀行口座 •••• 567');

    await withdraw.askFor('3000');
    await expect(withdraw.fee).toHaveText('￥249');
    await expect(withdraw.payout).toHaveText('￥2,751');
    await withdraw.confirm();
    await expect(withdraw.balance).toHaveText('￥2,000');
    const row = withdraw.pendingWithdrawal;
    await expect(row.title).toHaveText('出金処理中');
    await expectAccessible(page, 'Japanese withdraw page');
    await row.open();
    await expect(row.locator).toContainText('249');
  });

  test('an unverified customer is blocked with the message and can ask for a new code', async ({ page, context, request }) => {
    const email = await customerWithBalance(request, { country: 'us', amount: '10.00', verified: false });
    await signIn(context, request, email, e2ePassword);
    const withdraw = new WithdrawPage(page);
    await withdraw.goto('us');
    await expect(withdraw.unverified).toContainText(
      'Please validate your email! You can not do withdrawal request without email validation.',
    );
    await expect(withdraw.amount).toHaveCount(0);
    await withdraw.resendCode();
    await expect(page).toHaveURL(/\/us\/user\/verify-email/);
  });
});

test.describe('the password a destination change may need', () => {
  for (const { country, locale, asked, label } of [
    {
      country: 'fr',
      locale: 'fr-FR',
      asked: 'Saisissez votre mot de passe pour changer le compte qui reçoit vos remboursements',
      label: 'Votre mot de passe Roundtrip',
    },
    { country: 'jp', locale: 'ja-JP', asked: '出金先を変更するには、パスワードを入力してください', label: 'Roundtrip のパスワード' },
  ] as const) {
    test.describe(locale, () => {
      test.use({ locale, viewport: { width: 360, height: 780 } });

      test(`when the server asks for it (${locale}), the form shows the password field and sends it with the destination`, async ({
        page,
        context,
        request,
      }, testInfo) => {
        const email = uniqueEmail(`password-${country}`);
        await signUpViaApi(request, { email, password: e2ePassword, country });
        await signIn(context, request, email, e2ePassword);
        // This session signed in a moment ago, so the server would not ask: answer as it does for an older one.
        const sent: Record<string, unknown>[] = [];
        await page.route('**/api/v2/payment_methods/PAYPAL', async (route) => {
          const body: Record<string, unknown> = route.request().postDataJSON();
          sent.push(body);
          if (body.current_password === undefined) {
            await route.fulfill({
              status: 403,
              contentType: 'application/json',
              body: JSON.stringify({ error: { code: 'PASSWORD_REQUIRED', message: asked, fields: { current_password: 'required' } } }),
            });
            return;
          }
          await route.continue();
        });
        await new AccountPage(page, locale).goto(country);
        const methods = new PaymentMethodDialog(page);
        const { dialog } = methods;
        await methods.button.click();
        await methods.option('PAYPAL').getByRole('button').click();
        await methods.form('PAYPAL').getByRole('textbox').first().fill('e2e.paypal@example.com');
        await methods.form('PAYPAL').getByRole('button').click();
        const password = dialog.getByLabel(label);
        await expect(password).toBeFocused();
        await expect(dialog.getByText(asked)).toBeVisible();
        await expectAccessible(page, `password asked for, ${locale}`);
        await page.screenshot({ path: testInfo.outputPath(`password-asked-${locale}.png`) });
        await password.fill(e2ePassword);
        await methods.form('PAYPAL').getByRole('button').last().click();
        await expect(methods.option('PAYPAL')).toContainText('e2•••@example.com');
        expect(sent.map((body) => body.current_password)).toEqual([undefined, e2ePassword]);
      });
    });
  }
});
