import type { Locator, Page } from '@playwright/test';
import { ConsoleScreen } from './console-screen';

/**
 * Care's adjustments (`/ops/adjustments`): a balance adjusted (made once even when sent again, or
 * waiting for a second operator above the approval limit), and a pending scan cancelled, each a
 * section of the page named by its heading.
 */
export class AdjustmentsPage extends ConsoleScreen {
  protected readonly path = '/adjustments';
  readonly heading: Locator;
  readonly adjustSection: Locator;
  readonly customerField: Locator;
  readonly amountField: Locator;
  readonly commentField: Locator;
  readonly adjustButton: Locator;
  /** The form's own refusal (a lost answer, the server's words), focused. */
  readonly adjustFailure: Locator;
  /** What the adjustment did, or that it waits for a second operator, focused. */
  readonly adjustResult: Locator;
  /** "See the approvals", in the result of an adjustment above the limit. */
  readonly toApprovals: Locator;
  readonly cancelSection: Locator;
  readonly scanField: Locator;
  readonly cancelButton: Locator;

  constructor(page: Page, locale: string) {
    super(page, locale);
    const { t } = this;
    this.heading = page.getByRole('heading', { level: 1, name: t('Adjustments') });
    this.adjustSection = page.getByRole('region', { name: t('Adjust a balance') });
    const adjustForm = this.adjustSection.locator('form');
    this.customerField = adjustForm.getByRole('textbox', { name: t("Customer's email or account ID") });
    this.amountField = adjustForm.getByRole('textbox', { name: t("Amount in the customer's currency") });
    this.commentField = adjustForm.getByRole('textbox', { name: t('Comment'), exact: true });
    this.adjustButton = adjustForm.getByRole('button', { name: t('Adjust the balance') });
    this.adjustFailure = adjustForm.getByRole('alert');
    this.adjustResult = this.adjustSection.getByTestId('ops-adjustment-result');
    this.toApprovals = this.adjustResult.getByRole('link', { name: t('See the approvals') });
    this.cancelSection = page.getByRole('region', { name: t('Cancel a pending scan') });
    this.scanField = this.cancelSection.getByRole('textbox', { name: t('Container code or scan ID') });
    this.cancelButton = this.cancelSection.getByRole('button', { name: t('Cancel the scan') });
  }

  /** Fills the form and sends it. */
  async adjust({ customer, amount, comment }: { customer: string; amount: string; comment: string }): Promise<void> {
    await this.customerField.fill(customer);
    await this.amountField.fill(amount);
    await this.commentField.fill(comment);
    await this.adjustButton.click();
  }

  /** Sends the form as it is (again, after a lost answer; or empty). */
  async sendAdjustment(): Promise<void> {
    await this.adjustButton.click();
  }

  async cancelScan(code: string): Promise<void> {
    await this.scanField.fill(code);
    await this.cancelButton.click();
  }

  /** "The scan of … is cancelled.", said in the section's live region and focused. */
  cancelled(code: string): Locator {
    return this.cancelSection.getByRole('status').filter({ hasText: code }).locator('p');
  }
}
