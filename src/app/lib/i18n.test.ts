import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countryPrefixOf, initialLocale } from './i18n';

describe('countryPrefixOf', () => {
  it('knows the five market codes and nothing else', () => {
    expect(countryPrefixOf('/uk/faq')).toBe('uk');
    expect(countryPrefixOf('/jp')).toBe('jp');
    expect(countryPrefixOf('/gb/faq')).toBeUndefined();
    expect(countryPrefixOf('/faq')).toBeUndefined();
    expect(countryPrefixOf('/')).toBeUndefined();
  });
});

describe('initialLocale with a stored choice', () => {
  const at = (href: string) => new URL(href, 'http://localhost');
  const stored = new Map<string, string>();
  beforeEach(() => {
    stored.clear();
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps French stored for France as Canada in French on /ca/, never France above a Canadian address', () => {
    stored.set('new_locale', 'fr-FR');
    expect(initialLocale(at('/ca/signup'), ['en-CA'])).toEqual({ locale: 'fr-CA', known: true });
    expect(initialLocale(at('/fr/signup'), ['en-CA'])).toEqual({ locale: 'fr-FR', known: true });
  });

  it('keeps Canada in English when it was chosen, whatever the browser says', () => {
    stored.set('new_locale', 'en-CA');
    expect(initialLocale(at('/ca/'), ['fr-CA'])).toEqual({ locale: 'en-CA', known: true });
  });
});

describe('initialLocale (no stored choice in this environment)', () => {
  const at = (href: string) => new URL(href, 'http://localhost');

  it('takes the locale query first', () => {
    expect(initialLocale(at('/jp/faq?locale=fr-FR'), ['en-GB'])).toEqual({ locale: 'fr-FR', known: true });
  });

  it('takes a country prefix before the browser language', () => {
    expect(initialLocale(at('/jp/faq'), ['en-GB'])).toEqual({ locale: 'ja-JP', known: true });
  });

  it('reads Canada in French for a French browser on /ca/, in English otherwise', () => {
    expect(initialLocale(at('/ca/'), ['fr-CA', 'fr'])).toEqual({ locale: 'fr-CA', known: true });
    expect(initialLocale(at('/ca/signup'), ['fr-FR'])).toEqual({ locale: 'fr-CA', known: true });
    expect(initialLocale(at('/ca/'), ['de-DE', 'en-US'])).toEqual({ locale: 'en-CA', known: true });
    expect(initialLocale(at('/ca/'), ['ja-JP'])).toEqual({ locale: 'en-CA', known: true });
    expect(initialLocale(at('/faq'), ['fr-CA'])).toEqual({ locale: 'fr-CA', known: true });
  });

  it('takes a supported browser language', () => {
    expect(initialLocale(at('/faq'), ['de-DE', 'en-GB'])).toEqual({ locale: 'en-GB', known: true });
  });

  it('falls back to en-US, unknown, so the visitor is asked for a country', () => {
    expect(initialLocale(at('/faq'), ['de-DE'])).toEqual({ locale: 'en-US', known: false });
    expect(initialLocale(at('/faq?locale=xx-XX'), [])).toEqual({ locale: 'en-US', known: false });
  });
});
