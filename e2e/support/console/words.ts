import { translate, translatePlural } from '../catalogue';

/**
 * The console's words as an operator reading `locale` sees them, from the console's catalogue: the
 * page objects name what they find by these, so a reworded translation is followed, and a message
 * missing from a catalogue fails the test that needs it.
 */
export class ConsoleWords {
  constructor(readonly locale: string) {}

  text(english: string, values?: Record<string, string>): string {
    return translate(this.locale, english, values, 'console');
  }

  plural(count: number, forms: { one: string; other: string }): string {
    return translatePlural(this.locale, forms, count, 'console');
  }

  /** A word of the customer's app around the console (the notifications' "Dismiss", the shop's "Log in"). */
  app(english: string): string {
    return translate(this.locale, english);
  }
}

/**
 * A translated message as a pattern for a name or a text on screen: its `{placeholders}` stand for
 * any words, and any space for any space (accessible names fold U+202F, which French puts before
 * a colon, into a plain space).
 */
export function messagePattern(message: string, { whole = false }: { whole?: boolean } = {}): RegExp {
  const source = message
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s'))
    .join('.+');
  return new RegExp(whole ? `^${source}$` : source);
}
