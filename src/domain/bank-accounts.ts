/**
 * Bank-field rules shared by the app (forms) and the server (the same check on every request).
 * Pure functions over the text a person typed: spaces and dashes a person adds for
 * readability are removed first (`compactDigits`, `compactIban`).
 */
import { plainDigits } from './typed-digits';

/** Digits a person may type with spaces or dashes between groups ("12-34-56", "0001 234"), full-width too. */
export function compactDigits(value: string): string {
  return plainDigits(value).replace(/[\s-]/g, '');
}

export function compactIban(value: string): string {
  return plainDigits(value).replace(/\s/g, '').toUpperCase();
}

const digitsOnly = (value: string, min: number, max = min) => new RegExp(`^\\d{${min},${max}}$`).test(value);

/**
 * A US ABA routing number: 9 digits whose weighted sum 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9)
 * is a multiple of 10 (the ninth digit is the check digit).
 */
export function isAbaRoutingNumber(value: string): boolean {
  if (!digitsOnly(value, 9)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** A US account number is 6 to 17 digits (the ACH limit). */
export function isUsAccountNumber(value: string): boolean {
  return digitsOnly(value, 6, 17);
}

/** Canada: 5-digit branch transit number, 3-digit institution number, 7–12-digit account number. */
export function isCanadianTransitNumber(value: string): boolean {
  return digitsOnly(value, 5);
}
export function isCanadianInstitutionNumber(value: string): boolean {
  return digitsOnly(value, 3);
}
export function isCanadianAccountNumber(value: string): boolean {
  return digitsOnly(value, 7, 12);
}

/** UK: 6-digit sort code, 8-digit account number. */
export function isSortCode(value: string): boolean {
  return digitsOnly(value, 6);
}
export function isUkAccountNumber(value: string): boolean {
  return digitsOnly(value, 8);
}

/** Japan (Zengin): 4-digit bank code, 3-digit branch code, 7-digit account number. */
export function isJapaneseBankCode(value: string): boolean {
  return digitsOnly(value, 4);
}
export function isJapaneseBranchCode(value: string): boolean {
  return digitsOnly(value, 3);
}
export function isJapaneseAccountNumber(value: string): boolean {
  return digitsOnly(value, 7);
}

/**
 * The longest account holder name a Zengin transfer record carries: 30 half-width characters, a
 * voiced mark (ﾞ ﾟ) counting as one (docs/product.md, Bank forms).
 */
export const zenginNameMaxLength = 30;

// Full-width katakana to the half-width forms of JIS X 0201, the only kana a Zengin record holds;
// a voiced kana becomes its base and a separate mark (ガ → ｶﾞ).
const fullKana = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン';
const halfKana = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝ';
const halfOf = new Map<string, string>([...fullKana].map((kana, index) => [kana, halfKana[index]!]));
for (const [voiced, base] of Object.entries({
  ガ: 'カ',
  ギ: 'キ',
  グ: 'ク',
  ゲ: 'ケ',
  ゴ: 'コ',
  ザ: 'サ',
  ジ: 'シ',
  ズ: 'ス',
  ゼ: 'セ',
  ゾ: 'ソ',
  ダ: 'タ',
  ヂ: 'チ',
  ヅ: 'ツ',
  デ: 'テ',
  ド: 'ト',
  バ: 'ハ',
  ビ: 'ヒ',
  ブ: 'フ',
  ベ: 'ヘ',
  ボ: 'ホ',
  ヴ: 'ウ',
}))
  halfOf.set(voiced, `${halfOf.get(base)!}ﾞ`);
for (const [semiVoiced, base] of Object.entries({ パ: 'ハ', ピ: 'ヒ', プ: 'フ', ペ: 'ヘ', ポ: 'ホ' }))
  halfOf.set(semiVoiced, `${halfOf.get(base)!}ﾟ`);
// Zengin has no small kana and no obsolete ヰ ヱ: banks write the plain kana instead.
const plainKana: Record<string, string> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ッ: 'ツ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
  ヰ: 'イ',
  ヱ: 'エ',
};
// Besides kana: digits, capital letters, space and the marks ( ) . - / ¥ , 「 」, the last two half-width.
const zenginMarks: Record<string, string> = { '「': '｢', '」': '｣' };
const zenginPlain = /^[0-9A-Z ().\-/¥,]$/;

/**
 * An account holder name as a Zengin transfer needs it, or undefined when it holds a character no
 * bank transfer carries (kanji above all). Katakana may be typed full- or half-width, hiragana is
 * turned into katakana, Latin letters into capitals; the long-vowel mark becomes "-" and "・"
 * a space, as banks register them. The result is half-width, spaces single: "ﾔﾏﾀﾞ ﾊﾅｺ".
 */
export function zenginName(value: string): string | undefined {
  // NFKC joins a half-width kana and its mark and makes full-width letters, digits and spaces plain.
  const text = value
    .normalize('NFKC')
    .replace(/[\u3041-\u3096]/g, (hiragana) => String.fromCharCode(hiragana.charCodeAt(0) + 0x60))
    .toUpperCase()
    .replace(/[ー\u2010-\u2015\u2212]/g, '-')
    .replace(/[\\￥]/g, '¥')
    .replace(/[・\s]+/g, ' ')
    .trim();
  let name = '';
  for (const char of text) {
    const kana = halfOf.get(plainKana[char] ?? char);
    if (kana) name += kana;
    else if (zenginMarks[char]) name += zenginMarks[char];
    else if (zenginPlain.test(char)) name += char;
    else return undefined;
  }
  return name;
}

/** The last 4 digits of the phone number registered with LINE Pay: how a payout team confirms the account. */
export function isPhoneLast4(value: string): boolean {
  return digitsOnly(value, 4);
}

/** A LINE Pay number has 11 digits. */
export function isLinePayNumber(value: string): boolean {
  return digitsOnly(value, 11);
}

/** IBAN lengths by country (ISO 13616 registry) for the countries a customer is most likely to bank in. */
const ibanLengths: Record<string, number> = {
  AT: 20,
  BE: 16,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
};

/** The ISO 7064 mod-97 remainder of an IBAN moved and turned into digits (A=10 … Z=35), read in chunks. */
function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/**
 * An IBAN (ISO 13616): 14 to 34 characters, country letters, two check digits,
 * letters and digits, the registry length for the countries we know, and the mod-97 checksum.
 */
export function isIban(value: string): boolean {
  const iban = compactIban(value);
  if (iban.length < 14 || iban.length > 34) return false;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const expected = ibanLengths[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  return ibanRemainder(iban) === 1;
}

/** The last characters of an account identifier, the rest hidden: "•••• 6789". */
export function maskAccountNumber(value: string, visible = 4): string {
  const compact = value.replace(/\s/g, '');
  if (compact.length <= visible) return '•'.repeat(compact.length);
  return `•••• ${compact.slice(-visible)}`;
}

/** An email with most of its local part hidden: "ja•••@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return maskAccountNumber(email);
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1))}•••${email.slice(at)}`;
}
