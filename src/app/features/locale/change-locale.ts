import type { SupportedLocale } from '#domain/markets';
import { countryCodeOfLocale } from '#domain/markets';
import { activateLocale, countryPrefixOf, storeLocale } from '../../lib/i18n';

/** Switches the language at once and remembers it under the new_locale key. */
export async function changeLocale(locale: SupportedLocale): Promise<void> {
  storeLocale(locale);
  await activateLocale(locale);
}

/** The same address under the new market's prefix, when the address has one. */
export function pathForLocale(pathname: string, locale: SupportedLocale): string {
  if (!countryPrefixOf(pathname)) return pathname;
  return pathname.replace(/^\/[a-z]{2}(?=\/|$)/, `/${countryCodeOfLocale(locale)}`);
}
