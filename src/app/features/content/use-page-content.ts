import { useLingui } from '@lingui/react/macro';
import type { ContentShape } from '#domain/content/en';
import { japanWithdrawalFee } from '#domain/content/market-facts';
import { pendingProcessingDays } from '#domain/pending-rule';
import type { ContentNamespace, ContentPlaceholder } from '#domain/content/namespaces';
import { formatMoney, moneyFromMinor } from '#domain/money';
import { isSupportedLocale, markets, type CountryCode, type Currency, type SupportedLocale } from '#domain/markets';
import { regionalWording } from '#domain/quebec-wording';
import { currentCountryCode } from '../../lib/i18n';
import { reportMissingText } from '../../lib/missing-texts';
import { useCountryParam } from '../../lib/use-country';
import { requestedContentStatus, usePageContentQueries } from './api/page-content';

function formatAmount(minor: number, currency: Currency, locale: string): string {
  return formatMoney(moneyFromMinor(minor, currency), locale);
}

/** The words of the interface language a text refers to, from its catalogue. */
type PlaceholderWords = Pick<Record<ContentPlaceholder, string>, 'postcode'>;

/** The market's figures the texts refer to, in the interface language: one text serves every market. */
export function placeholderValues(country: CountryCode, locale: string, words: PlaceholderWords): Record<ContentPlaceholder, string> {
  const market = markets[country];
  return {
    ...words,
    minimum: formatAmount(market.minimumWithdrawalMinor, market.currency, locale),
    fee: formatAmount(japanWithdrawalFee.feeMinor, japanWithdrawalFee.currency, locale),
    feeThreshold: formatAmount(japanWithdrawalFee.appliesBelowMinor, japanWithdrawalFee.currency, locale),
    days: new Intl.NumberFormat(locale).format(pendingProcessingDays),
  };
}

/** Replaces {placeholder} with its value; an unknown name stays as it is written. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export type ContentKey<Namespace extends ContentNamespace> = keyof ContentShape[Namespace] & string;

/**
 * A page's texts: the server's version of each text, else the bundled one, with the market's
 * figures filled in. The market is the address's country prefix, else the interface language's.
 */
export function usePageContent<Namespace extends ContentNamespace>(namespace: Namespace) {
  const { i18n, t } = useLingui();
  const locale: SupportedLocale = isSupportedLocale(i18n.locale) ? i18n.locale : 'en-US';
  const country = useCountryParam() ?? currentCountryCode();
  const { server, bundled } = usePageContentQueries(namespace, locale);
  const values = placeholderValues(country, locale, {
    postcode: t({
      message: 'zip code',
      comment: 'Within a sentence of the FAQ and the privacy policy: lower case where the language allows',
    }),
  });
  const bundledTexts: Partial<Record<string, string>> | undefined = bundled.data?.[namespace];
  const serverTexts: Partial<Record<string, string>> | undefined = server.data;
  // The server answered this namespace without a key the app bundles: the bundled text shows, and
  // operators hear of it (a failed call is not a missing text, nor is a draft preview).
  const serverLacks = server.isSuccess && requestedContentStatus() === 'published';
  return {
    ready: Boolean(bundledTexts ?? serverTexts),
    country,
    text: (key: ContentKey<Namespace>): string => {
      const bundled = bundledTexts?.[key];
      // The bundled texts are per language; Canada's French says them in Quebec's words, as the server does.
      const bundledText = bundled === undefined ? undefined : regionalWording(locale, bundled);
      if (serverLacks && serverTexts?.[key] === undefined && bundledText !== undefined)
        reportMissingText(locale, namespace, key, bundledText);
      return fillPlaceholders(serverTexts?.[key] ?? bundledText ?? '', values);
    },
  };
}
