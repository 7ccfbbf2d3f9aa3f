import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentSource } from '#domain/content/source';
import { isSupportedLocale } from '#domain/markets';
import { regionalWording } from '#domain/quebec-wording';
import { catalogueTexts, englishSourceTexts, sourceFiles, sourceTexts, type Text } from './texts-people-read';

// The glossary (docs/glossary.md): one word per concept and language. A text that names a concept
// with one of the words the glossary avoids fails here, in the catalogues, the public page texts
// and the text modules of mails, pushes and errors.

const glossaryFolder = path.join(import.meta.dirname, 'glossary');

const glossarySchema = z.strictObject({
  locale: z.string().regex(/^[a-z]{2}-[A-Z]{2}$/),
  concepts: z.record(
    z.string(),
    z.strictObject({
      means: z.string().min(1),
      word: z.string().min(1),
      avoid: z.array(z.string().min(1)),
      /** English sources (msgid) whose translation rightly uses an avoided word for something else, and why. */
      elsewhere: z.record(z.string(), z.string().min(1)).optional(),
    }),
  ),
});
type Glossary = z.infer<typeof glossarySchema>;

const glossaries: Glossary[] = readdirSync(glossaryFolder)
  .filter((file) => file.endsWith('.json'))
  .map((file) => {
    const glossary = glossarySchema.parse(JSON.parse(readFileSync(path.join(glossaryFolder, file), 'utf8')));
    if (`${glossary.locale}.json` !== file) throw new Error(`${file} holds the glossary of ${glossary.locale}`);
    return glossary;
  });

function languageOfLocale(locale: string): Text['language'] {
  const language = locale.slice(0, 2);
  if (language === 'en' || language === 'fr' || language === 'ja') return language;
  throw new Error(`no texts are known in the language of ${locale}`);
}

const literals = sourceFiles.flatMap(sourceTexts);
const englishLiterals = sourceFiles.flatMap(englishSourceTexts);

/**
 * The English mails and errors are written once for every English market, so they are read for the
 * concepts every English glossary names with the same word (not the postcode, nor the news)
 * (docs/glossary.md, What the test reads).
 */
const englishGlossaries = glossaries.filter((glossary) => glossary.locale.startsWith('en-'));
const conceptsOfEnglishLiterals = new Set(
  Object.keys(englishGlossaries[0]?.concepts ?? {}).filter(
    (concept) => new Set(englishGlossaries.map((glossary) => glossary.concepts[concept]?.word)).size === 1,
  ),
);

/**
 * Every text a person reading this locale meets: its catalogues, the public pages of its language, and
 * the mails, pushes and errors. Those written once per language reach a reader of fr-CA in Quebec's
 * words (src/domain/quebec-wording.ts), as the server renders them.
 */
function textsOf(locale: string): Text[] {
  const language = languageOfLocale(locale);
  const inRegion = (text: Text): Text => (isSupportedLocale(locale) ? { ...text, text: regionalWording(locale, text.text) } : text);
  const pages = Object.entries(contentSource[language]).flatMap(([namespace, texts]) =>
    Object.entries(texts).map(([key, text]) => ({ file: `src/domain/content/${language}.ts`, line: 0, language, text, source: `${namespace}.${key}` })),
  );
  return [
    ...catalogueTexts(locale, 'messages'),
    ...catalogueTexts(locale, 'later'),
    ...catalogueTexts(locale, 'console'),
    ...pages.map(inRegion),
    // The page texts' own files are read above, keyed by page.
    ...literals.filter((text) => text.language === language && !text.file.startsWith('src/domain/content/')).map(inRegion),
    ...(language === 'en' ? englishLiterals.filter((text) => !text.file.startsWith('src/domain/content/')) : []),
  ];
}

function checkedIn(text: Text, concept: string): boolean {
  return !(text.language === 'en' && text.source === undefined && !text.file.endsWith('.po') && !conceptsOfEnglishLiterals.has(concept));
}

/** Latin words match whole words, case aside; Japanese words anywhere. A {placeholder}'s name is not read. */
function usesWord(withPlaceholders: string, word: string): boolean {
  const text = withPlaceholders.replace(/\{\w+\}/g, '{…}');
  if (/^[\p{Script=Latin}\s’'-]+$/u.test(word)) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(?<![\\p{L}-])${escaped}(?![\\p{L}-])`, 'iu').test(text);
  }
  return text.includes(word);
}

describe('glossary', () => {
  it('has one file per locale, each naming the concepts of the source locale', () => {
    const source = glossaries.find((glossary) => glossary.locale === 'en-US');
    expect(source).toBeDefined();
    for (const glossary of glossaries) {
      expect(Object.keys(glossary.concepts).sort(), glossary.locale).toEqual(Object.keys(source!.concepts).sort());
      for (const [concept, entry] of Object.entries(glossary.concepts)) {
        expect(entry.avoid.filter((word) => usesWord(entry.word, word)), `${glossary.locale} ${concept} avoids its own word`).toEqual([]);
      }
    }
  });

  it.each(glossaries.map((glossary) => [glossary.locale, glossary] as const))('%s: every text names a concept with its glossary word', (locale, glossary) => {
    const texts = textsOf(locale);
    expect(texts.length).toBeGreaterThan(100);
    const failures = texts.flatMap((text) =>
      Object.entries(glossary.concepts).flatMap(([concept, entry]) => {
        if (text.source !== undefined && entry.elsewhere?.[text.source] !== undefined) return [];
        if (!checkedIn(text, concept)) return [];
        return entry.avoid
          .filter((word) => usesWord(text.text, word))
          .map((word) => `${text.file}:${text.line} ${concept}: “${word}” for “${entry.word}” in ${JSON.stringify(text.text)}`);
      }),
    );
    expect(failures.join('\n'), `${failures.length} texts use a word the glossary avoids`).toBe('');
  });
});

describe('French wording', () => {
  it('never assumes the reader’s gender: no « connecté », « connecté·e » or « connecté(e) »', () => {
    const gendered = /(?<!\p{L})(?:dé)?connecté(?:e|·e|\(e\))?s?(?!\p{L})|\p{L}·e(?!\p{L})|\p{L}\(e\)/iu;
    const failures = textsOf('fr-FR')
      .filter((text) => gendered.test(text.text))
      .map((text) => `${text.file}:${text.line} ${JSON.stringify(text.text)}`);
    expect(failures).toEqual([]);
  });
});
