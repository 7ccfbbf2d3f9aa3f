import type { Locator, Page } from '@playwright/test';
import { ConsoleScreen } from './console-screen';

/** Approvals (`/ops/approvals`): what one operator asked above the approval limit, for a second one to decide. */
export class ApprovalsPage extends ConsoleScreen {
  protected readonly path = '/approvals';
  readonly heading: Locator;
  /** What a decision did ("Approved: … moved."), focused. */
  readonly outcome: Locator;
  /** Said on a request the operator made themselves. */
  readonly mineNote: string;

  constructor(page: Page, locale: string) {
    super(page, locale);
    this.heading = page.getByRole('heading', { level: 1, name: this.words.text('Approvals') });
    this.outcome = page.getByTestId('ops-approval-result');
    this.mineNote = this.words.text('You asked for this one: another operator decides it.');
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
