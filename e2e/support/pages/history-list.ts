import { expect, type Locator, type Page } from '@playwright/test';

/** One row of the history: its title, its amount and, once opened, what it was made of. */
export class HistoryRow {
  readonly title: Locator;
  /** The signed amount; a pending scan has none. */
  readonly amount: Locator;
  /** "Dispute open", "Credited"… once the row was disputed. */
  readonly dispute: Locator;
  /** The opened row's dispute box: where the dispute stands and what customer care answered. */
  readonly disputeState: Locator;
  /** The row's header, a button that opens and closes its details. */
  readonly header: Locator;
  /** The products of an opened row, one table row each. */
  readonly items: Locator;
  /** "×2" beside the title. */
  readonly badge: Locator;
  /** The row's pictures: the thumbnails, drawn only near the viewport. */
  readonly images: Locator;

  constructor(readonly locator: Locator) {
    this.title = locator.getByTestId('transaction-title');
    this.amount = locator.getByTestId('transaction-amount');
    this.dispute = locator.getByTestId('transaction-dispute');
    this.disputeState = locator.getByTestId('dispute-state');
    this.header = locator.getByRole('button').first();
    this.items = locator.getByTestId('transaction-items');
    this.badge = locator.locator('.transaction__badge');
    this.images = locator.locator('img');
  }

  async open() {
    await this.header.click();
  }

  /** The products table's lines. */
  itemLines(): Locator {
    return this.items.locator('tbody tr');
  }

  /** The products table's cells in reading order (on the first line: 0 the product, 1 how many, 2 the deposit). */
  itemCell(index: number): Locator {
    return this.items.locator('tbody td').nth(index);
  }
}

/**
 * The customer's history as the account and withdraw screens list it (one list component on both):
 * rows found by test id and data attributes, the same in every language.
 */
export class HistoryList {
  readonly list: Locator;
  readonly rows: Locator;
  /** Every row's amount (rows that moved no money have none). */
  readonly amounts: Locator;
  /** "No transactions yet." */
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByTestId('transactions');
    this.rows = page.getByTestId('transaction');
    this.amounts = this.rows.getByTestId('transaction-amount');
    this.empty = page.getByTestId('transactions-empty');
  }

  /** The row at this place in the list, newest first. */
  nth(index: number): HistoryRow {
    return new HistoryRow(this.rows.nth(index));
  }

  first(): HistoryRow {
    return this.nth(0);
  }

  /** The row of one transaction, by its id (`scan:…`, `adjustment:…`). */
  row(id: string): HistoryRow {
    return new HistoryRow(this.page.locator(`[data-testid="transaction"][data-id="${id}"]`));
  }

  /** The row a link picked (`?row=`, from a notification or the news): opened and focused. */
  picked(): HistoryRow {
    return new HistoryRow(this.page.locator('[data-testid="transaction"][data-picked="true"]'));
  }

  /** The rows of one kind and state (`WITHDRAWAL`, `PENDING`). */
  rowsOf({ category, status }: { category: string; status: string }): HistoryRow {
    return new HistoryRow(this.page.locator(`[data-testid="transaction"][data-category="${category}"][data-status="${status}"]`));
  }

  /** The list has drawn every row it holds (a long history is drawn in steps). */
  async expectComplete(options?: { timeout?: number }) {
    await expect(this.list).toHaveAttribute('data-complete', 'true', options);
  }

  /** The distinct values of a row attribute (`data-status`, `data-category`) among the rows shown. */
  async distinct(attribute: 'data-status' | 'data-category'): Promise<(string | null)[]> {
    return this.rows.evaluateAll((items, name) => [...new Set(items.map((item) => item.getAttribute(name)))], attribute);
  }
}
