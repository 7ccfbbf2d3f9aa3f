import type { Locator, Page } from '@playwright/test';
import type { Wording } from '../texts';

const french = {
  title: 'Mot de passe oublié ?',
  email: 'Adresse e-mail',
  send: 'Envoyez-moi un lien',
  sentTitle: 'Consultez votre boîte de réception',
  mistyped: 'Adresse e-mail mal saisie ? Réessayez',
  done: 'Terminé',
};

const text = {
  en: {
    title: 'Forgot your password?',
    email: 'Email',
    send: 'Send me a link',
    sentTitle: 'Check your inbox',
    mistyped: 'Mistyped your email? Try again',
    done: 'Done',
  },
  fr: french,
  'fr-CA': { ...french, email: 'Adresse courriel', mistyped: 'Adresse courriel mal saisie ? Réessayez' },
  ja: {
    title: 'パスワードをお忘れですか？',
    email: 'メールアドレス',
    send: 'リンクを送信',
    sentTitle: '受信トレイをご確認ください',
    mistyped: 'メールアドレスを間違えましたか？もう一度入力する',
    done: '完了',
  },
} satisfies Record<Wording, Record<string, string>>;

/**
 * The login screen's "forgot your password" dialog, in its two steps: the address to send the
 * link to (`dialog`), then "check your inbox" (`sent`).
 */
export class ForgotPasswordDialog {
  readonly dialog: Locator;
  readonly email: Locator;
  readonly sendButton: Locator;
  /** The second step, once the link is on its way. */
  readonly sent: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Wording = 'en',
  ) {
    const words = text[lang];
    this.dialog = page.getByRole('dialog', { name: words.title });
    this.email = this.dialog.getByLabel(words.email);
    this.sendButton = this.dialog.getByRole('button', { name: words.send });
    this.sent = page.getByRole('dialog', { name: words.sentTitle });
  }

  /** Asks for the link, for this address or (without one) for whatever the field holds. */
  async requestLink(email?: string) {
    if (email !== undefined) await this.email.fill(email);
    await this.sendButton.click();
  }

  /** From "check your inbox", back to the address to correct it. */
  async correctTheAddress() {
    await this.sent.getByRole('button', { name: text[this.lang].mistyped }).click();
  }

  async done() {
    await this.sent.getByRole('button', { name: text[this.lang].done }).click();
  }
}
