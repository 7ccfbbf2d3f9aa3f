import type { QueryCache } from '@tanstack/react-query';

/**
 * "3 hours ago" in the interface language, from the age of a piece of data.
 * Under a minute reads "now"; the unit grows with the age (minutes, hours, days).
 */
export function formatAge(ageMs: number, locale: string): string {
  const text = formatAgeAsIntlDoes(ageMs, locale);
  // Intl writes 「3 分前」; Japanese sets a number against its counter with no space: 「3分前」.
  return locale.startsWith('ja')
    ? text.replace(/(\d)[ \u00A0\u202F]+(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu, '$1')
    : text;
}

function formatAgeAsIntlDoes(ageMs: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const minutes = Math.round(Math.max(0, ageMs) / 60_000);
  if (minutes < 1) return format.format(0, 'second');
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-Math.round(hours / 24), 'day');
}

/**
 * When the oldest data on screen was fetched: the queries someone is looking at, except those
 * whose meta says `dataAge: false`. Those are the frame's, not the page's: the signed-in user
 * behind the account menu stays observed (and fresh for five minutes) across every page, so it
 * would make a balance fetched seconds ago read as "updated 6 minutes ago".
 */
export function oldestShownDataAt(cache: Pick<QueryCache, 'getAll'>): number | undefined {
  let oldest: number | undefined;
  for (const query of cache.getAll()) {
    if (query.getObserversCount() === 0 || query.state.status !== 'success' || !query.state.dataUpdatedAt) continue;
    if (query.meta?.dataAge === false) continue;
    oldest = Math.min(oldest ?? Infinity, query.state.dataUpdatedAt);
  }
  return oldest;
}
