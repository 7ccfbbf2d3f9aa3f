import { expect, type Locator, type Page } from '@playwright/test';
import { translate } from '../catalogue';
import { HistoryList, type HistoryRow } from './history-list';

/**
 * The withdraw screen (`/<country>/user/withdraw`): the balance, the amount and its confirmation with
 * the fee, or why there is no form, and the customer's withdrawals. Words come from the app's
 * catalogue for the `locale` the page is read in.
 */
export class WithdrawPage {
  readonly balance: Locator;
  /** The block that stands in for the form until the email address is verified. */
  readonly unverified: Locator;
  /** The notice that stands in for the form while the balance is below the market's minimum. */
  readonly belowMinimum: Locator;
  readonly amount: Locator;
  readonly continueButton: Locator;
  /** The second step: amount, fee, what the customer receives and where it goes. */
  readonly confirmation: Locator;
  readonly fee: Locator;
  readonly payout: Locator;
  readonly confirmButton: Locator;
  readonly history: HistoryList;
  /** The withdrawal on its way, as the history lists it. */
  readonly pendingWithdrawal: HistoryRow;

  constructor(
    readonly page: Page,
    readonly locale = 'en-US',
  ) {
    const t = (english: string) => translate(locale, english);
    this.balance = page.getByTestId('withdraw-balance');
    this.unverified = page.getByTestId('withdraw-unverified');
    this.belowMinimum = page.getByTestId('withdraw-below-minimum');
    this.amount = page.getByLabel(t('Amount to withdraw'));
    this.continueButton = page.getByRole('button', { name: t('Continue') });
    this.confirmation = page.getByTestId('withdraw-confirmation');
    this.fee = this.confirmation.getByTestId('withdraw-fee');
    this.payout = this.confirmation.getByTestId('withdraw-payout');
    this.confirmButton = this.confirmation.getByRole('button', { name: t('Confirm withdrawal') });
    this.history = new HistoryList(page);
    this.pendingWithdrawal = this.history.rowsOf({ category: 'WITHDRAWAL', status: 'PENDING' });
  }

  /** Opens the screen for a market (`us`, `jp`…). */
  async goto(country = 'us') {
    await this.page.goto(`/${country}/user/withdraw`);
  }

  /** Types an amount as the person would (`12.50`, `7,50`, `１０００`) and goes on to the confirmation. */
  async askFor(amount: string) {
    await this.amount.fill(amount);
    await this.continueButton.click();
  }

  async confirm() {
    await this.confirmButton.click();
  }

  /** Asks for an amount and confirms it at once. */
  async withdraw(amount: string) {
    await this.askFor(amount);
    await this.confirm();
  }

  /** The amount was refused with this message, in the page's words. */
  async expectRefused(message: string) {
    await expect(this.page.getByText(message)).toBeVisible();
  }

  /** From the unverified block, asks for a new verification code. */
  async resendCode() {
    await this.unverified.getByRole('button', { name: translate(this.locale, 'Resend code') }).click();
  }
}
