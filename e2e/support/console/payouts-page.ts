import type { Locator, Page } from '@playwright/test';
import { type ConsoleWords } from './words';
import { ConsoleScreen } from './console-screen';

/**
 * Finance's payouts (`/ops/payouts`): the pending table, a batch exported to the device, each row
 * settled after a confirmation, and the settled tab.
 */
export class PayoutsPage extends ConsoleScreen {
  protected readonly path = '/payouts';
  readonly heading: Locator;
  readonly exportButton: Locator;
  /** What the export did, focused. */
  readonly exportResult: Locator;
  /** The exported files, each offered again. */
  readonly files: Locator;
  readonly settledTab: Locator;
  readonly pendingTab: Locator;
  readonly settledRows: Locator;
  /** What the bank's or PayPal's file settled, focused once it is read. */
  readonly reconcileResult: Locator;

  constructor(page: Page, locale: string) {
    super(page, locale);
    this.heading = page.getByRole('heading', { level: 1, name: this.words.text('Payouts') });
    this.exportButton = page.getByTestId('ops-export-payouts');
    this.exportResult = page.getByTestId('ops-export-result');
    this.files = page.getByTestId('ops-export-files').getByRole('button');
    this.settledTab = page.getByTestId('ops-tab-settled');
    this.pendingTab = page.getByTestId('ops-tab-pending');
    this.settledRows = page.getByTestId('ops-payout-settled');
    this.reconcileResult = page.getByTestId('ops-reconcile-result');
  }

  /** A pending payout's row, by the reference the bank quotes. */
  row(reference: string): Locator {
    return this.page.getByTestId('ops-payout').filter({ hasText: reference });
  }

  receiver(row: Locator): Locator {
    return row.getByTestId('ops-payout-receiver');
  }

  settledRow(reference: string): Locator {
    return this.settledRows.filter({ hasText: reference });
  }

  outcome(row: Locator): Locator {
    return row.getByTestId('ops-payout-outcome');
  }

  async exportBatch(): Promise<void> {
    await this.exportButton.click();
  }

  /** Chooses the bank's (or PayPal's) answer on the device and sends it: `reconcileResult` says what it settled. */
  async uploadBankAnswer(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByLabel(this.words.text("The bank's or PayPal's file")).setInputFiles(file);
    await this.sendBankAnswer();
  }

  /** Sends the file chosen already (again). */
  async sendBankAnswer(): Promise<void> {
    await this.page.getByTestId('ops-reconcile').click();
  }

  /** "Paid…" on a row: the confirmation that says what, how much, to whom. */
  async askPaid(row: Locator): Promise<PayoutConfirmation> {
    await row.getByRole('button', { name: this.words.text('Paid…') }).click();
    return new PayoutConfirmation(this.page.getByRole('dialog'), this.words);
  }
}

/** The confirmation of one payout's outcome. */
export class PayoutConfirmation {
  readonly summary: Locator;
  readonly reference: Locator;
  readonly markPaid: Locator;

  constructor(
    readonly dialog: Locator,
    words: ConsoleWords,
  ) {
    this.summary = dialog.getByTestId('ops-settle-summary');
    this.reference = dialog.getByLabel(words.text('Bank or PayPal reference (optional)'));
    this.markPaid = dialog.getByRole('button', { name: words.text('Mark as paid') });
  }

  async paidWith(reference: string): Promise<void> {
    await this.reference.fill(reference);
    await this.markPaid.click();
  }
}
