import { cachedFormat } from './intl-cache';
import type { Currency } from './markets';

/** Digits after the decimal point: the yen has none. */
export const currencyExponent: Record<Currency, number> = { USD: 2, CAD: 2, GBP: 2, EUR: 2, JPY: 0 };

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.hasOwn(currencyExponent, value);
}

/** An amount on the wire: `{ "currency": "USD", "value": "12.50" }` (major units, a decimal string). Its schema: schemas/money.ts. */
export interface Money {
  currency: Currency;
  value: string;
}

/**
 * An amount in a language, in the amount's own (market) currency: yen without decimals, the others
 * with two. The one place money becomes text, for the app, the mails and notices, and the pushes.
 * The value stays a decimal string until here and is formatted from its digits, so no float
 * rounding can show.
 */
export function formatMoney(
  money: Money,
  locale: string,
  options: {
    signDisplay?: 'auto' | 'always' | 'exceptZero';
    /** Rounded to whole units ($12, 1 200 ¥): a chart's axis, not an amount someone is owed. */
    wholeUnits?: boolean;
  } = {},
): string {
  const digits = options.wholeUnits ? 0 : currencyExponent[money.currency];
  const signDisplay = options.signDisplay ?? 'auto';
  const format = cachedFormat(
    `n|${locale}|${money.currency}|${signDisplay}|${digits}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: money.currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        signDisplay,
      }),
  );
  // Intl accepts a decimal string exactly (ES2023 "Intl.NumberFormat v3"); Number() is the fallback.
  return format.format(money.value as unknown as number);
}

export function moneyFromMinor(minor: number, currency: Currency): Money {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount in minor units: ${minor}`);
  const exponent = currencyExponent[currency];
  if (exponent === 0) return { currency, value: String(minor) };
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  return { currency, value: `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}` };
}

/**
 * Parse a decimal string typed by a person or sent by a client into minor units.
 * Undefined when it has more decimals than the currency or is not a number.
 */
export function minorFromDecimal(value: string, currency: Currency): number | undefined {
  const match = /^(-)?(\d{1,13})(?:[.,](\d+))?$/.exec(value.trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  const exponent = currencyExponent[currency];
  if (fraction.length > exponent) return undefined;
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  return sign ? -minor : minor;
}

/**
 * An amount as a person types it, made into what `minorFromDecimal` reads: full-width digits and
 * marks from a Japanese keyboard (１０００) become ASCII, spaces (French groups thousands with
 * them) and currency signs go, and for a currency without decimals a comma grouping thousands
 * ("1,000" yen) goes too.
 */
export function normalizeTypedAmount(value: string, currency: Currency): string {
  const plain = value.normalize('NFKC').replace(/[\s¥$£€円]/gu, '');
  if (currencyExponent[currency] === 0 && /^\d{1,3}(,\d{3})+$/.test(plain)) return plain.replaceAll(',', '');
  return plain;
}

/** A typed amount with more decimals than its currency has ("6,505" euros): it gets its own message. */
export function hasTooManyDecimals(typed: string, currency: Currency): boolean {
  const match = /^\d+[.,](\d+)$/.exec(normalizeTypedAmount(typed, currency));
  return currencyExponent[currency] > 0 && match !== null && match[1]!.length > currencyExponent[currency];
}

/** A typed amount with decimals in a currency that has none ("1000.5" yen): it gets its own message. */
export function hasFractionInWholeCurrency(typed: string, currency: Currency): boolean {
  return currencyExponent[currency] === 0 && /^\d+[.,]\d+$/.test(normalizeTypedAmount(typed, currency));
}

export function minorFromMoney(money: Money): number {
  const minor = minorFromDecimal(money.value, money.currency);
  if (minor === undefined) throw new RangeError(`not a ${money.currency} amount: ${money.value}`);
  return minor;
}
