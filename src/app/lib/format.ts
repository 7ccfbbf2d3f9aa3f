import type { Money } from '#domain/money';
import { currencyExponent } from '#domain/money';

/** Building an Intl formatter costs far more than using one: a 1,000-row history reuses a handful. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
export function cachedFormat<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An amount in the interface language, in the amount's own (market) currency: yen without
 * decimals, the others with two. The value stays a decimal string until here; it is
 * formatted from its digits so no float rounding can show.
 */
export function formatMoney(money: Money, locale: string, options: { signDisplay?: 'auto' | 'always' | 'exceptZero' } = {}): string {
  const digits = currencyExponent[money.currency];
  const signDisplay = options.signDisplay ?? 'auto';
  const format = cachedFormat(
    `n|${locale}|${money.currency}|${signDisplay}`,
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

/**
 * Day and short month, plus the year if older than the previous year (docs/product.md, Date format).
 * Decision: the year is shown when the date falls before 1 January of the previous
 * calendar year (so this year's and last year's dates read "21 Nov", anything from two
 * calendar years ago or more reads "21 Nov 2024"). A date in the future (clock skew)
 * is treated like this year's. Calendar years are the viewer's own time zone unless one is given.
 */
export function showsYear(date: Date, now: Date, timeZone?: string): boolean {
  const years = cachedFormat(`y|${timeZone ?? ''}`, () => new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }));
  const yearOf = (value: Date) => Number(years.format(value));
  return yearOf(date) < yearOf(now) - 1;
}

export function formatTransactionDate(value: string | Date, locale: string, now: Date = new Date(), timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const withYear = showsYear(date, now, timeZone);
  return cachedFormat(
    `d|${locale}|${withYear}|${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}), timeZone }),
  ).format(date);
}

/** The full date for screen readers and the tooltip. */
export function formatLongDate(value: string, locale: string, timeZone?: string): string {
  return cachedFormat(`l|${locale}|${timeZone ?? ''}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone })).format(
    new Date(value),
  );
}
