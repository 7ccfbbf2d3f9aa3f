import type { Locator, Page } from '@playwright/test';

/** The customer's account screen: balance, what waits to upload, the way to the scanner (English). */
export class AccountPage {
  readonly balance: Locator;
  readonly pendingOnDevice: Locator;
  readonly outboxList: Locator;

  constructor(readonly page: Page) {
    this.balance = page.getByTestId('balance');
    this.pendingOnDevice = page.getByTestId('pending-on-device');
    this.outboxList = page.getByTestId('outbox-list');
  }

  /** Opens the screen for a market (`us`, `ca`…). */
  async goto(country = 'us') {
    await this.page.goto(`/${country}/user/account`);
  }

  signedInAs(email: string): Locator {
    return this.page.getByText(`Signed in as ${email}.`);
  }

  async openScanner() {
    await this.page.getByTestId('open-scanner').click();
  }
}
