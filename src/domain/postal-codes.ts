import type { CountryCode } from './markets';
import { plainDigits } from './typed-digits';

/** Post and zip code formats per market: each country's national format (docs/product.md, Form rules). */
const postalCodePatterns: Record<CountryCode, RegExp> = {
  us: /^\d{5}(-\d{4})?$/,
  ca: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  uk: /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]([0-9ABEHMNPRV-Y])?|[0-9][A-HJKPS-UW]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/i,
  fr: /^\d{5}$/,
  jp: /^\d{3}-?\d{4}$/,
};

export const minimumZipCodeLength = 5;

export function isValidPostalCode(countryCode: CountryCode, value: string): boolean {
  return postalCodePatterns[countryCode].test(plainDigits(value).trim());
}

/** The stored form: upper case, single spaces, Japanese codes with their hyphen. */
export function normalizePostalCode(countryCode: CountryCode, value: string): string {
  const trimmed = plainDigits(value).trim().toUpperCase().replace(/\s+/g, ' ');
  if (countryCode === 'jp' && /^\d{7}$/.test(trimmed)) return `${trimmed.slice(0, 3)}-${trimmed.slice(3)}`;
  if ((countryCode === 'ca' || countryCode === 'uk') && !trimmed.includes(' ')) {
    return `${trimmed.slice(0, -3)} ${trimmed.slice(-3)}`;
  }
  return trimmed;
}

/** The keyboard a phone offers for the market's codes: digits only where the format is digits. */
export function postalCodeInputMode(countryCode: CountryCode): 'numeric' | 'text' {
  return countryCode === 'uk' || countryCode === 'ca' ? 'text' : 'numeric';
}
