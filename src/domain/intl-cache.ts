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
