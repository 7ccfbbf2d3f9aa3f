import type { Page } from '@playwright/test';
import { ConsoleWords } from './words';

/**
 * What every console screen's page object starts from: the page, the operator's locale and the
 * console's words in it, and the screen's address under `/ops` (with a market's prefix or without).
 */
export abstract class ConsoleScreen {
  readonly words: ConsoleWords;
  /** The screen's path under `/ops`, as `/operators`. */
  protected abstract readonly path: string;

  constructor(
    readonly page: Page,
    readonly locale: string,
  ) {
    this.words = new ConsoleWords(locale);
  }

  /** A console text in the operator's locale, by its English source. */
  protected readonly t = (english: string, values?: Record<string, string>): string => this.words.text(english, values);

  async goto(country?: string): Promise<void> {
    await this.page.goto(country ? `/${country}/ops${this.path}` : `/ops${this.path}`);
  }
}
