import { describe, expect, it } from 'vitest';
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

describe('initialLocale (no stored choice in this environment)', () => {
  const at = (href: string) => new URL(href, 'http://localhost');

  it('takes the locale query first', () => {
    expect(initialLocale(at('/jp/faq?locale=fr-FR'), ['en-GB'])).toEqual({ locale: 'fr-FR', known: true });
  });

  it('takes a country prefix before the browser language', () => {
    expect(initialLocale(at('/jp/faq'), ['en-GB'])).toEqual({ locale: 'ja-JP', known: true });
  });

  it('takes a supported browser language', () => {
    expect(initialLocale(at('/faq'), ['de-DE', 'en-GB'])).toEqual({ locale: 'en-GB', known: true });
  });

  it('falls back to en-US, unknown, so the visitor is asked for a country', () => {
    expect(initialLocale(at('/faq'), ['de-DE'])).toEqual({ locale: 'en-US', known: false });
    expect(initialLocale(at('/faq?locale=xx-XX'), [])).toEqual({ locale: 'en-US', known: false });
  });
});
