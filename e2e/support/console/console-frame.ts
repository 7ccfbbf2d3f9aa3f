import type { Locator, Page } from '@playwright/test';
import { translate } from '../catalogue';

/**
 * The console's frame on every page: the areas the operator's roles open, each with how many
 * items wait in it (a badge, and ", N waiting" in the link's name), and the sign-out.
 */
export class ConsoleFrame {
  readonly areas: Locator;
  /** The areas' names alone, in order, without their counts. */
  readonly areaNames: Locator;
  readonly signOut: Locator;

  constructor(
    readonly page: Page,
    readonly locale: string,
  ) {
    const t = (english: string) => translate(locale, english, {}, 'console');
    this.areas = page.getByRole('navigation', { name: t('Console areas') });
    this.areaNames = this.areas.getByTestId('console-area-name');
    this.signOut = page.getByRole('button', { name: t('Log out') });
  }

  /** An area's link, by the start of its name (the count follows it). */
  area(name: string): Locator {
    return this.areas.getByRole('link', { name });
  }

  /** The count shown after an area's name; absent when nothing waits. */
  waiting(name: string): Locator {
    return this.area(name).getByTestId('console-waiting-badge');
  }

  async open(name: string): Promise<void> {
    await this.area(name).click();
  }
}
