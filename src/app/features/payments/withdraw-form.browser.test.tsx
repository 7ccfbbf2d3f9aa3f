import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { fakeApi, signIn } from '../../testing/fake-network';
import { renderComponent, testLocales } from '../../testing/render';
import { WithdrawForm } from './withdraw-form';

const paymentMethods = {
  data: {
    withdraw_type: 'PAYPAL',
    available_methods: ['PAYPAL', 'TRANSFERWISE'],
    transfer_wise_data: null,
    paypalWithdrawData: { email: 'h•••@example.com', updated_at: '2026-11-01T10:00:00.000Z' },
    lineData: null,
  },
};

/** What a person reads in each language: the label, the button, the error and the confirmation's title. */
const texts = {
  'en-US': {
    amount: 'Amount to withdraw',
    continue: 'Continue',
    aboveBalance: 'The most you can withdraw is your balance, $12.00.',
    belowMinimum: 'This amount is below the minimum withdrawal.',
    confirmTitle: 'Confirm your withdrawal',
    confirm: 'Confirm withdrawal',
  },
  'fr-FR': {
    amount: 'Montant à retirer',
    continue: 'Continuer',
    aboveBalance: 'Vous pouvez retirer au plus votre solde, soit 12,00',
    belowMinimum: 'Ce montant est inférieur au retrait minimum.',
    confirmTitle: 'Confirmez votre retrait',
    confirm: 'Confirmer le retrait',
  },
  'ja-JP': {
    amount: '出金額',
    continue: '次へ',
    aboveBalance: '出金できるのは残高の$12.00までです。',
    belowMinimum: 'この金額は最低出金額を下回っています。',
    confirmTitle: '出金内容の確認',
    confirm: '出金を確定',
  },
} as const;

describe('withdraw form', () => {
  for (const locale of testLocales) {
    const text = texts[locale];

    it(`${locale}: an amount above the balance is refused under the field, announced with it and focused`, async () => {
      signIn();
      fakeApi({ 'GET /payment_methods': { status: 200, body: paymentMethods } });
      await renderComponent(<WithdrawForm countryCode="us" balance={{ value: '12.00', currency: 'USD' }} />, { locale });
      const amount = page.getByRole('textbox', { name: text.amount });
      await amount.fill('100');
      await page.getByRole('button', { name: text.continue }).click();

      await expect.element(amount).toHaveAttribute('aria-invalid', 'true');
      await expect.element(amount).toHaveAccessibleDescription(expect.stringContaining(text.aboveBalance));
      await expect.element(amount).toHaveFocus();
      await expect.element(page.getByText(text.aboveBalance)).toBeVisible();

      // Corrected, it goes on to the confirmation and the error is gone.
      await amount.fill('5');
      await page.getByRole('button', { name: text.continue }).click();
      await expect.element(page.getByRole('heading', { name: text.confirmTitle })).toBeVisible();
    });
  }

  it('a withdrawal the server refuses for its amount returns to the amount, with the reason and the focus there', async () => {
    signIn();
    const api = fakeApi({
      'GET /payment_methods': { status: 200, body: paymentMethods },
      'POST /withdrawals': {
        status: 422,
        body: { error: { code: 'VALIDATION_FAILED', message: 'Invalid input', fields: { amount: 'amountBelowMinimum' } } },
      },
    });
    await renderComponent(<WithdrawForm countryCode="us" balance={{ value: '12.00', currency: 'USD' }} />, { locale: 'fr-FR' });
    await page.getByRole('textbox', { name: texts['fr-FR'].amount }).fill('5');
    await page.getByRole('button', { name: texts['fr-FR'].continue }).click();
    await page.getByRole('button', { name: texts['fr-FR'].confirm }).click();

    const amount = page.getByRole('textbox', { name: texts['fr-FR'].amount });
    await expect.element(amount).toHaveFocus();
    await expect.element(amount).toHaveAttribute('aria-invalid', 'true');
    await expect.element(amount).toHaveAccessibleDescription(expect.stringContaining(texts['fr-FR'].belowMinimum));
    // The amount typed is still there to correct, and the request carried it with its key.
    await expect.element(amount).toHaveValue('5');
    expect(api.to('POST /withdrawals')).toHaveLength(1);
    expect(api.to('POST /withdrawals')[0]?.body).toEqual({ amount: '5.00' });
    await userEvent.keyboard('0');
    await expect.element(amount).toHaveValue('50');
  });
});
