import { useLingui } from '@lingui/react/macro';
import type { BinImportReason } from '#domain/schemas/bins-import';
import type { ContentNamespace } from '#domain/content/namespaces';
import { countryCodeOfLocale, supportedLocales, type SupportedLocale } from '#domain/markets';

/** The public pages as the console names them (a namespace is a page). */
export function usePageNames(): Record<ContentNamespace, string> {
  const { t } = useLingui();
  return {
    home: t`Home`,
    'how-it-works': t`How it works`,
    faq: t`Questions (FAQ)`,
    'shop-and-return': t`Shop and return`,
    'privacy-policy': t`Privacy policy`,
    'contact-us': t`Contact us`,
  };
}

/**
 * A locale named in the operator's language ("French (France)", "フランス語 (フランス)") by the
 * browser's Intl, so the console's catalogue needs no list of languages; with its code for lists
 * and choices, without it in sentences; the code alone when Intl cannot name it.
 */
export function useLocaleName(): (locale: string, options?: { withCode?: boolean }) => string {
  const { i18n } = useLingui();
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([i18n.locale], { type: 'language' });
  } catch {
    names = undefined;
  }
  return (locale, { withCode = true } = {}) => {
    const name = names?.of(locale);
    if (!name || name === locale) return locale;
    return withCode ? `${name} · ${locale}` : name;
  };
}

/** Why a row of a bins file was refused, in the operator's language (the API answers the codes of binImportReasons). */
export function useBinImportReasonTexts(): Record<BinImportReason, string> {
  const { t } = useLingui();
  return {
    missingId: t`The id is missing.`,
    badId: t`The id must be 1 to 64 characters: lower-case letters, digits, ".", "_" or "-".`,
    badCountry: t`The country code must be one of us, ca, uk, fr, jp.`,
    badLatitude: t`The latitude must be a number from -90 to 90.`,
    badLongitude: t`The longitude must be a number from -180 to 180.`,
    missingDetails: t`The details are missing.`,
    longDetails: t`The details are longer than 500 characters.`,
    missingRetailer: t`The retailer id is missing.`,
    unknownRetailer: t`The retailer id is not a known retailer.`,
    duplicateId: t`The same id appears earlier in this file.`,
  };
}

/** A locale of the app for a missing text's locale, which may be a bare language (i18next sends either). */
export function localeOfReport(reported: string): SupportedLocale | undefined {
  return supportedLocales.find((locale) => locale === reported) ?? supportedLocales.find((locale) => locale.startsWith(`${reported}-`));
}

/**
 * The customer page of a namespace in a locale's market, with its drafts (`strapi_status=draft`,
 * answered to this tab's editor session only) and in that language (`locale`, which the app reads
 * first when it starts): a full page load, as a customer opens it.
 */
export function previewAddress(locale: SupportedLocale, namespace: ContentNamespace): string {
  const page = namespace === 'home' ? '' : `/${namespace}`;
  return `/${countryCodeOfLocale(locale)}${page}?${new URLSearchParams({ locale, strapi_status: 'draft' }).toString()}`;
}
