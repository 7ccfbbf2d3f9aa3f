import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { languageOf, type Language } from '#domain/locales';
import type { SupportedLocale } from '#domain/markets';
import { activateLocale, currentLocale } from '../../lib/i18n';

/** The console's locale for an operator's language: an English one stays as it is (en-GB, en-CA). */
function localeFor(language: Language): SupportedLocale {
  const current = currentLocale();
  if (languageOf(current) === language) return current;
  return language === 'fr' ? 'fr-FR' : language === 'ja' ? 'ja-JP' : 'en-US';
}

/**
 * Opens the console in the language chosen for the operator when they were invited (their join
 * page, their session). Not stored as the device's choice: the customer site on the same phone
 * keeps its own. None chosen (an operator invited before, or by the CLI without one): no change.
 */
export function useOperatorLanguage(language: Language | null | undefined): void {
  const { i18n } = useLingui();
  useEffect(() => {
    if (!language || languageOf(currentLocale()) === language) return;
    void activateLocale(localeFor(language));
  }, [language, i18n.locale]);
}

/** Each language named in itself, as a person looks for their own. */
export const languageNames: Record<Language, string> = { en: 'English', fr: 'Français', ja: '日本語' };
