import { expect, type Locator, type Page } from '@playwright/test';
import { translate } from '../catalogue';
import { HistoryList } from './history-list';

/**
 * The customer's account screen, which is also their wallet: the balance, what waits to upload, the
 * code field, the way to the scanner and to a withdrawal, and the history with its filters. Words
 * come from the app's catalogue for the `locale` the page is read in.
 */
export class AccountPage {
  readonly heading: Locator;
  readonly balance: Locator;
  /** The balance as a screen reader says it (`$0.00`, `￥0`): the visible figure is split for layout. */
  readonly balanceAmount: Locator;
  /** How many returns wait for their check-in. */
  readonly pendingItems: Locator;
  readonly pendingOnDevice: Locator;
  readonly outboxList: Locator;
  /** "You can withdraw your balance once it reaches…", in place of the withdraw link. */
  readonly withdrawMinimum: Locator;
  readonly withdrawLink: Locator;
  readonly codeField: Locator;
  readonly recordButton: Locator;
  /** The typed code's error under the field. */
  readonly codeError: Locator;
  readonly filterStatus: Locator;
  readonly filterType: Locator;
  readonly history: HistoryList;

  constructor(
    readonly page: Page,
    readonly locale = 'en-US',
  ) {
    const t = (english: string) => translate(locale, english);
    this.heading = page.getByRole('heading', { level: 1 });
    this.balance = page.getByTestId('balance');
    this.balanceAmount = this.balance.locator('.visually-hidden');
    this.pendingItems = page.getByTestId('pending-items');
    this.pendingOnDevice = page.getByTestId('pending-on-device');
    this.outboxList = page.getByTestId('outbox-list');
    this.withdrawMinimum = page.getByTestId('withdraw-minimum');
    this.withdrawLink = page.getByTestId('withdraw-link');
    this.codeField = page.getByLabel(t('Container code'));
    this.recordButton = page.getByRole('button', { name: t('Record the scan') });
    this.codeError = page.locator('#container-code-error');
    this.filterStatus = page.getByTestId('filter-status');
    this.filterType = page.getByTestId('filter-type');
    this.history = new HistoryList(page);
  }

  /** Opens the screen for a market (`us`, `ca`…). */
  async goto(country = 'us') {
    await this.page.goto(`/${country}/user/account`);
  }

  signedInAs(email: string): Locator {
    return this.page.getByText(translate(this.locale, 'Logged in as {email}.', { email }));
  }

  async openScanner() {
    await this.page.getByTestId('open-scanner').click();
  }

  async goToWithdraw() {
    await this.withdrawLink.click();
  }

  /** Types a container's code in the account page's own field and records it. */
  async recordCode(code: string) {
    await this.codeField.fill(code);
    await this.recordButton.click();
  }

  /** The customer comes back to the page (reloads it) until the balance reads `amount`, as after a check-in. */
  async reloadUntilBalance(amount: string) {
    await expect(async () => {
      await this.page.reload();
      await expect(this.balanceAmount).toHaveText(amount, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }
}
