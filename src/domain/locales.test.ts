import { describe, expect, it } from 'vitest';
import { chooseLocale, languageFromAcceptLanguage, languageOf, localeForMarket, matchSupportedLocale } from './locales';
import { countryCodeOfLocale, localeOfCountry, markets, supportedLocales } from './markets';

describe('chooseLocale (query, stored new_locale, browser, else en-US)', () => {
  it('takes the query param first', () => {
    expect(chooseLocale({ queryLocale: 'ja-JP', storedLocale: 'fr-FR', browserLanguages: ['en-GB'] })).toEqual({
      locale: 'ja-JP',
      known: true,
    });
  });
  it('then the stored choice', () => {
    expect(chooseLocale({ queryLocale: 'xx-XX', storedLocale: 'fr-FR', browserLanguages: ['en-GB'] })).toEqual({
      locale: 'fr-FR',
      known: true,
    });
  });
  it('then the first supported browser language', () => {
    expect(chooseLocale({ browserLanguages: ['de-DE', 'en-gb', 'fr'] })).toEqual({ locale: 'en-GB', known: true });
    expect(chooseLocale({ browserLanguages: ['fr-CA'] })).toEqual({ locale: 'fr-CA', known: true });
    expect(chooseLocale({ browserLanguages: ['fr'] })).toEqual({ locale: 'fr-FR', known: true });
    expect(chooseLocale({ browserLanguages: ['ja'] })).toEqual({ locale: 'ja-JP', known: true });
  });
  it('else en-US, marked unknown so a first visit goes to /countries', () => {
    expect(chooseLocale({})).toEqual({ locale: 'en-US', known: false });
    expect(chooseLocale({ queryLocale: 'en', storedLocale: null, browserLanguages: ['de', 'es-ES'] })).toEqual({
      locale: 'en-US',
      known: false,
    });
  });
});

describe('matchSupportedLocale', () => {
  it.each([
    ['en-CA', 'en-CA'],
    ['en_ca', 'en-CA'],
    ['en-AU', 'en-US'],
    ['fr-BE', 'fr-FR'],
    ['ja', 'ja-JP'],
    ['de', undefined],
    ['', undefined],
    [null, undefined],
  ] as const)('%s → %s', (tag, expected) => {
    expect(matchSupportedLocale(tag)).toBe(expected);
  });
});

describe('languageFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['ja', 'ja'],
    ['de-DE,de;q=0.9', 'en'],
    ['de-DE;q=1, ja;q=0.5, fr;q=0.7', 'fr'],
    ['en;q=0.1, ja;q=0.9', 'ja'],
    ['*', 'en'],
    ['fr;q=abc, ja;q=0.2', 'ja'],
  ] as const)('%s → %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});

describe('markets and languages', () => {
  it('derives the country segment from the locale region, gb mapped to uk', () => {
    expect(supportedLocales.map(countryCodeOfLocale)).toEqual(['us', 'uk', 'ca', 'ca', 'fr', 'jp']);
    expect(localeOfCountry('uk')).toBe('en-GB');
  });
  it('speaks en, fr or ja', () => {
    expect(supportedLocales.map(languageOf)).toEqual(['en', 'en', 'en', 'fr', 'fr', 'ja']);
  });
  it('offers Canada in English first and in French', () => {
    expect(markets.ca.locales).toEqual(['en-CA', 'fr-CA']);
    expect(localeForMarket('ca', ['fr-FR', 'en'])).toBe('fr-CA');
    expect(localeForMarket('ca', ['ja'])).toBe('en-CA');
    expect(localeForMarket('fr', ['en-GB'])).toBe('fr-FR');
  });
  it('gives every locale a market that lists it, each once', () => {
    const listed = Object.values(markets).flatMap((market) => market.locales);
    expect([...listed].sort()).toEqual([...supportedLocales].sort());
    for (const locale of supportedLocales) expect(markets[countryCodeOfLocale(locale)].locales).toContain(locale);
  });
});
