import type { Locator, Page } from '@playwright/test';
import { messagePattern } from './words';
import { ConsoleScreen } from './console-screen';

/**
 * The audit trail (`/ops/audit`): entries newest first, each opening the entries of its record or of
 * its person (the entry's detail), and the check that the chain is intact.
 */
export class AuditPage extends ConsoleScreen {
  protected readonly path = '/audit';
  readonly heading: Locator;
  readonly entries: Locator;
  readonly verify: Locator;
  /** "Intact: N entries, each linked to the one before.", focused once the check is done. */
  readonly verdict: Locator;

  constructor(page: Page, locale: string) {
    super(page, locale);
    this.heading = page.getByRole('heading', { level: 1, name: this.words.text('Audit trail') });
    this.entries = page.getByTestId('ops-audit-entries').getByRole('listitem');
    this.verify = page.getByTestId('ops-audit-verify');
    this.verdict = page.getByTestId('ops-audit-verdict');
  }

  /** An action's name (its English, as the trail's table names it) as this operator reads it. */
  action(english: string): string {
    return this.words.text(english);
  }

  /** The entries of one action. */
  entriesOf(english: string): Locator {
    return this.entries.filter({ hasText: this.action(english) });
  }

  /** Narrows the trail to the entries made by `who`, from one of their entries. */
  async showEntriesBy(entry: Locator, who: string): Promise<void> {
    await entry.getByRole('button', { name: this.words.text('Entries by {0}', { 0: who }) }).click();
  }

  /** Narrows the trail to the entries of an entry's record: its detail, from its first change. */
  async showThisRecord(entry: Locator): Promise<void> {
    await entry.getByRole('button', { name: this.words.text("This record's entries") }).click();
  }

  async checkTheChain(): Promise<void> {
    await this.verify.click();
  }

  /** What the check says of an intact trail, whatever its length. */
  intact(): RegExp {
    const english = this.words.plural(2, {
      one: 'Intact: # entry, each one linked to the one before.',
      other: 'Intact: # entries, each one linked to the one before.',
    });
    return messagePattern(english.replace('2', '{count}'), { whole: true });
  }
}
