import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { supportedLocales } from '#domain/markets';
import { quebecWording } from '#domain/quebec-wording';

/** The customer app's catalogues (every page's and the later pages'), and the operators' console's own (lingui.config.ts). */
const catalogueNames = ['messages', 'later', 'console'] as const;
type CatalogueName = (typeof catalogueNames)[number];

/** msgid → msgstr of a .po catalogue (single-line entries, as Lingui writes them). */
function entries(locale: string, catalogue: CatalogueName = 'messages'): Map<string, string> {
  const text = readFileSync(path.join(import.meta.dirname, locale, `${catalogue}.po`), 'utf8');
  const map = new Map<string, string>();
  for (const match of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
    if (match[1]) map.set(match[1], match[2] ?? '');
  }
  return map;
}

// A message missing from a catalogue would show as its hashed id in a production build.
describe.each(catalogueNames.flatMap((name) => supportedLocales.map((locale) => [name, locale] as const)))('catalogue %s %s', (name, locale) => {
  it('translates every message of the source catalogue', () => {
    const source = entries('en-US', name);
    const catalogue = entries(locale, name);
    const missing = [...source.keys()].filter((id) => !catalogue.get(id));
    expect(missing).toEqual([]);
  });
});

describe('real translations', () => {
  it('French and Japanese differ from English except for names', () => {
    const same = (locale: string) =>
      catalogueNames.flatMap((name) => [...entries(locale, name)].filter(([id, text]) => id === text).map(([id]) => id));
    const allowed = new Set(['IBAN', 'LINE Pay', 'PayPal', '{title} · Roundtrip', 'Canada', 'France', 'FAQ', 'Menu', 'Notifications', 'Province']);
    expect(same('fr-FR').filter((id) => !allowed.has(id))).toEqual([]);
    expect(same('fr-CA').filter((id) => !allowed.has(id))).toEqual([]);
    expect(same('ja-JP').filter((id) => !allowed.has(id) && id !== '© {year} Roundtrip. All rights reserved.')).toEqual([]);
  });

  it('Canadian French says courriel, province and service à la clientèle, as Quebec does', () => {
    for (const name of catalogueNames) {
      const france = [...entries('fr-CA', name)].filter(([, text]) => quebecWording(text) !== text);
      expect(france.map(([, text]) => `${text} → ${quebecWording(text)}`)).toEqual([]);
    }
    expect(entries('fr-CA').get('Email')).toBe('Adresse courriel');
    // The forms that ask for the state (address, bank account) are in the later catalogue.
    expect(entries('fr-CA', 'later').get('State')).toBe('Province');
    expect(entries('fr-CA').get('Zip code')).toBe('Code postal');
  });

  it('has a catalogue of each kind for every locale, and no other', () => {
    const folders = readdirSync(import.meta.dirname, { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() && readdirSync(path.join(import.meta.dirname, entry.name)).some((file) => file.endsWith('.po')),
    );
    expect(folders.map((entry) => entry.name).sort()).toEqual([...supportedLocales].sort());
  });

  it('has a web app manifest in each locale (scripts/make-manifests.mjs)', () => {
    for (const locale of supportedLocales) {
      const manifest: unknown = JSON.parse(
        readFileSync(path.join(import.meta.dirname, '../../../public', `manifest-${locale}.webmanifest`), 'utf8'),
      );
      expect(manifest).toMatchObject({ lang: locale });
    }
  });

  it('British English writes typographic apostrophes', () => {
    const straight = catalogueNames.flatMap((name) => [...entries('en-GB', name).values()].filter((text) => text.includes("'")));
    expect(straight).toEqual([]);
  });

  it('British and Canadian English spell the post code and the catalogue their way', () => {
    expect(entries('en-GB').get('Zip code')).toBe('Postcode');
    expect(entries('en-CA').get('Zip code')).toBe('Postal code');
    expect(entries('en-GB').get('The product catalog could not be loaded.')).toBe('The product catalogue could not be loaded.');
  });
});
