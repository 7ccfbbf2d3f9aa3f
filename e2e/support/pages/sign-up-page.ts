import type { Locator, Page } from '@playwright/test';
import type { Lang } from '../texts';

const text = {
  en: {
    name: 'Name',
    email: 'Email',
    password: 'Password',
    zip: 'Zip code',
    terms: /I accept the terms and conditions/,
    signUp: 'Sign up',
  },
  fr: {
    name: 'Nom',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    zip: 'Code postal',
    terms: /J’accepte les conditions générales/,
    signUp: 'S’inscrire',
  },
  ja: {
    name: '氏名',
    email: 'メールアドレス',
    password: 'パスワード',
    zip: '郵便番号',
    terms: /利用規約とプライバシーポリシーに同意し/,
    signUp: '新規登録',
  },
} satisfies Record<Lang, Record<string, string | RegExp>>;

/** The sign-up screen (`/signup`). */
export class SignUpPage {
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly zip: Locator;
  readonly terms: Locator;
  readonly signUpButton: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'en',
  ) {
    const words = text[lang];
    this.name = page.getByLabel(words.name);
    this.email = page.getByLabel(words.email);
    this.password = page.getByLabel(words.password, { exact: true });
    this.zip = page.getByLabel(words.zip);
    this.terms = page.getByRole('checkbox', { name: words.terms });
    this.signUpButton = page.getByRole('button', { name: words.signUp, exact: true });
  }

  async goto(path = '/signup') {
    await this.page.goto(path);
  }

  /** Fills in every field, accepts the terms and sends the form. */
  async signUp({ name, email, password, zip }: { name: string; email: string; password: string; zip: string }) {
    await this.name.fill(name);
    await this.email.fill(email);
    await this.password.fill(password);
    await this.zip.fill(zip);
    await this.terms.check();
    await this.submit();
  }

  async submit() {
    await this.signUpButton.click();
  }
}
