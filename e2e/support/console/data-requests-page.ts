import type { Locator, Page } from '@playwright/test';
import { ConsoleWords } from './words';

/** Care's data-subject requests (`/ops/requests`): open ones nearest deadline first, each closed once answered. */
export class DataRequestsPage {
  readonly heading: Locator;
  /** "The request of … is marked as answered.", where the card was, focused. */
  readonly outcome: Locator;
  private readonly words: ConsoleWords;

  constructor(
    readonly page: Page,
    readonly locale: string,
  ) {
    this.words = new ConsoleWords(locale);
    this.heading = page.getByRole('heading', { level: 1, name: this.words.text('Data requests') });
    this.outcome = page.getByTestId('ops-data-request-result');
  }

  async goto(country?: string): Promise<void> {
    await this.page.goto(country ? `/${country}/ops/requests` : '/ops/requests');
  }

  /** The open request whose card holds `text` (the requester's name). */
  card(text: string): Locator {
    return this.page.getByTestId('ops-data-request').filter({ hasText: text });
  }

  async markAnswered(card: Locator): Promise<void> {
    await card.getByRole('button', { name: this.words.text('Mark as answered') }).click();
  }
}
