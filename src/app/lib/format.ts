import { cachedFormat } from '#domain/intl-cache';

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

/** Date and time to the minute: when something happened matters, as in the audit trail. */
export function formatDateTime(value: string, locale: string, timeZone?: string): string {
  return cachedFormat(
    `dt|${locale}|${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
  ).format(new Date(value));
}

/** The hour as the locale's short time writes it: 09:05 in French and British English, 9:05 AM in American English. */
function shortTimeHour(locale: string): '2-digit' | 'numeric' {
  const nine = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).formatToParts(new Date(2026, 0, 1, 9));
  return nine.find((part) => part.type === 'hour')?.value.length === 2 ? '2-digit' : 'numeric';
}

/** When a piece of news came: its day as the history writes it (the year only when older than last year), and the time. */
export function formatNewsDate(value: string, locale: string, now: Date = new Date(), timeZone?: string): string {
  const date = new Date(value);
  const withYear = showsYear(date, now, timeZone);
  return cachedFormat(
    `n|${locale}|${withYear}|${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        ...(withYear ? { year: 'numeric' } : {}),
        hour: shortTimeHour(locale),
        minute: '2-digit',
        timeZone,
      }),
  ).format(date);
}
