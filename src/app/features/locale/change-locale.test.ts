import { describe, expect, it } from 'vitest';
import { pathForLocale, pathInMarket } from './change-locale';

describe('pathForLocale', () => {
  it('moves a prefixed address to the new market', () => {
    expect(pathForLocale('/us/signup', 'en-GB')).toBe('/uk/signup');
    expect(pathForLocale('/fr', 'ja-JP')).toBe('/jp');
  });

  it('leaves an address without prefix alone', () => {
    expect(pathForLocale('/signup', 'fr-FR')).toBe('/signup');
    expect(pathForLocale('/usa/x', 'fr-FR')).toBe('/usa/x');
  });
});

describe('pathInMarket', () => {
  it('puts the address under the market of the locale, prefixed or not', () => {
    expect(pathInMarket('/us/user/withdraw', 'fr-CA')).toBe('/ca/user/withdraw');
    expect(pathInMarket('/user/withdraw?tab=1', 'fr-CA')).toBe('/ca/user/withdraw?tab=1');
    expect(pathInMarket('/', 'ja-JP')).toBe('/jp');
  });
});
