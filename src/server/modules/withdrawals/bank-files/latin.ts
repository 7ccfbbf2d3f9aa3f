/**
 * Letters a decomposition leaves alone but that have a usual Latin spelling: what a bank writes
 * for them on a statement.
 */
const spelledOut: Record<string, string> = {
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Þ: 'TH',
  þ: 'th',
  '&': '+',
  '’': "'",
  '‘': "'",
  '«': "'",
  '»': "'",
  '“': "'",
  '”': "'",
  '"': "'",
  '–': '-',
  '—': '-',
  _: '-',
};

/**
 * Text in the Latin character set every SEPA bank carries (EPC rulebook: a-z A-Z 0-9 / - ? : ( ) . , ' +
 * and space): accents dropped ("République" → "Republique"), a few letters spelled out, anything
 * else a space. Spaces are single and trimmed, and the result is at most `max` characters.
 */
export function sepaText(value: string, max = Number.POSITIVE_INFINITY): string {
  const plain = [...value.normalize('NFD').replace(/\p{M}/gu, '')]
    .map((char) => spelledOut[char] ?? char)
    .join('')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, max).trimEnd();
}

/** Upper-case ASCII as NACHA, Bacs and CPA-005 records take it (the same transliteration, in capitals). */
export function asciiUpper(value: string, max: number): string {
  return sepaText(value)
    .toUpperCase()
    .replace(/[?:()+]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trimEnd();
}
