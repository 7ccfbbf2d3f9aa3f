/**
 * Numbers as people type them. A Japanese keyboard in its usual mode types full-width digits and
 * hyphens ("１５０－０００１", "０００１"); phones offer other dash characters. Every field that holds
 * digits reads them through `plainDigits` first, so what a person typed is never refused or wiped
 * for its width.
 */
const dashLike = /[\u2010-\u2015\u2212\u30fc\uff70]/gu;

/** Full-width digits, letters and spaces made plain (NFKC), and every dash-like mark made "-". */
export function plainDigits(value: string): string {
  return value.normalize('NFKC').replace(dashLike, '-');
}
