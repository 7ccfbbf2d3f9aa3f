import type { Locator, Page } from '@playwright/test';
import type { Lang } from '../texts';

const text = {
  en: { newCode: 'Send me a new code' },
  fr: { newCode: 'Envoyez-moi un nouveau code' },
  ja: { newCode: '新しいコードを送信' },
} satisfies Record<Lang, Record<string, string>>;

/** Where a wrong or stale verification link lands (`/user/verification-error`). */
export class VerificationErrorPage {
  readonly heading: Locator;
  readonly newCodeButton: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'en',
  ) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.newCodeButton = page.getByRole('button', { name: text[lang].newCode });
  }

  async goto(path = '/user/verification-error') {
    await this.page.goto(path);
  }

  async askForANewCode() {
    await this.newCodeButton.click();
  }
}
