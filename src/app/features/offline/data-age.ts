/**
 * "3 hours ago" in the interface language, from the age of a piece of data.
 * Under a minute reads "now"; the unit grows with the age (minutes, hours, days).
 */
export function formatAge(ageMs: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const minutes = Math.round(Math.max(0, ageMs) / 60_000);
  if (minutes < 1) return format.format(0, 'second');
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-Math.round(hours / 24), 'day');
}
