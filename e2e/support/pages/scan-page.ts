import { expect, type Locator, type Page } from '@playwright/test';

/** The scanner screen: the camera, what it read, and the field for a code typed by hand (English). */
export class ScanPage {
  readonly heading: Locator;
  /** "n containers scanned" */
  readonly count: Locator;
  /** The line that answers each scan (recorded, already scanned, not recognised…). */
  readonly feedback: Locator;
  /** Why the camera cannot be used, when it cannot. */
  readonly cameraProblem: Locator;
  readonly codeField: Locator;
  readonly recordButton: Locator;
  /** The typed code's error under the field. */
  readonly codeError: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.count = page.getByTestId('scan-count');
    this.feedback = page.getByTestId('scan-feedback');
    this.cameraProblem = page.getByTestId('camera-problem');
    this.codeField = page.getByLabel('Container code');
    this.recordButton = page.getByRole('button', { name: 'Record the scan' });
    this.codeError = page.locator('#typed-code-error');
  }

  /** Opens the screen for a market (`us`, `ca`…), on the test server or on another origin that reaches it. */
  async goto(country = 'us', origin = '') {
    await this.page.goto(`${origin}/${country}/user/scan`);
  }

  /** What a phone's own camera app does with a label: opens the /r/ link printed in its QR code. */
  async followLabelLink(code: string) {
    await this.page.goto(`/r/${code}`);
  }

  /** Types a code (a damaged label) and records it. */
  async typeCode(code: string) {
    await this.codeField.fill(code);
    await this.recordButton.click();
  }

  /** This session's line for one container. */
  scanOf(code: string): Locator {
    return this.page.locator(`[data-testid="session-scan"][data-code="${code}"]`);
  }

  async expectRecorded(code: string, options?: { timeout?: number }) {
    await expect(this.scanOf(code)).toHaveAttribute('data-state', 'recorded', options);
  }

  /** Saved on the phone, not yet on the server. */
  async expectWaiting(code: string, options?: { timeout?: number }) {
    await expect(this.scanOf(code)).toHaveAttribute('data-state', 'waiting', options);
  }
}
