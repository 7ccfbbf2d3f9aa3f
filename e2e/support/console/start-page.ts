import type { Locator, Page } from '@playwright/test';
import { ConsoleWords } from './words';
import { ConsoleScreen } from './console-screen';

/** The console's start page (`/ops/`): the areas of the operator's roles, their passkeys and their mails. */
export class ConsoleStartPage extends ConsoleScreen {
  protected readonly path = '/';
  readonly heading: Locator;
  readonly addPasskey: Locator;
  readonly passkeyAdded: Locator;
  readonly passkeys: Locator;
  readonly noPasskey: Locator;
  readonly mails: MailNoticesSection;

  constructor(page: Page, locale: string) {
    super(page, locale);
    const { t } = this;
    this.heading = page.getByRole('heading', { level: 1, name: t("Operators' console") });
    this.addPasskey = page.getByRole('button', { name: t('Add a passkey') });
    this.passkeyAdded = page.getByText(t('Passkey added. Next time, log in with it.'));
    this.passkeys = page.getByRole('list', { name: t('Your passkeys') });
    this.noPasskey = page.getByText(t('You have no passkey.'));
    this.mails = new MailNoticesSection(page, locale);
  }

  /** The confirmation that removing the only passkey asks for, and its button. */
  removeDialog(): { dialog: Locator; remove: Locator } {
    const dialog = this.page.getByRole('dialog');
    return { dialog, remove: dialog.getByRole('button', { name: this.words.text('Remove the passkey') }) };
  }
}

/** "Mails from the console" on the start page: the daily digest and the requests for a second operator. */
export class MailNoticesSection {
  readonly section: Locator;
  readonly digest: Locator;
  readonly approvals: Locator;
  readonly save: Locator;
  readonly saved: Locator;

  constructor(page: Page, locale: string) {
    const words = new ConsoleWords(locale);
    const t = (english: string) => words.text(english);
    this.section = page.getByRole('region', { name: t('Mails from the console') });
    this.digest = this.section.getByRole('combobox', { name: t('Daily digest') });
    this.approvals = this.section.getByRole('combobox', { name: t('Requests for a second operator') });
    this.save = this.section.getByRole('button', { name: t('Save my mail choices') });
    this.saved = this.section.getByRole('status');
  }

  async choose({ digest, approvals }: { digest?: 'daily' | 'off'; approvals?: 'immediate' | 'digest' | 'off' }): Promise<void> {
    if (digest) await this.digest.selectOption(digest);
    if (approvals) await this.approvals.selectOption(approvals);
    await this.save.click();
  }
}
