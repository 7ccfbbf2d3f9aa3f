import type { Locator, Page } from '@playwright/test';
import type { Lang } from '../texts';

const text = {
  en: { newPassword: 'New password', confirm: 'Confirm the new password', save: 'Save my new password' },
  fr: { newPassword: 'Nouveau mot de passe', confirm: 'Confirmez le nouveau mot de passe', save: 'Enregistrer mon nouveau mot de passe' },
  ja: { newPassword: '新しいパスワード', confirm: '新しいパスワード（確認）', save: '新しいパスワードを保存' },
} satisfies Record<Lang, Record<string, string>>;

/** Where the mailed reset link leads (`/reset-password?token=…`). */
export class ResetPasswordPage {
  readonly heading: Locator;
  readonly newPassword: Locator;
  readonly confirmation: Locator;
  readonly saveButton: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'en',
  ) {
    const words = text[lang];
    this.heading = page.getByRole('heading', { level: 1 });
    this.newPassword = page.getByLabel(words.newPassword, { exact: true });
    this.confirmation = page.getByLabel(words.confirm);
    this.saveButton = page.getByRole('button', { name: words.save });
  }

  /** Follows a mailed link (only its path and query: the test server's origin is the base URL). */
  async open(link: URL | string) {
    await this.page.goto(typeof link === 'string' ? link : `${link.pathname}${link.search}`);
  }

  /** Types the new password and its confirmation (the same unless told), then saves. */
  async choose(password: string, confirmation = password) {
    await this.newPassword.fill(password);
    await this.confirmation.fill(confirmation);
    await this.save();
  }

  async save() {
    await this.saveButton.click();
  }
}
