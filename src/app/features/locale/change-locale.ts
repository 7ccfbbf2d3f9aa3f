import type { SupportedLocale } from '#domain/markets';
import { countryCodeOfLocale } from '#domain/markets';
import { activateLocale, countryPrefixOf, currentLocale, storeLocale, takePickedLocale } from '../../lib/i18n';

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

/** The address under the market's prefix: the prefix replaced, or added to an unprefixed path. */
export function pathInMarket(path: string, locale: SupportedLocale): string {
  if (countryPrefixOf(path)) return pathForLocale(path, locale);
  const prefix = `/${countryCodeOfLocale(locale)}`;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/**
 * At sign-in the app takes the language stored on the account (the one its mails come in), unless
 * the customer picked one with the selector in this tab just before (src/app/README.md, Locale at
 * sign-in). Answers the locale switched to, or undefined when the app keeps its language.
 */
export async function followAccountLocale(accountLocale: SupportedLocale): Promise<SupportedLocale | undefined> {
  if (takePickedLocale() || accountLocale === currentLocale()) return undefined;
  await changeLocale(accountLocale);
  return accountLocale;
}
