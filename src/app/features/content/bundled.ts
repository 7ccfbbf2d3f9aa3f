import type { Language } from '#domain/locales';
import type { ContentShape } from '#domain/content/en';
import type { LanguageContent } from '#domain/content/namespaces';

export type BundledContent = LanguageContent<ContentShape>;

/**
 * The page texts shipped with the app, one chunk per language, loaded when a page needs them:
 * they show when the server's content cannot be loaded (offline with nothing cached, a failed call).
 */
const loaders: Record<Language, () => Promise<BundledContent>> = {
  en: () => import('#domain/content/en').then((module) => module.enContent),
  fr: () => import('#domain/content/fr').then((module) => module.frContent),
  ja: () => import('#domain/content/ja').then((module) => module.jaContent),
};

export function loadBundledContent(language: Language): Promise<BundledContent> {
  return loaders[language]();
}
