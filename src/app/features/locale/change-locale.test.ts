import { describe, expect, it } from 'vitest';
import { pathForLocale } from './change-locale';

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
