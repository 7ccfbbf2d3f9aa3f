import type { Locator, Page } from '@playwright/test';
import { translate, translateInContext } from '../catalogue';
import { messagePattern } from './words';

/**
 * What care's lists share (disputes, claims): the open and resolved tabs, the search the server
 * runs, the outcome said where a decided card was. Words come from the console's catalogue for
 * the `locale` the page is read in.
 */
class CareList {
  readonly openTab: Locator;
  readonly resolvedTab: Locator;
  readonly searchField: Locator;
  readonly searchButton: Locator;
  /** "Showing N of M.", the status line under the list. */
  readonly shown: Locator;

  constructor(
    readonly page: Page,
    readonly locale: string,
  ) {
    const t = (english: string) => translate(locale, english, {}, 'console');
    this.openTab = page.getByRole('button', { name: translateInContext(locale, 'list tab', 'Open', 'console'), exact: true });
    this.resolvedTab = page.getByRole('button', { name: translateInContext(locale, 'list tab', 'Resolved', 'console'), exact: true });
    const search = page.getByRole('search');
    this.searchField = search.getByRole('searchbox', { name: t('Search') });
    this.searchButton = search.getByRole('button', { name: t('Search') });
    this.shown = page.locator('.ops-list-shown');
  }

  protected text(english: string, values?: Record<string, string>): string {
    return translate(this.locale, english, values, 'console');
  }

  async showOpen(): Promise<void> {
    await this.openTab.click();
  }

  async showResolved(): Promise<void> {
    await this.resolvedTab.click();
  }

  /** Sends a search (part of an email, an id, a container code); the list answers from the server. */
  async search(text: string): Promise<void> {
    await this.searchField.fill(text);
    await this.searchButton.click();
  }
}

/** Care's disputes (`/ops/disputes`): open cards to credit or uphold, resolved cards to look back on. */
export class DisputesPage extends CareList {
  readonly outcome: Locator;

  constructor(page: Page, locale: string) {
    super(page, locale);
    this.outcome = page.getByTestId('ops-dispute-result');
  }

  /** The open dispute whose card holds `text` (the customer's email, a note). */
  openCard(text: string): Locator {
    return this.page.getByTestId('ops-dispute').filter({ hasText: text });
  }

  resolvedCard(text: string): Locator {
    return this.page.getByTestId('ops-resolved-dispute').filter({ hasText: text });
  }

  /** The language the customer reads, named in care's own. */
  customerLanguage(card: Locator): Locator {
    return card.getByTestId('dispute-customer-language');
  }

  async showPhoto(card: Locator): Promise<void> {
    await card.getByRole('button', { name: this.text('Show the customer’s photo') }).click();
  }

  /** Opens the photo at its own size: the dialog it is in. */
  async enlargePhoto(card: Locator): Promise<Locator> {
    await card.getByRole('button', { name: this.text('Enlarge the photo') }).click();
    return this.page.getByRole('dialog', { name: this.text('The customer’s photo at full size') });
  }

  async closePhoto(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: this.text('Close') }).click();
  }

  /** Credits what the card offers, whatever the amount. */
  async creditAny(card: Locator): Promise<void> {
    await card.getByRole('button', { name: messagePattern(this.text('Credit {amount}'), { whole: true }) }).click();
  }

  async credit(card: Locator, amount: string): Promise<void> {
    await card.getByRole('button', { name: this.text('Credit {amount}', { amount }) }).click();
  }

  /** The answer the customer reads with the decision (needed to uphold a refusal). */
  answerField(card: Locator): Locator {
    return card.getByRole('textbox', { name: this.text('Answer to the customer') });
  }

  async uphold(card: Locator): Promise<void> {
    await card.getByRole('button', { name: this.text('Uphold the refusal') }).click();
  }

  /** Writes the customer's answer and upholds the refusal. */
  async answerAndUphold(card: Locator, answer: string): Promise<void> {
    await this.answerField(card).fill(answer);
    await this.uphold(card);
  }
}

/** Care's competing claims (`/ops/claims`): open cards to award or dismiss, resolved cards to look back on. */
export class ClaimsPage extends CareList {
  readonly outcome: Locator;

  constructor(page: Page, locale: string) {
    super(page, locale);
    this.outcome = page.getByTestId('ops-claim-result');
  }

  /** The open claim on the container `code`. */
  openCard(code: string): Locator {
    return this.page.getByTestId('ops-claim').filter({ hasText: code });
  }

  resolvedCard(code: string): Locator {
    return this.page.getByTestId('ops-resolved-claim').filter({ hasText: code });
  }

  async dismiss(card: Locator): Promise<void> {
    await card.getByRole('button', { name: this.text('Dismiss: the first scan stands') }).click();
  }

  async award(card: Locator): Promise<void> {
    await card.getByRole('button', { name: this.text('Award it to the claimant') }).click();
  }
}
