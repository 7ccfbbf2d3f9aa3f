import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { frenchTypographyProblems, isJapanese, japaneseTypographyProblems, type TypographyProblem } from '#domain/typography';
import { fixFrenchTypography, fixJapaneseTypography } from '#domain/typography';
import { languageOf } from '#domain/locales';
import { supportedLocales, type SupportedLocale } from '#domain/markets';

// The typography lint (docs/product.md, Typography of French and Japanese texts): every French and
// Japanese text a person reads, from the catalogues and from the text modules of the domain, the
// server, the service worker and the scripts, checked with the rules of src/domain/typography.ts.

const root = path.resolve(import.meta.dirname, '../../..');

interface Text {
  file: string;
  line: number;
  language: 'fr' | 'ja';
  text: string;
}

/** msgstr of every entry of a .po catalogue, with its line (Lingui writes single-line entries). */
function catalogueTexts(locale: SupportedLocale, catalogue: 'messages' | 'console' = 'messages'): Text[] {
  const language = languageOf(locale);
  if (language === 'en') return [];
  const file = `src/app/locales/${locale}/${catalogue}.po`;
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  const texts: Text[] = [];
  lines.forEach((line, index) => {
    const match = /^msgstr "((?:[^"\\]|\\.)*)"$/.exec(line);
    if (!match?.[1]) return;
    const text = match[1].replace(/\\(.)/g, (_, escaped: string) => (escaped === 'n' ? '\n' : escaped));
    texts.push({ file, line: index + 1, language, text });
  });
  return texts;
}

/** A string or template literal as a person reads it; a template's substitutions read {…}. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => `{…}${span.literal.text}`).join('');
  return undefined;
}

const frenchKeys = new Set(['fr', 'fr-FR', 'name_fr', 'nameFr']);

/** A literal under a French key ({ fr: … }, 'fr-FR': …, name_fr), at any depth, is French. */
function underFrenchKey(node: ts.Node): boolean {
  for (let parent: ts.Node | undefined = node.parent; parent; parent = parent.parent) {
    if (ts.isPropertyAssignment(parent) && frenchKeys.has(parent.name.getText().replace(/^['"]|['"]$/g, ''))) return true;
  }
  return false;
}

/** A [..., English, French, Japanese] row (catalogue-data.ts): the string before the Japanese one. */
function frenchOfARow(node: ts.Node): boolean {
  const row = node.parent;
  if (!ts.isArrayLiteralExpression(row)) return false;
  const strings = row.elements.map(literalText);
  const index = row.elements.indexOf(node as ts.Expression);
  const next = strings[index + 1];
  return strings.length >= 3 && index === strings.length - 2 && next !== undefined && isJapanese(next);
}

/** The French and Japanese literals of one source file. */
function sourceTexts(file: string): Text[] {
  const code = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const wholeFileFrench = /(^|\/)fr\.ts$/.test(file);
  const texts: Text[] = [];
  const visit = (node: ts.Node) => {
    const text = literalText(node);
    if (text !== undefined && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      if (isJapanese(text)) texts.push({ file, line, language: 'ja', text });
      else if (wholeFileFrench || underFrenchKey(node) || frenchOfARow(node)) texts.push({ file, line, language: 'fr', text });
      // HTML with French paragraphs, as the service worker's offline page.
      for (const paragraph of text.matchAll(/lang="fr">([^<]*)</g)) texts.push({ file, line, language: 'fr', text: paragraph[1] ?? '' });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/**
 * Every source file that can hold a text a person reads. Tests are left out (they quote texts), and
 * so are the rules themselves, which quote the wordings they refuse.
 */
const sourceFiles = execFileSync('git', ['ls-files', 'src', 'sw', 'scripts'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.gen.ts'))
  .filter((file) => file !== 'src/domain/typography.ts');

const allTexts = [
  // Every French and Japanese catalogue (fr-FR, fr-CA, ja-JP): the one list of src/domain/markets.ts.
  ...supportedLocales.flatMap((locale) => catalogueTexts(locale)),
  // The operators' console has its own catalogue (lingui.config.ts).
  ...supportedLocales.flatMap((locale) => catalogueTexts(locale, 'console')),
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
