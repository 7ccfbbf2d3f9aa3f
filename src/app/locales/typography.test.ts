import { describe, expect, it } from 'vitest';
import { frenchTypographyProblems, japaneseTypographyProblems, type TypographyProblem } from '#domain/typography';
import { fixFrenchTypography, fixJapaneseTypography } from '#domain/typography';
import { languageOf } from '#domain/locales';
import { supportedLocales } from '#domain/markets';
import { catalogueTexts, sourceFiles, sourceTexts, type Text } from './texts-people-read';

const frenchAndJapanese = supportedLocales.filter((locale) => languageOf(locale) !== 'en');

// The typography lint (docs/product.md, Typography of French and Japanese texts): every French and
// Japanese text a person reads, from the catalogues and from the text modules of the domain, the
// server, the service worker and the scripts, checked with the rules of src/domain/typography.ts.

const allTexts = [
  // Every French and Japanese catalogue (fr-FR, fr-CA, ja-JP): the one list of src/domain/markets.ts.
  ...frenchAndJapanese.flatMap((locale) => catalogueTexts(locale)),
  // The later pages' texts and the operators' console have their own catalogues (lingui.config.ts).
  ...frenchAndJapanese.flatMap((locale) => catalogueTexts(locale, 'later')),
  ...frenchAndJapanese.flatMap((locale) => catalogueTexts(locale, 'console')),
  ...sourceFiles.flatMap(sourceTexts),
];

function report(text: Text, problems: TypographyProblem[]): string {
  const fix = text.language === 'fr' ? fixFrenchTypography(text.text) : fixJapaneseTypography(text.text);
  return [
    `${text.file}:${text.line} (${text.language === 'fr' ? 'French' : 'Japanese'})`,
    `  text: ${JSON.stringify(text.text)}`,
    ...problems.map((problem) => `  - ${problem.rule} (near “${problem.near}”)`),
    fix === text.text ? '  fix: reword as above' : `  fix: ${JSON.stringify(fix)}`,
  ].join('\n');
}

describe('typography of French and Japanese texts', () => {
  it('finds the texts it checks', () => {
    const files = new Set(allTexts.map((text) => text.file));
    for (const file of [
      'src/app/locales/fr-FR/messages.po',
      'src/app/locales/fr-CA/messages.po',
      'src/app/locales/fr-CA/console.po',
      'src/app/locales/ja-JP/later.po',
      'src/app/locales/ja-JP/messages.po',
      'src/domain/content/fr.ts',
      'src/domain/content/ja.ts',
      'src/domain/errors.ts',
      'src/server/mail/templates.ts',
      'src/domain/news-texts.ts',
      'sw/sw.ts',
    ]) {
      expect(files, file).toContain(file);
    }
  });

  it('French puts U+202F before : ; ! ? and inside « », and writes ’; Japanese writes ： and keeps a polite wording', () => {
    const failures = allTexts.flatMap((text) => {
      const problems = text.language === 'fr' ? frenchTypographyProblems(text.text) : japaneseTypographyProblems(text.text);
      return problems.length > 0 ? [report(text, problems)] : [];
    });
    // One block per text: where it is, the text, what is wrong, and the corrected string to paste.
    expect(failures.join('\n\n'), `${failures.length} texts break the typography rules`).toBe('');
  });
});
