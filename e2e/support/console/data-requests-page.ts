import type { Locator, Page } from '@playwright/test';
import { ConsoleScreen } from './console-screen';

/** Care's data-subject requests (`/ops/requests`): open ones nearest deadline first, each closed once answered. */
export class DataRequestsPage extends ConsoleScreen {
  protected readonly path = '/requests';
  readonly heading: Locator;
  /** "The request of … is marked as answered.", where the card was, focused. */
  readonly outcome: Locator;

  constructor(page: Page, locale: string) {
    super(page, locale);
    this.heading = page.getByRole('heading', { level: 1, name: this.words.text('Data requests') });
    this.outcome = page.getByTestId('ops-data-request-result');
  }

  /** The open request whose card holds `text` (the requester's name). */
  card(text: string): Locator {
    return this.page.getByTestId('ops-data-request').filter({ hasText: text });
  }

  async markAnswered(card: Locator): Promise<void> {
    await card.getByRole('button', { name: this.words.text('Mark as answered') }).click();
  }
}
