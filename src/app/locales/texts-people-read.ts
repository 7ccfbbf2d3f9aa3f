import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { isJapanese } from '#domain/typography';

// For the text tests of this folder (typography, glossary): where the texts a person reads are.
// The catalogues hold the app's words; the text modules of the domain, the server, the service
// worker and the scripts hold those of mails, pushes, errors and public pages.

export const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

export interface Text {
  file: string;
  line: number;
  language: 'en' | 'fr' | 'ja';
  text: string;
  /** The English source of a catalogue entry (its msgid); none for a literal of a source file. */
  source?: string;
}

function unescapePo(value: string): string {
  return value.replace(/\\(.)/g, (_, escaped: string) => (escaped === 'n' ? '\n' : escaped));
}

/**
 * Every entry of a locale's .po catalogue with its line (Lingui writes single-line entries). The
 * source locale's entries may leave msgstr empty: the msgid is then what is read.
 */
export function catalogueTexts(locale: string, catalogue: 'messages' | 'later' | 'console' = 'messages'): Text[] {
  const file = `src/app/locales/${locale}/${catalogue}.po`;
  const lines = readFileSync(path.join(repositoryRoot, file), 'utf8').split('\n');
  const language = locale.startsWith('fr') ? 'fr' : locale.startsWith('ja') ? 'ja' : 'en';
  const texts: Text[] = [];
  lines.forEach((line, index) => {
    const match = /^msgstr "((?:[^"\\]|\\.)*)"$/.exec(line);
    const id = /^msgid "((?:[^"\\]|\\.)*)"$/.exec(lines[index - 1] ?? '')?.[1];
    if (!match || !id) return;
    const text = unescapePo(match[1] || (locale === 'en-US' ? id : ''));
    if (text) texts.push({ file, line: index + 1, language, text, source: unescapePo(id) });
  });
  return texts;
}

/** A string or template literal as a person reads it; a template's substitutions read {…}. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => `{…}${span.literal.text}`).join('');
  return undefined;
}

const frenchKeys = new Set(['fr', 'fr-FR', 'fr-CA', 'name_fr', 'nameFr']);
/**
 * English texts: those under a language key, and the API description's summaries and descriptions,
 * which the developers of a client read in English (GET /api/v2/openapi.json).
 */
const englishKeys = new Set(['en', 'en-US', 'en-GB', 'en-CA', 'name_en', 'nameEn', 'summary', 'description']);

/** A literal under one of these keys ({ fr: … }, 'fr-FR': …, name_fr), at any depth. */
function underKey(node: ts.Node, keys: ReadonlySet<string>): boolean {
  for (let parent: ts.Node | undefined = node.parent; parent; parent = parent.parent) {
    if (ts.isPropertyAssignment(parent) && keys.has(parent.name.getText().replace(/^['"]|['"]$/g, ''))) return true;
  }
  return false;
}

const underFrenchKey = (node: ts.Node) => underKey(node, frenchKeys);

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
export function sourceTexts(file: string): Text[] {
  const code = readFileSync(path.join(repositoryRoot, file), 'utf8');
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
 * The English literals of one source file: those under an English key ({ en: … }), as the mails and
 * error messages are written. Only the glossary reads them: English has no typography rule here.
 */
export function englishSourceTexts(file: string): Text[] {
  const code = readFileSync(path.join(repositoryRoot, file), 'utf8');
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const texts: Text[] = [];
  const visit = (node: ts.Node) => {
    const text = literalText(node);
    if (text !== undefined) {
      if (underKey(node, englishKeys) && !isJapanese(text)) {
        texts.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, language: 'en', text });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/**
 * Every source file that can hold a text a person reads. Tests are left out (they quote texts), and
 * so are the typography rules and this file, which quote the wordings they refuse.
 */
export const sourceFiles = execFileSync('git', ['ls-files', 'src', 'sw', 'scripts'], { cwd: repositoryRoot, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.gen.ts'))
  .filter((file) => file !== 'src/domain/typography.ts' && file !== 'src/app/locales/texts-people-read.ts');
