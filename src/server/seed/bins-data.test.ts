import { describe, expect, it } from 'vitest';
import { demoBinRows } from './bins-data';

// The demo bins are what a visitor of a demo reads on the map: each description is written once per
// language it is offered in, and reads as a sentence ("Open 24 hours", never "Open open 24 hours").

describe('demo bins', () => {
  const rows = demoBinRows();

  it('describe Canada’s bins in English and in French, each in its own words', () => {
    const canadian = rows.filter((row) => row.countryCode === 'ca');
    expect(canadian.length).toBeGreaterThan(0);
    for (const row of canadian) {
      expect(row.texts.en, row.id).toMatch(/\bOpen\b/);
      expect(row.texts.fr, row.id).toMatch(/\bOuvert\b/);
    }
  });

  it('never say a word twice in a row', () => {
    const doubled = rows.flatMap((row) =>
      [row.details, ...Object.values(row.texts)]
        .filter((text) => /(?<!\p{L})(\p{L}+)\s+\1(?!\p{L})/iu.test(text))
        .map((text) => `${row.id}: ${text}`),
    );
    expect(doubled).toEqual([]);
  });
});
