import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi, signIn } from '../../testing/fake-network';
import { renderComponent, testLocales } from '../../testing/render';
import { PaymentMethodForm } from './payment-method-form';

const texts = {
  'en-US': {
    routing: 'ACH routing number',
    account: 'Account number',
    accountType: 'Account type',
    save: 'Save',
    routingInvalid: 'Please enter a valid 9-digit ACH routing number.',
    required: 'This field is required.',
    iban: 'IBAN',
    ibanInvalid: 'Please enter a valid IBAN.',
    password: 'Your Roundtrip password',
  },
  'fr-FR': {
    routing: 'Numéro de routage ACH',
    account: 'Numéro de compte',
    accountType: 'Type de compte',
    save: 'Enregistrer',
    routingInvalid: 'Veuillez saisir un numéro de routage ACH valide à 9 chiffres.',
    required: 'Ce champ est obligatoire.',
    iban: 'IBAN',
    ibanInvalid: 'Veuillez saisir un IBAN valide.',
    password: 'Votre mot de passe Roundtrip',
  },
  'ja-JP': {
    routing: 'ACHルーティング番号',
    account: '口座番号',
    accountType: '口座種別',
    save: '保存',
    routingInvalid: '正しい9桁のACHルーティング番号を入力してください。',
    required: 'この項目は必須です。',
    iban: 'IBAN',
    ibanInvalid: '正しいIBANを入力してください。',
    password: 'Roundtrip のパスワード',
  },
} as const;

