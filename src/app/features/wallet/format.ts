import type { Money } from '../../../domain/money';
import { currencyExponent } from '../../../domain/money';

/**
 * An amount in the interface language, in the amount's own (market) currency: yen without
 * decimals, the others with two. The value stays a decimal string until here; it is
 * formatted from its digits so no float rounding can show.
 */
export function formatMoney(money: Money, locale: string, options: { signDisplay?: 'auto' | 'always' | 'exceptZero' } = {}): string {
  const digits = currencyExponent[money.currency];
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: options.signDisplay ?? 'auto',
  });
  // Intl accepts a decimal string exactly (ES2023 "Intl.NumberFormat v3"); Number() is the fallback.
  return format.format(money.value as unknown as number);
}

/**
 * Spec §9: "day and short month, plus the year if older than the previous year".
 * Decision: the year is shown when the date falls before 1 January of the previous
 * calendar year (so this year's and last year's dates read "21 Nov", anything from two
 * calendar years ago or more reads "21 Nov 2024"). A date in the future (clock skew)
 * is treated like this year's. Calendar years are the viewer's own time zone unless one is given.
 */
export function showsYear(date: Date, now: Date, timeZone?: string): boolean {
  const yearOf = (value: Date) => Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(value));
  return yearOf(date) < yearOf(now) - 1;
}

export function formatTransactionDate(value: string | Date, locale: string, now: Date = new Date(), timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(showsYear(date, now, timeZone) ? { year: 'numeric' } : {}),
    timeZone,
  }).format(date);
}

/** The full date for screen readers and the tooltip. */
export function formatLongDate(value: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(value));
}
