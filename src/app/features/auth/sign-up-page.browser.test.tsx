import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../testing/fake-network';
import { renderPage, testLocales, testPrefixOf } from '../../testing/render';

// The sign-up form lives in its route file (routes/{-$country}/signup.tsx): rendered as the app's page.

const texts = {
  'en-US': {
    name: 'Name',
    email: 'Email',
    password: 'Password',
    zip: 'Zip code',
    submit: 'Sign up',
    required: 'This field is required.',
    enterEmail: 'Please enter your email address.',
    enterPassword: 'Please enter your password.',
    zipTooShort: 'Your zip code must be at least 5 characters long.',
    acceptTerms: 'Please accept the terms and conditions',
  },
  'fr-FR': {
    name: 'Nom',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    zip: 'Code postal',
    submit: 'S’inscrire',
    required: 'Ce champ est obligatoire.',
    enterEmail: 'Veuillez saisir votre adresse e-mail.',
    enterPassword: 'Veuillez saisir votre mot de passe.',
    zipTooShort: 'Votre code postal doit contenir au moins 5 caractères.',
    acceptTerms: 'Veuillez accepter les conditions générales',
  },
  'ja-JP': {
    name: '氏名',
    email: 'メールアドレス',
    password: 'パスワード',
    zip: '郵便番号',
    submit: '新規登録',
    required: 'この項目は必須です。',
    enterEmail: 'メールアドレスを入力してください。',
    enterPassword: 'パスワードを入力してください。',
    zipTooShort: '郵便番号は5文字以上で入力してください。',
    acceptTerms: '利用規約に同意してください',
  },
} as const;

describe('sign-up page', () => {
  for (const locale of testLocales) {
    const text = texts[locale];

    it(`${locale}: an empty form shows every field's error, tied to its field, and focuses the first`, async () => {
      const api = fakeApi({});
      await renderPage(`/${testPrefixOf[locale]}/signup`, { locale });
      const form = page.getByRole('main');
      await form.getByRole('button', { name: text.submit, exact: true }).click();

      const name = form.getByRole('textbox', { name: text.name, exact: true });
      await expect.element(name).toHaveFocus();
      const expected = [
        [name, text.required],
        [form.getByRole('textbox', { name: text.email, exact: true }), text.enterEmail],
        [form.getByLabelText(text.password, { exact: true }), text.enterPassword],
        [form.getByRole('textbox', { name: text.zip, exact: true }), text.zipTooShort],
        [form.getByRole('checkbox'), text.acceptTerms],
      ] as const;
      for (const [field, error] of expected) {
        await expect.element(field).toHaveAttribute('aria-invalid', 'true');
        await expect.element(field).toHaveAccessibleDescription(expect.stringContaining(error));
      }
      // Nothing was sent: the phone checked it with the server's rules.
      expect(api.to('POST /user')).toHaveLength(0);
    });
  }

  it('an email already taken is said under the email field in the server’s words, with the focus there', async () => {
    const api = fakeApi({
      'POST /user': {
        status: 422,
        body: { error: { code: 'EMAIL_TAKEN', message: 'Cette adresse e-mail est déjà utilisée.', fields: { email: 'invalidValue' } } },
      },
    });
    await renderPage('/fr/signup', { locale: 'fr-FR' });
    const form = page.getByRole('main');
    const text = texts['fr-FR'];
    await form.getByRole('textbox', { name: text.name, exact: true }).fill('Hana Dupont');
    await form.getByRole('textbox', { name: text.email, exact: true }).fill('hana@example.com');
    await form.getByLabelText(text.password, { exact: true }).fill('long enough password');
    await form.getByRole('textbox', { name: text.zip, exact: true }).fill('75011');
    await form.getByRole('checkbox').click();
    await form.getByRole('button', { name: text.submit, exact: true }).click();

    const email = form.getByRole('textbox', { name: text.email, exact: true });
    await expect.element(email).toHaveFocus();
    await expect.element(email).toHaveAttribute('aria-invalid', 'true');
    await expect.element(email).toHaveAccessibleDescription('Cette adresse e-mail est déjà utilisée.');
    await expect.element(form.getByRole('textbox', { name: text.name, exact: true })).not.toHaveAttribute('aria-invalid');
    expect(api.to('POST /user')[0]?.body).toMatchObject({
      name: 'Hana Dupont',
      email: 'hana@example.com',
      zip_code: '75011',
      country_code: 'fr',
      locale: 'fr-FR',
      terms_accepted: true,
    });
  });
});
