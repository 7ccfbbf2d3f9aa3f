import type { Locator, Page } from '@playwright/test';
import type { Wording } from '../texts';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { appStarted } from '../fixtures';

const french = {
  heading: 'Se connecter',
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  logIn: 'Se connecter',
  loggingIn: 'Connexion…',
  forgot: 'Mot de passe oublié ?',
};

const text = {
  en: {
    heading: 'Log in',
    email: 'Email',
    password: 'Password',
    logIn: 'Log in',
    loggingIn: 'Logging in…',
    forgot: 'Forgot your password?',
  },
  fr: french,
  'fr-CA': { ...french, email: 'Adresse courriel' },
  ja: {
    heading: 'ログイン',
    email: 'メールアドレス',
    password: 'パスワード',
    logIn: 'ログイン',
    loggingIn: 'ログインしています…',
    forgot: 'パスワードをお忘れですか？',
  },
} satisfies Record<Wording, Record<string, string>>;

/** The login screen (`/login`, `/<country>/login`). */
export class LoginPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly logInButton: Locator;
  /** The submit button while the sign-in is on its way. */
  readonly loggingInButton: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Wording = 'en',
  ) {
    const words = text[lang];
    this.heading = page.getByRole('heading', { level: 1 });
    this.email = page.getByLabel(words.email);
    this.password = page.getByLabel(words.password, { exact: true });
    this.logInButton = page.getByRole('button', { name: words.logIn, exact: true });
    this.loggingInButton = page.getByRole('button', { name: words.loggingIn });
  }

  /** Opens the screen; `path` may carry a country prefix or a query (`/fr/login`, `/login?locale=fr-FR`). */
  /**
   * Opens the page and waits until the app has taken the prerendered form over: a click before then
   * lands on static markup and is lost (the forgot-password dialog never opened, once, in CI).
   */
  async goto(path = '/login') {
    await this.page.goto(path);
    await appStarted(this.page);
  }

  /** Types the credentials and sends them with the button, or with Enter in the password field as people often do. */
  async logIn(email: string, password: string, { submitWith = 'button' }: { submitWith?: 'button' | 'enter' } = {}) {
    await this.email.fill(email);
    await this.password.fill(password);
    if (submitWith === 'enter') await this.password.press('Enter');
    else await this.submit();
  }

  async submit() {
    await this.logInButton.click();
  }

  async openForgotPassword(): Promise<ForgotPasswordDialog> {
    await this.page.getByRole('button', { name: text[this.lang].forgot }).click();
    return new ForgotPasswordDialog(this.page, this.lang);
  }
}
