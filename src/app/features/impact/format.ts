import { formatMoney, type Money } from '#domain/money';
import { cachedFormat } from '#domain/intl-cache';

/** An axis label: the amount without decimals ($12, 1 200 ¥). */
export function formatAxisAmount(value: number, currency: Money['currency'], locale: string): string {
  return formatMoney({ currency, value: String(value) }, locale, { wholeUnits: true });
}

/** "2026-11" as the interface language writes a month: "Nov 2026", "nov. 2026", "2026年11月". */
export function formatMonth(month: string, locale: string, style: 'short' | 'long' = 'short'): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const format = cachedFormat(
    `d|${locale}|${style}`,
    () => new Intl.DateTimeFormat(locale, { month: style, year: 'numeric', timeZone: 'UTC' }),
  );
  return format.format(new Date(Date.UTC(year!, monthNumber! - 1, 1)));
}

/**
 * Grams of packaging, as a person reads them: "850 g", "12.4 kg" (rounded: the factors are
 * estimates). The number and its unit never part at a line end.
 */
export function formatWeight(grams: number, locale: string): string {
  const text =
    grams < 1000
      ? cachedFormat(`g|${locale}`, () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'gram', maximumFractionDigits: 0 })).format(
          grams,
        )
      : cachedFormat(
          `kg|${locale}`,
          () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 1 }),
        ).format(grams / 1000);
  return text.replace(/ /g, '\u00a0');
}