describe('payout method form', () => {
  for (const locale of testLocales) {
    const text = texts[locale];

    it(`${locale}: a US bank form with a wrong routing number and no account type says both, and focuses the first`, async () => {
      const api = fakeApi({});
      await renderComponent(<PaymentMethodForm countryCode="us" method="TRANSFERWISE" onSaved={() => undefined} />, { locale });
      await page.getByRole('textbox', { name: text.routing }).fill('123456789');
      await page.getByRole('button', { name: text.save }).click();

      const routing = page.getByRole('textbox', { name: text.routing });
      await expect.element(routing).toHaveFocus();
      await expect.element(routing).toHaveAttribute('aria-invalid', 'true');
      // The hint is read too, before the error.
      await expect.element(routing).toHaveAccessibleDescription(expect.stringContaining(text.routingInvalid));
      const accountType = page.getByRole('combobox', { name: text.accountType });
      await expect.element(accountType).toHaveAttribute('aria-invalid', 'true');
      await expect.element(accountType).toHaveAccessibleDescription(text.required);
      expect(api.requests).toHaveLength(0);
    });
  }

  it('asked for the password by the server, it shows the password field with the server’s words and focuses it, then sends it', async () => {
    signIn();
    let asked = 0;
    const api = fakeApi({
      'POST /payment_methods/TRANSFERWISE': () =>
        asked++ === 0
          ? {
              status: 403,
              body: {
                error: {
                  code: 'PASSWORD_REQUIRED',
                  message: 'Saisissez votre mot de passe pour changer le compte qui reçoit vos remboursements',
                  fields: { current_password: 'required' },
                },
              },
            }
          : {
              status: 200,
              body: {
                data: {
                  withdraw_type: 'TRANSFERWISE',
                  available_methods: ['TRANSFERWISE', 'PAYPAL'],
                  transfer_wise_data: {
                    account_number: null,
                    iban: '•••• 0189',
                    name: 'Hana Dupont',
                    bank: null,
                    updated_at: '2026-11-26T10:00:00.000Z',
                  },
                  paypalWithdrawData: null,
                  lineData: null,
                },
              },
            },
    });
    const onSaved = vi.fn();
    await renderComponent(<PaymentMethodForm countryCode="fr" method="TRANSFERWISE" onSaved={onSaved} />, { locale: 'fr-FR' });
    const text = texts['fr-FR'];
    await page.getByRole('textbox', { name: text.iban }).fill('FR76 3000 6000 0112 3456 7890 189');
    await page.getByRole('textbox', { name: 'Nom' }).fill('Hana Dupont');
    await page.getByRole('textbox', { name: 'Adresse' }).fill('1 rue de la Paix, Paris');
    await page.getByRole('button', { name: text.save }).click();

    const password = page.getByLabelText(text.password);
    await expect.element(password).toHaveFocus();
    await expect.element(password).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(password)
      .toHaveAccessibleDescription(
        expect.stringContaining('Saisissez votre mot de passe pour changer le compte qui reçoit vos remboursements'),
      );
    // The other fields keep what was typed, and nothing is in error there.
    await expect.element(page.getByRole('textbox', { name: text.iban })).not.toHaveAttribute('aria-invalid');

    await password.fill('my password');
    await page.getByRole('button', { name: text.save }).click();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(api.to('POST /payment_methods/TRANSFERWISE').map((request) => request.body)).toEqual([
      { iban: 'FR76 3000 6000 0112 3456 7890 189', name: 'Hana Dupont', address: '1 rue de la Paix, Paris' },
      {
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        name: 'Hana Dupont',
        address: '1 rue de la Paix, Paris',
        current_password: 'my password',
      },
    ]);
  });

  it('a wrong IBAN is said under it in every language', async () => {
    for (const locale of testLocales) {
      fakeApi({});
      const { unmount } = await renderComponent(<PaymentMethodForm countryCode="fr" method="TRANSFERWISE" onSaved={() => undefined} />, {
        locale,
      });
      const iban = page.getByRole('textbox', { name: texts[locale].iban });
      await iban.fill('FR00 1234');
      await page.getByRole('button', { name: texts[locale].save }).click();
      await expect.element(iban).toHaveFocus();
      await expect.element(iban).toHaveAccessibleDescription(expect.stringContaining(texts[locale].ibanInvalid));
      await unmount();
    }
  });

  it('editing a Japanese account starts from the account type on file, not from "choose"', async () => {
    fakeApi({});
    await renderComponent(
      <PaymentMethodForm
        countryCode="jp"
        method="TRANSFERWISE"
        saved={{
          account_number: '•••• 567',
          iban: null,
          name: 'ﾔﾏﾀﾞ ﾊﾅｺ',
          bank: '0005-123',
          account_type: 'current',
          updated_at: '2026-11-01T00:00:00.000Z',
        }}
        onSaved={() => undefined}
      />,
      { locale: 'ja-JP' },
    );
    await expect.element(page.getByRole('combobox', { name: texts['ja-JP'].accountType })).toHaveValue('current');
  });

  it('signed in ten minutes ago, adding PayPal asks for the password in the form, before anything is sent', async () => {
    signIn({ passwordSignedInAt: Date.now() - 10 * 60 * 1000 });
    const api = fakeApi({
      'POST /payment_methods/PAYPAL': () => ({
        status: 200,
        body: {
          data: {
            withdraw_type: 'PAYPAL',
            available_methods: ['TRANSFERWISE', 'PAYPAL'],
            transfer_wise_data: null,
            paypalWithdrawData: { email: 'ha•••@example.com', updated_at: '2026-11-26T10:00:00.000Z' },
            lineData: null,
          },
        },
      }),
    });
    const onSaved = vi.fn();
    await renderComponent(<PaymentMethodForm countryCode="jp" method="PAYPAL" onSaved={onSaved} />, { locale: 'ja-JP' });
    const password = page.getByLabelText(texts['ja-JP'].password);
    await expect.element(password).toBeVisible();
    await page.getByRole('textbox', { name: 'PayPalのメールアドレス' }).fill('haruto@example.com');
    await password.fill('my password');
    await page.getByRole('button', { name: texts['ja-JP'].save }).click();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(api.to('POST /payment_methods/PAYPAL').map((request) => request.body)).toEqual([
      { email: 'haruto@example.com', current_password: 'my password' },
    ]);
  });

  it('asked for up front, the password is checked with the other fields on the first submit, and nothing is sent', async () => {
    signIn({ passwordSignedInAt: Date.now() - 10 * 60 * 1000 });
    const api = fakeApi({});
    await renderComponent(<PaymentMethodForm countryCode="jp" method="PAYPAL" onSaved={() => undefined} />, { locale: 'ja-JP' });
    const password = page.getByLabelText(texts['ja-JP'].password);
    await password.fill('x'.repeat(129));
    await page.getByRole('button', { name: texts['ja-JP'].save }).click();

    const email = page.getByRole('textbox', { name: 'PayPalのメールアドレス' });
    await expect.element(email).toHaveFocus();
    await expect.element(email).toHaveAttribute('aria-invalid', 'true');
    await expect.element(password).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toHaveLength(0);
  });
  it('a Japanese bank form asks for a numeric keyboard and reads digits typed full-width', async () => {
    const api = fakeApi({});
    await renderComponent(<PaymentMethodForm countryCode="jp" method="TRANSFERWISE" onSaved={() => undefined} />, { locale: 'ja-JP' });
    const typed = { 銀行コード: '０００５', 支店コード: '１２３', 口座番号: '１２３４５６７' };
    for (const [label, value] of Object.entries(typed)) {
      const field = page.getByRole('textbox', { name: label });
      await expect.element(field).toHaveAttribute('inputmode', 'numeric');
      await field.fill(value);
    }
    await page.getByRole('button', { name: texts['ja-JP'].save }).click();

    // The account type is still to choose: the form was checked, and the full-width digits passed.
    await expect.element(page.getByRole('combobox', { name: texts['ja-JP'].accountType })).toHaveAttribute('aria-invalid', 'true');
    for (const label of Object.keys(typed)) {
      await expect.element(page.getByRole('textbox', { name: label })).not.toHaveAttribute('aria-invalid', 'true');
    }
    expect(api.requests).toHaveLength(0);
  });
});
