import { countryCodeOfLocale, isSupportedLocale, markets, type CountryCode, type SupportedLocale } from './markets';

export const defaultLocale: SupportedLocale = 'en-US';
/** Messages missing from a catalogue are taken from this locale. */
export const fallbackLocale: SupportedLocale = 'fr-FR';

export const languages = ['en', 'fr', 'ja'] as const;
export type Language = (typeof languages)[number];

const languageByLocale = {
  'en-US': 'en',
  'en-GB': 'en',
  'en-CA': 'en',
  'fr-CA': 'fr',
  'fr-FR': 'fr',
  'ja-JP': 'ja',
} as const satisfies Record<SupportedLocale, Language>;

export function languageOf(locale: SupportedLocale): Language {
  return languageByLocale[locale];
}

/** Match a browser language tag (en-gb, fr, ja-JP) to a supported locale. */
export function matchSupportedLocale(tag: string | null | undefined): SupportedLocale | undefined {
  if (!tag) return undefined;
  const [language, region] = tag.trim().split(/[-_]/);
  if (!language) return undefined;
  const exact = `${language.toLowerCase()}-${(region ?? '').toUpperCase()}`;
  if (isSupportedLocale(exact)) return exact;
  switch (language.toLowerCase()) {
    case 'fr':
      return 'fr-FR';
    case 'ja':
      return 'ja-JP';
    case 'en':
      return 'en-US';
    default:
      return undefined;
  }
}

export interface LocaleSources {
  queryLocale?: string | null;
  storedLocale?: string | null;
  browserLanguages?: readonly string[];
}

/**
 * The choice order (docs/product.md, Languages and locale choice): `locale` query param, stored `new_locale`,
 * the first supported browser language, else en-US. `known` is false when
 * only the default was left, which sends a first-time visitor to /countries.
 */
export function chooseLocale(sources: LocaleSources): { locale: SupportedLocale; known: boolean } {
  if (isSupportedLocale(sources.queryLocale)) return { locale: sources.queryLocale, known: true };
  if (isSupportedLocale(sources.storedLocale)) return { locale: sources.storedLocale, known: true };
  for (const tag of sources.browserLanguages ?? []) {
    const match = matchSupportedLocale(tag);
    if (match) return { locale: match, known: true };
  }
  return { locale: defaultLocale, known: false };
}

/**
 * The locale of a market in a language it is offered in: French on /ca/ is fr-CA, English en-CA.
 * Undefined when the market does not speak the tag's language.
 */
export function localeInMarket(country: CountryCode, tag: string | null | undefined): SupportedLocale | undefined {
  const language = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return markets[country].locales.find((locale) => languageOf(locale) === language);
}

/**
 * The locale for a page of a market: the first browser language the market is offered in, else its
 * first locale. A French browser on /ca/ reads the Canadian French, not the English nor France's.
 */
export function localeForMarket(country: CountryCode, browserLanguages: readonly string[]): SupportedLocale {
  for (const tag of browserLanguages) {
    const locale = localeInMarket(country, tag);
    if (locale) return locale;
  }
  return markets[country].locale;
}

/** A locale kept for another market, moved to this market in the same language when the market speaks it. */
export function storedLocaleInMarket(country: CountryCode, stored: SupportedLocale): SupportedLocale {
  if (countryCodeOfLocale(stored) === country) return stored;
  return localeInMarket(country, stored) ?? stored;
}

/** Pick a server message language from an Accept-Language header. */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: (tag ?? '').toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag.length > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const language = tag.slice(0, 2);
    if (language === 'en' || language === 'fr' || language === 'ja') return language;
  }
  return 'en';
}
