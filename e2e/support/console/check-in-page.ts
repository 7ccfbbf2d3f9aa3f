import type { Locator, Page } from '@playwright/test';
import { messagePattern } from './words';
import { ConsoleScreen } from './console-screen';

/**
 * The check-in (`/ops/check-in`): codes typed or scanned into a batch, the bar that sends it, the
 * strip that says what is kept on the phone offline, the result, and the recent batches below.
 */
export class CheckInPage extends ConsoleScreen {
  protected readonly path = '/check-in';
  readonly heading: Locator;
  readonly codeField: Locator;
  readonly addButton: Locator;
  readonly startCamera: Locator;
  /** "N containers in the batch", in the bar. */
  readonly count: Locator;
  /** The codes of the batch, one item each. */
  readonly batchCodes: Locator;
  /** The products and deposits of the batch, in the bar while online. */
  readonly products: Locator;
  /** "… is already in the batch." */
  readonly note: Locator;
  /** The offline strip: what is kept on this phone and will be sent. */
  readonly kept: Locator;
  readonly result: Locator;
  readonly undo: Locator;
  readonly undone: Locator;
  readonly awaiting: Locator;
  readonly recent: Locator;
  readonly rejectInstead: Locator;
  readonly rejectReason: Locator;
  readonly rejectOneForm: Locator;
  readonly rejectResult: Locator;

  constructor(page: Page, locale: string) {
    super(page, locale);
    const { t } = this;
    this.heading = page.getByRole('heading', { level: 1, name: t('Check-in') });
    this.codeField = page.getByRole('textbox', { name: t('Container code') });
    this.addButton = page.getByRole('button', { name: t('Add to the batch') });
    this.startCamera = page.getByRole('button', { name: t('Start the camera') });
    this.count = page.getByTestId('ops-batch-count');
    this.products = page.getByTestId('ops-batch-products');
    this.batchCodes = page.locator('.ops-codes li');
    this.note = page.getByTestId('ops-batch-note');
    this.kept = page.getByTestId('ops-checkin-kept');
    this.result = page.getByTestId('ops-checkin-result');
    this.undo = this.result.getByRole('button', { name: t('Undo this check-in') });
    this.undone = page.getByTestId('ops-checkin-undone');
    this.awaiting = page.getByTestId('ops-checkin-awaiting');
    this.recent = page.getByTestId('ops-recent-batch');
    this.rejectInstead = page.getByText(t('Reject them instead'));
    this.rejectReason = page.getByRole('textbox', { name: t('Reason shown to the customers') });
    this.rejectOneForm = page.getByTestId('ops-reject-one');
    this.rejectResult = page.getByTestId('ops-reject-result');
  }

  /** Types each code and presses Enter, as at the facility's keyboard. */
  async typeCodes(codes: readonly string[]): Promise<void> {
    for (const code of codes) {
      await this.codeField.fill(code);
      await this.codeField.press('Enter');
    }
  }

  /** Types a code and adds it with the button. */
  async addCode(code: string): Promise<void> {
    await this.codeField.fill(code);
    await this.addButton.click();
  }

  /** "N containers in the batch". */
  batchOf(count: number): string {
    return this.words.plural(count, { one: '# container in the batch', other: '# containers in the batch' });
  }

  /** The bar's button that checks the batch of `count` in. */
  sendButton(count: number): Locator {
    return this.page.getByRole('button', {
      name: this.words.plural(count, { one: 'Check in # container', other: 'Check in # containers' }),
    });
  }

  async send(count: number): Promise<void> {
    await this.sendButton(count).click();
  }

  /** "Offline: N codes kept, will be sent." */
  keptOffline(count: number): string {
    return this.words.plural(count, { one: 'Offline: # code kept, will be sent.', other: 'Offline: # codes kept, will be sent.' });
  }

  /** The result's heading of the containers credited, "Credited (N)". */
  credited(count: number): Locator {
    return this.result.getByRole('heading', { name: `${this.words.text('Credited')} (${count})` });
  }

  notPending(): Locator {
    return this.result.getByRole('heading', { name: messagePattern(this.words.text('Not pending: nobody is waiting for this deposit')) });
  }

  /** What "Undo this check-in" says once done, for `count` containers. */
  undoneText(count: number): string {
    return this.words.plural(count, {
      one: 'Check-in undone: # container waits for a check-in again, and its deposit was taken back.',
      other: 'Check-in undone: # containers wait for a check-in again, and their deposits were taken back.',
    });
  }

  rejectAllButton(count: number): Locator {
    return this.page.getByRole('button', { name: this.words.plural(count, { one: 'Reject # container', other: 'Reject # containers' }) });
  }

  rejected(count: number): Locator {
    return this.rejectResult.getByRole('heading', { name: `${this.words.text('Rejected')} (${count})` });
  }

  /** Opens "Reject…" beside a code of the batch. */
  async openRejectOne(code: string): Promise<void> {
    await this.page.getByRole('button', { name: this.words.text('Reject {code}', { code }) }).click();
  }

  /** Picks a reason from the list (by its English name) and writes a note for the customer. */
  async chooseRejectReason(reason: string, note: string): Promise<void> {
    await this.rejectOneForm.getByRole('radio', { name: this.words.text(reason) }).check();
    await this.rejectOneForm.getByRole('textbox').fill(note);
  }

  async confirmRejectOne(): Promise<void> {
    await this.rejectOneForm.getByRole('button', { name: this.words.text('Reject this container') }).click();
  }

  /** A recent batch's undo, and the "Undone" it then says. */
  async undoRecent(batch: Locator): Promise<void> {
    await batch.getByRole('button').click();
  }

  recentUndone(batch: Locator): Locator {
    return batch.getByText(this.words.text('Undone'));
  }
}
