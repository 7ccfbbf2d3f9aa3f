import { enContent } from '#domain/content/en';
import { frContent } from '#domain/content/fr';
import { jaContent } from '#domain/content/ja';
import type { Lang } from './texts';

/** The bundled page texts, which the server seeds its content from: what each page reads. */
export const pageTexts = { en: enContent, fr: frContent, ja: jaContent } as const satisfies Record<Lang, unknown>;

/** The markets the public pages are checked in, one per language. */
export const languageMarkets = [
  { prefix: 'us', lang: 'en', locale: 'en-US', currency: 'USD' },
  { prefix: 'fr', lang: 'fr', locale: 'fr-FR', currency: 'EUR' },
  { prefix: 'jp', lang: 'ja', locale: 'ja-JP', currency: 'JPY' },
] as const;

/** Fills {placeholder}s with given values, as the app does. */
export function filled(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
