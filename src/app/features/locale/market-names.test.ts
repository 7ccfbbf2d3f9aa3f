import { describe, expect, it } from 'vitest';
import { countryCodes, type CountryCode } from '#domain/markets';
import { countryMatches, foldForSearch } from './market-names';

/** The names the picker shows in /jp/ (the server's Intl names in Japanese). */
const shownInJapanese: Record<CountryCode, string> = {
  us: 'アメリカ合衆国',
  ca: 'カナダ',
  uk: 'イギリス',
  fr: 'フランス',
  jp: '日本',
};

const found = (query: string, shown: Record<CountryCode, string> = shownInJapanese) =>
  countryCodes.filter((code) => countryMatches(query, code, shown[code]));

describe('country search', () => {
  it('ignores case and accents: "etats" and "ETATS" find États-Unis', () => {
    const shownInFrench: Record<CountryCode, string> = {
      us: 'États-Unis',
      ca: 'Canada',
      uk: 'Royaume-Uni',
      fr: 'France',
      jp: 'Japon',
    };
    expect(found('etats', shownInFrench)).toEqual(['us']);
    expect(found('ETATS-unis', shownInFrench)).toEqual(['us']);
    expect(found('royaume', shownInFrench)).toEqual(['uk']);
  });

  it('finds a country by its name in any of our languages, whatever the page’s language', () => {
    expect(found('France')).toEqual(['fr']);
    expect(found('Japon')).toEqual(['jp']);
    expect(found('japan')).toEqual(['jp']);
    expect(found('Royaume-Uni')).toEqual(['uk']);
    expect(found('イギリス')).toEqual(['uk']);
  });

  it('reads hiragana as katakana and full-width letters as plain ones, as a Japanese keyboard types them', () => {
    expect(found('ふらんす')).toEqual(['fr']);
    expect(found('ｆｒａｎｃｅ')).toEqual(['fr']);
  });

  it('finds a country by its code, and the whole list for an empty query', () => {
    expect(found('jp')).toEqual(['jp']);
    expect(found('GB')).toEqual(['uk']);
    expect(found('uk')).toEqual(['uk']);
    expect(found('  ')).toEqual([...countryCodes]);
    expect(found('zz')).toEqual([]);
  });

  it('folds a text once for comparison', () => {
    expect(foldForSearch(' Côte-d’Ivoire ')).toBe('cote-d’ivoire');
  });
});
