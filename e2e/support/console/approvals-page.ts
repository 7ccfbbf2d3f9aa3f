import type { Locator, Page } from '@playwright/test';
import { ConsoleWords } from './words';

/** Approvals (`/ops/approvals`): what one operator asked above the approval limit, for a second one to decide. */
export class ApprovalsPage {
  readonly heading: Locator;
  /** What a decision did ("Approved: … moved."), focused. */
  readonly outcome: Locator;
  /** Said on a request the operator made themselves. */
  readonly mineNote: string;
  private readonly words: ConsoleWords;

  constructor(
    readonly page: Page,
    readonly locale: string,
  ) {
    this.words = new ConsoleWords(locale);
    this.heading = page.getByRole('heading', { level: 1, name: this.words.text('Approvals') });
    this.outcome = page.getByTestId('ops-approval-result');
    this.mineNote = this.words.text('You asked for this one: another operator decides it.');
  }

  async goto(country?: string): Promise<void> {
    await this.page.goto(country ? `/${country}/ops/approvals` : '/ops/approvals');
  }

  /** The request asked by `requester` (their email), or holding any other text. */
  card(text: string): Locator {
    return this.page.getByTestId('ops-approval').filter({ hasText: text });
  }

  async approve(card: Locator): Promise<void> {
    await card.getByRole('button', { name: this.words.text('Approve'), exact: true }).click();
  }

  async reject(card: Locator): Promise<void> {
    await card.getByRole('button', { name: this.words.text('Reject'), exact: true }).click();
  }

  /** The refusal the server gave, said on the card and focused. */
  refusal(card: Locator): Locator {
    return card.getByRole('alert');
  }
}
