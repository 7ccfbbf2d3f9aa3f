/**
 * The typography rules French and Japanese texts keep (docs/product.md, Typography of French and
 * Japanese texts), as pure functions: src/app/locales/typography.test.ts runs them over every
 * catalogue and text module, and a problem comes with the corrected string.
 */

/** U+202F: French typesetting puts this narrow no-break space before : ; ! ? and inside « ». */
export const narrowNoBreakSpace = '\u202F';

export interface TypographyProblem {
  /** What is wrong, in words a translator understands. */
  rule: string;
  /** The few characters around the problem, with the invisible spaces made visible. */
  near: string;
}

/**
 * Spans the rules do not apply to: addresses (https://…, mailto:), code in backticks, ICU
 * placeholders' own syntax ({count, plural, …} keeps its branches checked) and HTML tags.
 */
const exempt = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"]*|\bmailto:[^\s<>"]*|`[^`]*`|<[^<>]*>|\{[\w.]+(?:,\s*\w+)?(?:,\s*[^{}]*?)?\}/gi;

/** The text with every exempt span replaced by as many U+0000, so that positions stay the same. */
function masked(text: string): string {
  return text.replace(exempt, (span) => '\u0000'.repeat(span.length));
}

function show(text: string, index: number): string {
  return text
    .slice(Math.max(0, index - 12), index + 6)
    .replaceAll('\u202F', '⍽')
    .replaceAll('\u00A0', '⎵')
    .replaceAll('\u0000', '');
}

const frenchHighMarks = ':;!?';
/** After these, : ; ! ? are not punctuation but part of a time, an address or code (12:30, ?code=). */
const wordAfter = /[\p{L}\p{N}/=&#_-]/u;

/** Every place a French text breaks the rules; [] when it keeps them. */
export function frenchTypographyProblems(text: string): TypographyProblem[] {
  const plain = masked(text);
  const problems: TypographyProblem[] = [];
  for (let index = 0; index < plain.length; index++) {
    const character = plain[index] ?? '';
    const before = plain[index - 1];
    const after = plain[index + 1];
    if (character === "'") {
      problems.push({ rule: 'straight apostrophe: write ’ (U+2019)', near: show(text, index) });
    } else if (frenchHighMarks.includes(character)) {
      if (after !== undefined && wordAfter.test(after)) continue;
      // "?!" takes one space, before the first mark; a mark that opens the text follows a placeholder.
      if (before === undefined || before === narrowNoBreakSpace || before === '\n' || frenchHighMarks.includes(before)) continue;
      const rule =
        before === ' ' || before === '\u00A0'
          ? `a plain space before “${character}” lets it wrap alone onto the next line: use U+202F`
          : `no space before “${character}”: French puts U+202F before it`;
      problems.push({ rule, near: show(text, index) });
    } else if (character === '«' && after !== narrowNoBreakSpace) {
      problems.push({ rule: 'after « comes U+202F, not a plain space or nothing', near: show(text, index) });
    } else if (character === '»' && before !== narrowNoBreakSpace) {
      problems.push({ rule: 'before » comes U+202F, not a plain space or nothing', near: show(text, index) });
    }
  }
  return problems;
}

/** The French text with every problem frenchTypographyProblems finds corrected. */
export function fixFrenchTypography(text: string): string {
  const plain = masked(text);
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const character = text[index] ?? '';
    const real = plain[index];
    const before = plain[index - 1];
    const after = plain[index + 1];
    if (real === "'") {
      out += '’';
    } else if (real !== undefined && frenchHighMarks.includes(real) && !(after !== undefined && wordAfter.test(after))) {
      if (before === ' ' || before === '\u00A0') out = out.slice(0, -1) + narrowNoBreakSpace;
      else if (before !== undefined && before !== narrowNoBreakSpace && before !== '\n' && !frenchHighMarks.includes(before))
        out += narrowNoBreakSpace;
      out += character;
    } else if (real === '«') {
      out += `«${narrowNoBreakSpace}`;
      if (after === ' ' || after === '\u00A0' || after === narrowNoBreakSpace) index++;
    } else if (real === '»') {
      if (before === ' ' || before === '\u00A0') out = out.slice(0, -1);
      if (before !== narrowNoBreakSpace) out += narrowNoBreakSpace;
      out += '»';
    } else {
      out += character;
    }
  }
  return out;
}

/** Hiragana, katakana and CJK ideographs: a text with any of them is read as Japanese. */
const japaneseScript = /[\u3040-\u30FF\u4E00-\u9FFF]/u;

export function isJapanese(text: string): boolean {
  return japaneseScript.test(text);
}

/** Wordings a Japanese reader finds too casual or unnatural, with what we write instead. */
export const japaneseWordings: readonly { wrong: RegExp; why: string; write: string }[] = [
  { wrong: /これはおかしい/u, why: 'too casual for a button', write: '誤りを報告する' },
  { wrong: /出金をお支払いしました/u, why: 'unnatural (one pays out money, not a withdrawal)', write: '出金が完了しました' },
  {
    wrong: /(?<!最終)更新[：:]\s*(?:今|\{age\})/u,
    why: 'odd to read (above all as 更新：今)',
    write: '最終更新：{age} (たった今更新 under a minute)',
  },
  { wrong: /！/u, why: 'an exclamation a Japanese interface does not use, least of all in an error', write: '。 (a plain request)' },
];

/** Every place a Japanese text breaks the rules; [] when it keeps them. */
export function japaneseTypographyProblems(text: string): TypographyProblem[] {
  if (!isJapanese(text)) return [];
  const plain = masked(text);
  const problems: TypographyProblem[] = [];
  for (let index = 0; index < plain.length; index++) {
    if (plain[index] !== ':') continue;
    // 12:30 is a time, not a colon in running text.
    if (/\d/.test(plain[index - 1] ?? '') && /\d/.test(plain[index + 1] ?? '')) continue;
    problems.push({ rule: 'half-width colon “:” in Japanese running text: write the full-width “：”', near: show(text, index) });
  }
  // Chrome may break a line between Latin letters and katakana: 「QR」 at one line's end, 「コード」 on the next.
  if (/QR(?!\u2060)コード/u.test(text)) {
    problems.push({ rule: '「QRコード」 can split over two lines: join it with U+2060 WORD JOINER (QR\u2060コード)', near: 'QRコード' });
  }
  // An amount formatted by formatMoney reads ￥500; a line that also writes 500円 mixes two yen styles.
  for (const line of text.split('\n')) {
    if (/[¥￥]|\{(?:minimum|maximum|amount|balance|fee|total)\}/u.test(line) && /\d円/u.test(line)) {
      problems.push({
        rule: 'two yen styles on one line (￥500 and 500円): write every amount of the line as formatMoney does, ￥500',
        near: line,
      });
    }
  }
  for (const wording of japaneseWordings) {
    const found = wording.wrong.exec(text);
    if (found) problems.push({ rule: `“${found[0]}” is ${wording.why}: write ${wording.write}`, near: found[0] });
  }
  return problems;
}

/** The Japanese text with its half-width colons made full-width and 「QRコード」 joined (the wordings need a person). */
export function fixJapaneseTypography(original: string): string {
  const text = original.replace(/QR(?!\u2060)コード/gu, 'QR\u2060コード');
  const plain = masked(text);
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const isColon = plain[index] === ':' && !(/\d/.test(plain[index - 1] ?? '') && /\d/.test(plain[index + 1] ?? ''));
    if (!isColon) {
      out += text[index] ?? '';
      continue;
    }
    out = out.replace(/[ \u00A0]+$/u, '') + '：';
    while (text[index + 1] === ' ') index++;
  }
  return out;
}
