import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The app's catalogues: the customer's `messages` and the operators' console's own `console`. */
type CatalogueName = 'messages' | 'console';

/**
 * The files of each: the customer's texts are split between every page's file and the later
 * pages' and forms' (`later.po`, lingui.config.ts), which the app loads when they show.
 */
const catalogueFiles: Record<CatalogueName, readonly string[]> = { messages: ['messages', 'later'], console: ['console'] };

/** msgid → msgstr of one Lingui catalogue (single-line entries, as `lingui extract` writes them). */
const catalogues = new Map<string, Map<string, string>>();

function contextKey(context: string | undefined, english: string): string {
  return context === undefined ? english : `${context}\u0004${english}`;
}

function catalogue(locale: string, name: CatalogueName): Map<string, string> {
  const key = `${locale}/${name}`;
  let entries = catalogues.get(key);
  if (!entries) {
    const text = catalogueFiles[name].map((file) => readFileSync(path.resolve('src/app/locales', locale, `${file}.po`), 'utf8')).join('\n');
    const unescape = (value: string) => value.replace(/\\(.)/g, (_, character: string) => (character === 'n' ? '\n' : character));
    entries = new Map();
    // A message with a context (msgctxt) is a different message from the same English without one.
    for (const match of text.matchAll(/^(?:msgctxt "((?:[^"\\]|\\.)*)"\n)?msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
      const [, context, english, translated] = match;
      if (english)
        entries.set(contextKey(context === undefined ? undefined : unescape(context), unescape(english)), unescape(translated ?? ''));
    }
    catalogues.set(key, entries);
  }
  return entries;
}

/**
 * What a person reading `locale` sees for an English message of the app, with its `{placeholders}`
 * filled in: the journeys follow the catalogues, so a reworded translation does not break them, and
 * a message missing from a catalogue fails the test that needs it.
 */
export function translate(locale: string, english: string, values: Record<string, string> = {}, name: CatalogueName = 'messages'): string {
  const translated = catalogue(locale, name).get(english);
  if (!translated) throw new Error(`No ${locale} translation of “${english}”`);
  return translated.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/** The same for a message written with a context (`t({ message, context })`): a word that reads otherwise there. */
export function translateInContext(locale: string, context: string, english: string, name: CatalogueName = 'messages'): string {
  return translate(locale, contextKey(context, english), {}, name);
}

/**
 * A plural message (`plural(count, { one: '…', other: '…' })` in the app) as a person reading
 * `locale` sees it for `count`: the catalogue's form for the locale's plural category, `#` replaced.
 */
export function translatePlural(
  locale: string,
  forms: { one: string; other: string },
  count: number,
  name: CatalogueName = 'messages',
): string {
  // Lingui names the count after the app's variable (`count`, `keptCount`), or by its position.
  const tail = `, plural, one {${forms.one}} other {${forms.other}}}`;
  const entries = catalogue(locale, name);
  const key = [...entries.keys()].find((english) => english.endsWith(tail) && /^\{\w+$/.test(english.slice(0, -tail.length)));
  const translated = key === undefined ? undefined : entries.get(key);
  if (!translated) throw new Error(`No ${locale} translation of “${forms.other}”`);
  const choices = new Map(
    [...translated.matchAll(/(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g)].map((match) => [match[1]!, match[2]!]),
  );
  const chosen = choices.get(`=${count}`) ?? choices.get(new Intl.PluralRules(locale).select(count)) ?? choices.get('other');
  if (chosen === undefined) throw new Error(`No ${locale} plural form in “${translated}”`);
  return chosen.replace(/#/g, new Intl.NumberFormat(locale).format(count));
}
