/** The five markets of the programme, and what differs between them. */

export const countryCodes = ['us', 'ca', 'uk', 'fr', 'jp'] as const;
export type CountryCode = (typeof countryCodes)[number];

/**
 * Every locale of the app, the one list: lingui.config.ts, the catalogues, the mails and the
 * checks of every language read it (locales.test.ts holds them to it).
 */
export const supportedLocales = ['en-US', 'en-GB', 'en-CA', 'fr-CA', 'fr-FR', 'ja-JP'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];

export const currencies = ['USD', 'CAD', 'GBP', 'EUR', 'JPY'] as const;
export type Currency = (typeof currencies)[number];

export interface Market {
  countryCode: CountryCode;
  /** ISO 3166-1 alpha-2 */
  iso: 'US' | 'CA' | 'GB' | 'FR' | 'JP';
  /** The market's first locale: the one a visitor gets when none of the browser's languages is offered. */
  locale: SupportedLocale;
  /** Every locale the market is offered in, its first locale first (Canada: English and French). */
  locales: readonly SupportedLocale[];
  currency: Currency;
  flag: string;
  /** Where the map opens before the visitor's position is known. */
  mapCenter: { lat: number; lng: number };
  /** The market's map pin: its colour on the return-point map. */
  mapPin: { color: string };
  /** Smallest withdrawal, in minor units of the currency. */
  minimumWithdrawalMinor: number;
}

export const markets: Record<CountryCode, Market> = {
  us: {
    countryCode: 'us',
    iso: 'US',
    locale: 'en-US',
    locales: ['en-US'],
    currency: 'USD',
    flag: '🇺🇸',
    mapCenter: { lat: 39.5, lng: -98.35 },
    mapPin: { color: '#1d4ed8' },
    minimumWithdrawalMinor: 500,
  },
  ca: {
    countryCode: 'ca',
    iso: 'CA',
    locale: 'en-CA',
    locales: ['en-CA', 'fr-CA'],
    currency: 'CAD',
    flag: '🇨🇦',
    mapCenter: { lat: 45.5, lng: -75.7 },
    mapPin: { color: '#c8102e' },
    minimumWithdrawalMinor: 500,
  },
  uk: {
    countryCode: 'uk',
    iso: 'GB',
    locale: 'en-GB',
    locales: ['en-GB'],
    currency: 'GBP',
    flag: '🇬🇧',
    mapCenter: { lat: 53.0, lng: -1.5 },
    mapPin: { color: '#012169' },
    minimumWithdrawalMinor: 500,
  },
  fr: {
    countryCode: 'fr',
    iso: 'FR',
    locale: 'fr-FR',
    locales: ['fr-FR'],
    currency: 'EUR',
    flag: '🇫🇷',
    mapCenter: { lat: 46.6, lng: 2.4 },
    mapPin: { color: '#0055a4' },
    minimumWithdrawalMinor: 500,
  },
  jp: {
    countryCode: 'jp',
    iso: 'JP',
    locale: 'ja-JP',
    locales: ['ja-JP'],
    currency: 'JPY',
    flag: '🇯🇵',
    mapCenter: { lat: 36.2, lng: 138.25 },
    mapPin: { color: '#bc002d' },
    minimumWithdrawalMinor: 500,
  },
};

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (countryCodes as readonly string[]).includes(value);
}

export function isSupportedLocale(value: unknown): value is SupportedLocale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/** The locale's region lowercased, with gb mapped to uk (docs/product.md, Markets and currencies). */
export function countryCodeOfLocale(locale: SupportedLocale): CountryCode {
  const region = locale.split('-')[1]!.toLowerCase();
  const code = region === 'gb' ? 'uk' : region;
  if (!isCountryCode(code)) throw new Error(`No market for locale ${locale}`);
  return code;
}

export function localeOfCountry(countryCode: CountryCode): SupportedLocale {
  return markets[countryCode].locale;
}

/**
 * The currency of a market. Takes a plain string because market codes also come from stored
 * rows, which the schema's CHECK limits to ours: any other code is a bug, and throws.
 */
export function currencyOf(countryCode: string): Currency {
  if (!isCountryCode(countryCode)) throw new Error(`no market ${countryCode}`);
  return markets[countryCode].currency;
}
