import type { Language } from '../locales';
import { enContent, type ContentShape } from './en';
import { frContent } from './fr';
import { jaContent } from './ja';
import type { ContentNamespace, LanguageContent } from './namespaces';

/**
 * Every language's texts at once, for the server's seed and for tests. The app does not import
 * this file: it loads one language's file lazily (features/content).
 */
export const contentSource: Record<Language, LanguageContent<ContentShape>> = {
  en: enContent,
  fr: frContent,
  ja: jaContent,
};

/** The keys a namespace has: the English source's. An operator cannot add a key no page shows. */
export function contentKeysOf(namespace: ContentNamespace): string[] {
  return Object.keys(enContent[namespace]);
}
