import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { languages } from '#domain/locales';
import { markets, type CountryCode, type SupportedLocale } from '#domain/markets';

export const marketNames: Record<CountryCode, MessageDescriptor> = {
  us: msg`United States`,
  ca: msg`Canada`,
  uk: msg`United Kingdom`,
  fr: msg`France`,
  jp: msg`Japan`,
};

/** Each language named in itself, so a visitor finds theirs whatever the current one is. */
export const languageEndonyms: Record<SupportedLocale, string> = {
  'en-US': 'English',
  'en-GB': 'English',
  'en-CA': 'English',
  'fr-CA': 'Français',
  'fr-FR': 'Français',
  'ja-JP': '日本語',
};

/**
 * A text as the country search compares it: case, accents and width folded, hiragana read as
 * katakana, so that "etats" finds États-Unis, "ｆｒａｎｃｅ" France and "ふらんす" フランス.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u3041-\u3096]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) + 0x60))
    .toLowerCase()
    .trim();
}

/**
 * Every name a person may type for a market: its name in each language we speak (from the
 * browser's Intl, so it works offline and needs no other catalogue), the name shown, and its codes.
 * Someone in /jp/ who types "France" or "Japon" finds the country all the same.
 */
export function countrySearchTerms(code: CountryCode, shownName: string): string[] {
  const iso = markets[code].iso;
  const names = languages.map((language) => new Intl.DisplayNames([language], { type: 'region' }).of(iso) ?? '');
  return [shownName, ...names].filter(Boolean).map(foldForSearch);
}

/** Whether a typed query finds a market: a part of any of its names, or its code (fr, jp, uk, gb). */
export function countryMatches(query: string, code: CountryCode, shownName: string): boolean {
  const needle = foldForSearch(query);
  if (!needle) return true;
  if (needle === code || needle === markets[code].iso.toLowerCase()) return true;
  return countrySearchTerms(code, shownName).some((name) => name.includes(needle));
}
