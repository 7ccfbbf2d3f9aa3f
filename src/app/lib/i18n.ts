import { i18n, type Messages } from '@lingui/core';
import { chooseLocale, fallbackLocale, localeForMarket, storedLocaleInMarket } from '#domain/locales';
import { countryCodeOfLocale, isCountryCode, isSupportedLocale, type CountryCode, type SupportedLocale } from '#domain/markets';

/** The storage key for a locale the visitor picked (docs/product.md, Stored client state). */
export const storedLocaleKey = 'new_locale';

const catalogues = import.meta.glob<{ messages: Messages }>('../locales/*/messages.po');
/**
 * The texts of the pages no first visit of the account page shows (profile, withdrawal, scan, data
 * request) and of the forms that open on a tap (payment method, dispute): their own catalogue
 * (`later.po`, lingui.config.ts), which those pages' loaders and those forms' lazy imports ask for
 * (`loadLaterMessages`), so that every page's first load does not carry them.
 */
const laterCatalogues = import.meta.glob<{ messages: Messages }>('../locales/*/later.po');

async function importCatalogue(
  files: Record<string, () => Promise<{ messages: Messages }>>,
  name: 'messages' | 'later',
  locale: SupportedLocale,
): Promise<Messages> {
  const load = files[`../locales/${locale}/${name}.po`];
  if (!load) throw new Error(`No catalogue ${name} for ${locale}`);
  return (await load()).messages;
}

/**
 * A catalogue that fails to load (a chunk missing after a deploy, offline before the service worker
 * cached it) is logged and replaced by the fallback language's rather than leaving the screen without text.
 */
async function importOrFallback(
  files: Record<string, () => Promise<{ messages: Messages }>>,
  name: 'messages' | 'later',
  locale: SupportedLocale,
): Promise<Messages> {
  try {
    return await importCatalogue(files, name, locale);
  } catch (error) {
    console.error(`Catalogue ${name} ${locale} failed to load; using ${fallbackLocale}`, error);
    return importCatalogue(files, name, fallbackLocale);
  }
}

/** Set once a page has asked for the later texts: a change of language then loads them with the rest. */
let laterWanted = false;
/** The locale whose loaded messages hold the later texts (loadAndActivate replaces a locale's messages). */
let laterLoadedFor: string | null = null;

/** Loads and switches the interface language (with the later texts once a page has asked for them). */
export async function activateLocale(locale: SupportedLocale): Promise<void> {
  const withLater = laterWanted;
  const [messages, later] = await Promise.all([
    importOrFallback(catalogues, 'messages', locale),
    // Without them the later pages show ids, not a language switch that fails as a whole.
    withLater
      ? importOrFallback(laterCatalogues, 'later', locale).catch((error: unknown) => {
          console.error(`Catalogue later of ${fallbackLocale} failed to load too`, error);
          return undefined;
        })
      : undefined,
  ]);
  i18n.loadAndActivate({ locale, messages });
  // Merged as the console's catalogue is (i18n.load adds to the object loaded above), not into a copy:
  // texts merged into a language before stay there when it is activated again.
  if (later) i18n.load(locale, later);
  laterLoadedFor = later ? locale : null;
  document.documentElement.lang = locale;
  // A page asked for the later texts while this language loaded without them.
  if (laterWanted && !withLater) await loadLaterMessages();
}

/** The later texts of the current language, for the loaders of the pages that show them. */
export async function loadLaterMessages(): Promise<void> {
  laterWanted = true;
  const locale = currentLocale();
  if (laterLoadedFor === locale) return;
  const later = await importOrFallback(laterCatalogues, 'later', locale);
  // The language may have changed meanwhile; activateLocale then loaded the new one's later texts.
  if (i18n.locale !== locale) return;
  i18n.load(locale, later);
  laterLoadedFor = locale;
}

export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(storedLocaleKey);
  } catch {
    return null;
  }
}

export function storeLocale(locale: SupportedLocale): void {
  localStorage.setItem(storedLocaleKey, locale);
}

/**
 * A language the visitor picked with the selector in this tab since the last sign-in
 * (src/app/README.md, Locale at sign-in). Kept for the tab only: the choice was made on this device,
 * just before signing in.
 */
const pickedInTabKey = 'locale_picked';

export function notePickedLocale(): void {
  try {
    sessionStorage.setItem(pickedInTabKey, '1');
  } catch {
    // Storage refused (private mode): the account's language will win at sign-in.
  }
}

/** Whether a language was picked in this tab since the last sign-in; the note is spent by asking. */
export function takePickedLocale(): boolean {
  try {
    const picked = sessionStorage.getItem(pickedInTabKey) !== null;
    sessionStorage.removeItem(pickedInTabKey);
    return picked;
  } catch {
    return false;
  }
}

export function countryPrefixOf(pathname: string): CountryCode | undefined {
  const first = pathname.split('/')[1];
  return isCountryCode(first) ? first : undefined;
}

/**
 * The choice order (docs/product.md, Languages and locale choice): query `locale`, stored
 * new_locale, browser, en-US. A country prefix in the address is a stronger hint than the
 * browser's language, so it is tried just before the browser languages; the browser's language still
 * picks among the prefix's own locales (French on /ca/ is fr-CA). A stored locale of another market
 * moves to the prefix's market when it speaks the same language (French stored, /ca/: fr-CA).
 */
export function initialLocale(url: URL, browserLanguages: readonly string[]): { locale: SupportedLocale; known: boolean } {
  const country = countryPrefixOf(url.pathname);
  const stored = readStoredLocale();
  return chooseLocale({
    queryLocale: url.searchParams.get('locale'),
    storedLocale: country && isSupportedLocale(stored) ? storedLocaleInMarket(country, stored) : stored,
    browserLanguages: country ? [localeForMarket(country, browserLanguages)] : browserLanguages,
  });
}

export function currentLocale(): SupportedLocale {
  const locale = i18n.locale;
  return isSupportedLocale(locale) ? locale : 'en-US';
}

/** Country code sent to the API: the locale's region, gb mapped to uk. */
export function currentCountryCode(): CountryCode {
  return countryCodeOfLocale(currentLocale());
}
