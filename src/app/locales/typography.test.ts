import { describe, expect, it } from 'vitest';
import { frenchTypographyProblems, japaneseTypographyProblems, type TypographyProblem } from '#domain/typography';
import { fixFrenchTypography, fixJapaneseTypography } from '#domain/typography';
import { catalogueTexts, sourceFiles, sourceTexts, type Text } from './texts-people-read';

// The typography lint (docs/product.md, Typography of French and Japanese texts): every French and
// Japanese text a person reads, from the catalogues and from the text modules of the domain, the
// server, the service worker and the scripts, checked with the rules of src/domain/typography.ts.

const allTexts = [
  ...catalogueTexts('fr-FR'),
  ...catalogueTexts('ja-JP'),
  // The operators' console has its own catalogue (lingui.config.ts).
  ...catalogueTexts('fr-FR', 'console'),
  ...catalogueTexts('ja-JP', 'console'),
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
