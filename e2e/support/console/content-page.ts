import type { Locator, Page } from '@playwright/test';
import { ConsoleScreen } from './console-screen';

/**
 * The content editors' area (`/ops/content`): page texts with their drafts, the bins import and the
 * missing texts, each a tab of the area.
 */
export class ContentPage extends ConsoleScreen {
  protected readonly path = '/content';
  readonly heading: Locator;
  readonly tabs: Locator;
  readonly pageTextsTab: Locator;
  readonly binsTab: Locator;
  readonly missingTextsTab: Locator;
  readonly localeField: Locator;
  readonly pageField: Locator;
  readonly draftsCount: Locator;
  readonly publishPage: Locator;
  readonly publishResult: Locator;
  readonly preview: Locator;
  /** The bins import: the file of the device, "Check" (a dry run), "Import", and the report, focused. */
  readonly binsFile: Locator;
  readonly checkBins: Locator;
  readonly importBins: Locator;
  readonly binsReport: Locator;
  /** What the report says it did: checked only, or imported. */
  readonly binsReportHeading: Locator;
  /** The report's rejected rows, one each, with their reasons as list items. */
  readonly binsRejected: Locator;

  constructor(page: Page, locale: string) {
    super(page, locale);
    const { t } = this;
    this.heading = page.getByRole('heading', { level: 1 });
    this.tabs = page.getByRole('navigation', { name: t('Content area') });
    this.pageTextsTab = this.tabs.getByRole('link', { name: t('Page texts') });
    this.binsTab = this.tabs.getByRole('link', { name: t('Bins import') });
    this.missingTextsTab = this.tabs.getByRole('link', { name: t('Missing texts') });
    this.localeField = page.getByRole('combobox', { name: t('Language and market') });
    this.pageField = page.getByRole('combobox', { name: t('Page'), exact: true });
    this.draftsCount = page.getByTestId('ops-drafts-count');
    this.publishPage = page.getByRole('button', { name: t("Publish this page's drafts") });
    this.publishResult = page.getByTestId('ops-publish-result');
    this.preview = page.getByTestId('ops-preview');
    this.binsFile = page.getByLabel(t('Bins file (CSV or GeoJSON)'));
    this.checkBins = page.getByRole('button', { name: t('Check'), exact: true });
    this.importBins = page.getByRole('button', { name: t('Import'), exact: true });
    this.binsReport = page.getByTestId('ops-bins-report');
    this.binsReportHeading = this.binsReport.getByRole('heading', { level: 2 });
    this.binsRejected = this.binsReport.getByTestId('ops-bins-rejected');
  }

  /** A text's card (its live text, its draft), by its key. */
  text(key: string): Locator {
    return this.page.getByTestId(`ops-text-${key}`);
  }

  draftField(key: string): Locator {
    return this.text(key).getByRole('textbox', { name: this.words.text('Draft of {textKey}', { textKey: key }) });
  }

  async saveDraft(key: string, draft: string): Promise<void> {
    await this.draftField(key).fill(draft);
    await this.text(key)
      .getByRole('button', { name: this.words.text('Save the draft') })
      .click();
  }

  draftSaved(key: string): Locator {
    return this.text(key).getByText(this.words.text('Draft saved. Preview the page to see it in place.'));
  }

  /** A text's live version, what customers read now. */
  liveText(key: string): Locator {
    return this.text(key).locator('.ops-text__live');
  }

  async publish(): Promise<void> {
    await this.publishPage.click();
  }

  /** Opens the customer page with its drafts, in this tab, through the editor's session. */
  async openPreview(): Promise<void> {
    await this.preview.click();
  }

  /** Chooses a bins file (CSV) of the device, as the file picker would. */
  async chooseBinsFile(name: string, csv: string): Promise<void> {
    await this.binsFile.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  }

  /** A missing text the app reported: its key in a locale. */
  missingText(key: string, locale: string): Locator {
    return this.page.getByTestId('ops-missing-text').filter({ hasText: key }).filter({ hasText: locale });
  }

  /** Opens the page texts at that missing text's draft. */
  async writeDraftOf(missing: Locator): Promise<void> {
    await missing.getByRole('link', { name: this.words.text("Write this text's draft") }).click();
  }
}
