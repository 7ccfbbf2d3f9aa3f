import type { Locator, Page } from '@playwright/test';
import type { Lang } from '../texts';

const text = {
  en: { code: 'Verification code', verify: 'Verify', codeSentTo: (email: string) => `We sent a 4-digit code to ${email}.` },
  fr: {
    code: 'Code de vérification',
    verify: 'Vérifier',
    codeSentTo: (email: string) => `Nous avons envoyé un code à 4 chiffres à ${email}.`,
  },
  ja: { code: '確認コード', verify: '確認する', codeSentTo: (email: string) => `${email} に4桁のコードをお送りしました。` },
} satisfies Record<Lang, { code: string; verify: string; codeSentTo: (email: string) => string }>;

/** Where a new customer types the 4-digit code the verification mail holds (`/user/verify-email`). */
export class VerifyEmailPage {
  readonly codeField: Locator;
  readonly verifyButton: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'en',
  ) {
    const words = text[lang];
    this.codeField = page.getByLabel(words.code);
    this.verifyButton = page.getByRole('button', { name: words.verify, exact: true });
  }

  async goto(path = '/user/verify-email') {
    await this.page.goto(path);
  }

  /** The line that says where the code went. */
  codeSentTo(email: string): Locator {
    return this.page.getByText(text[this.lang].codeSentTo(email));
  }

  /** Types the code and sends it with the button, or with Enter in the field. */
  async enterCode(code: string, { submitWith = 'button' }: { submitWith?: 'button' | 'enter' } = {}) {
    await this.codeField.fill(code);
    if (submitWith === 'enter') await this.codeField.press('Enter');
    else await this.verifyButton.click();
  }
}
