import { expect, type Locator, type Page } from '@playwright/test';

type Method = 'TRANSFERWISE' | 'PAYPAL' | 'LINE';

/**
 * The payment-method button and its dialog (account and withdraw pages), in any language: the
 * steps take the words the screen shows, the rest is found by role and test id.
 */
export class PaymentMethodDialog {
  readonly button: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByTestId('payment-method-button');
    this.dialog = page.getByRole('dialog');
  }

  /** Opens the dialog once the app has drawn over the page's prerendered shell, whose button does nothing. */
  async open() {
    await expect(this.page.locator('html')).toHaveAttribute('data-app-started', 'true', { timeout: 30_000 });
    await expect(this.button).toBeEnabled();
    await this.button.click();
    await expect(this.dialog).toBeVisible();
  }

  option(method: Method): Locator {
    return this.dialog.getByTestId(`payment-option-${method}`);
  }

  radio(method: Method): Locator {
    return this.option(method).getByRole('radio');
  }

  /** The masked number shown beside a method, or on the button. */
  maskedNumber(where: Locator): Locator {
    return where.locator('.payment-method__number');
  }

  /** "Add" or "Edit account" of a method, by the words on the button. */
  async editMethod(method: Method, buttonText: string) {
    await this.option(method).getByRole('button', { name: buttonText }).click();
  }

  form(method: Method): Locator {
    return this.dialog.getByTestId(`payment-form-${method}`);
  }

  field(method: Method, label: string): Locator {
    return this.form(method).getByLabel(label, { exact: true });
  }

  async save(method: Method, buttonText: string) {
    await this.form(method).getByRole('button', { name: buttonText }).click();
  }
}

/** How many lines an element's text is drawn on (1 when nothing wrapped). */
export async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => new Set([...node.getClientRects()].map((rect) => Math.round(rect.top))).size);
}
