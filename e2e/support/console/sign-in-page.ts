import type { Locator, Page } from '@playwright/test';
import { expect, notification } from '../fixtures';
import { ConsoleWords, messagePattern } from './words';
import { ConsoleScreen } from './console-screen';

/** The operators' sign-in (`/ops/sign-in`): email, password and an authenticator code, or a passkey. */
export class ConsoleSignInPage extends ConsoleScreen {
  protected readonly path = '/sign-in';
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly code: Locator;
  readonly signInButton: Locator;
  readonly passkeyButton: Locator;
  /** "Sign-in failed", focused, in the operator's language. */
  readonly refusal: Locator;
  /** Said when the server ended the session the console held (idle, ended by an admin). */
  readonly sessionEnded: Locator;

  constructor(page: Page, locale: string) {
    super(page, locale);
    const { t } = this;
    this.heading = page.getByRole('heading', { level: 1, name: t('Operator login') });
    const form = page.locator('main form').first();
    this.email = form.getByRole('textbox', { name: t('Email'), exact: true });
    this.password = form.getByLabel(t('Password'), { exact: true });
    this.code = form.getByRole('textbox', { name: messagePattern(t('Authenticator code'), { whole: true }) });
    this.signInButton = form.getByRole('button', { name: t('Log in'), exact: true });
    this.passkeyButton = page.getByRole('button', { name: t('Log in with a passkey') });
    this.refusal = page.getByRole('alert').filter({ hasText: t('Login failed') });
    this.sessionEnded = notification(page).filter({ hasText: t('Your session has ended') });
  }

  override async goto(country?: string): Promise<void> {
    await super.goto(country);
    await expect(this.heading).toBeVisible();
  }

  async signIn(email: string, password: string, code: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.code.fill(code);
    await this.signInButton.click();
  }

  /** A code typed again (the one taken already) is refused: the next one is typed in its place. */
  async tryCode(code: string): Promise<void> {
    await this.code.fill(code);
    await this.signInButton.click();
  }

  async signInWithPasskey(): Promise<void> {
    await this.passkeyButton.click();
  }
}

/** The invitation's page (`/ops/join#…`): the authenticator's key, a password, the first code. */
export class JoinPage {
  readonly heading: Locator;
  readonly secret: Locator;
  readonly password: Locator;
  readonly code: Locator;
  readonly setUpButton: Locator;
  readonly ready: Locator;
  readonly toSignIn: Locator;

  constructor(
    readonly page: Page,
    readonly locale: string,
  ) {
    const words = new ConsoleWords(locale);
    const t = (english: string) => words.text(english);
    this.heading = page.getByRole('heading', { level: 1, name: t("Join the operators' console") });
    this.secret = page.getByTestId('ops-totp-secret');
    const form = page.locator('main form');
    this.password = form.getByLabel(t('Password'), { exact: true });
    this.code = form.getByRole('textbox', { name: messagePattern(t('Authenticator code'), { whole: true }) });
    this.setUpButton = form.getByRole('button', { name: t('Set up my account') });
    this.ready = page.getByText(t('Your account is ready.'));
    this.toSignIn = page.getByRole('link', { name: t('Log in with your email, password and a new authenticator code') });
  }

  /** The authenticator's key as the page shows it, without its spaces. */
  async secretKey(): Promise<string> {
    return ((await this.secret.textContent()) ?? '').replace(/\s/g, '');
  }

  async join(password: string, code: string): Promise<void> {
    await this.password.fill(password);
    await this.code.fill(code);
    await this.setUpButton.click();
    await expect(this.ready).toBeVisible();
  }
}
