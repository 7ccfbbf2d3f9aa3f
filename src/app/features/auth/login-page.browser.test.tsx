import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../testing/fake-network';
import { renderPage, testLocales, testPrefixOf } from '../../testing/render';

// The login form lives in its route file (routes/{-$country}/login.tsx): rendered as the app's page.

const texts = {
  'en-US': {
    email: 'Email',
    password: 'Password',
    submit: 'Log in',
    enterEmail: 'Please enter your email address.',
    enterPassword: 'Please enter your password.',
    failed: 'Login failed',
    incorrect: 'The email or password is incorrect.',
    forgot: 'Forgot your password?',
  },
  'fr-FR': {
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    enterEmail: 'Veuillez saisir votre adresse e-mail.',
    enterPassword: 'Veuillez saisir votre mot de passe.',
    failed: 'Échec de la connexion',
    incorrect: 'L’adresse e-mail ou le mot de passe est incorrect.',
    forgot: 'Mot de passe oublié',
  },
  'ja-JP': {
    email: 'メールアドレス',
    password: 'パスワード',
    submit: 'ログイン',
    enterEmail: 'メールアドレスを入力してください。',
    enterPassword: 'パスワードを入力してください。',
    failed: 'ログインできませんでした',
    incorrect: 'メールアドレスまたはパスワードが正しくありません。',
    forgot: 'パスワードをお忘れですか',
  },
} as const;

describe('login page', () => {
  for (const locale of testLocales) {
    const text = texts[locale];

    it(`${locale}: an empty form shows each field's error, tied to its field, and focuses the email`, async () => {
      const api = fakeApi({});
      await renderPage(`/${testPrefixOf[locale]}/login`, { locale });
      const main = page.getByRole('main');
      await main.getByRole('button', { name: text.submit, exact: true }).click();

      const email = main.getByRole('textbox', { name: text.email, exact: true });
      const password = main.getByLabelText(text.password, { exact: true });
      await expect.element(email).toHaveFocus();
      await expect.element(email).toHaveAttribute('aria-invalid', 'true');
      await expect.element(email).toHaveAccessibleDescription(text.enterEmail);
      await expect.element(password).toHaveAttribute('aria-invalid', 'true');
      await expect.element(password).toHaveAccessibleDescription(text.enterPassword);
      // Nothing was sent: the phone checked it with the server's rules.
      expect(api.to('POST /oauth/token')).toHaveLength(0);
    });
  }

  for (const locale of ['fr-FR', 'ja-JP'] as const) {
    const text = texts[locale];

    it(`${locale}: refused credentials are said in the form, with the focus on the notice, and the typing stays`, async () => {
      const api = fakeApi({
        'POST /oauth/token': { status: 400, body: { error: { code: 'INVALID_GRANT', message: 'invalid_grant', fields: {} } } },
      });
      await renderPage(`/${testPrefixOf[locale]}/login`, { locale });
      const main = page.getByRole('main');
      const email = main.getByRole('textbox', { name: text.email, exact: true });
      await email.fill('hana@example.com');
      await main.getByLabelText(text.password, { exact: true }).fill('not the password');
      await main.getByRole('button', { name: text.submit, exact: true }).click();

      const failure = main.getByTestId('login-failure');
      await expect.element(failure).toHaveFocus();
      await expect.element(failure).toHaveTextContent(text.failed);
      await expect.element(failure).toHaveTextContent(text.incorrect);
      await expect.element(email).toHaveValue('hana@example.com');
      await expect.element(email).not.toHaveAttribute('aria-invalid');
      expect(api.to('POST /oauth/token')[0]?.body).toMatchObject({
        grant_type: 'password',
        email: 'hana@example.com',
        password: 'not the password',
      });

      // The forgotten-password dialog starts from the address typed in the form.
      await main.getByRole('button', { name: new RegExp(text.forgot) }).click();
      await expect
        .element(page.getByRole('dialog').getByRole('textbox', { name: text.email, exact: true }))
        .toHaveValue('hana@example.com');
    });
  }
});
