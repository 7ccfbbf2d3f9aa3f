import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { binsResponse, type Bin } from '#domain/bins';
import { languageOf, type Language } from '#domain/locales';
import { isCountryCode, type CountryCode } from '#domain/markets';
import { apiRequest } from '../../../lib/api';
import { currentCountryCode, currentLocale } from '../../../lib/i18n';
import { answeredOfflineByServiceWorker, loadWhenOnline } from '../../../lib/query-client';

/**
 * GET /bins?country_code=&language= (public): the market's return bins with their retailers, described
 * in the app's language (a Canadian bin in French or English). The language is in the address, so the
 * service worker keeps each language's list apart.
 */
export async function fetchBins(countryCode: CountryCode, language: Language, signal?: AbortSignal): Promise<Bin[]> {
  const query = new URLSearchParams({ country_code: countryCode, language });
  return binsResponse.parse(await apiRequest(`/bins?${query}`, { signal })).data;
}

export const binsQueryOptions = (countryCode: CountryCode, language: Language = languageOf(currentLocale())) =>
  queryOptions({
    queryKey: ['bins', countryCode, language] as const,
    queryFn: ({ signal }) => fetchBins(countryCode, language, signal),
    // Bins move rarely; the persisted copy shows at once and offline.
    staleTime: 10 * 60_000,
    ...answeredOfflineByServiceWorker,
  });

export function useBins(countryCode: CountryCode) {
  return useQuery(binsQueryOptions(countryCode));
}

/** For the map route's loader: a failure leaves the page to say so. */
export async function preloadBins(queryClient: QueryClient, countryParam: string | undefined): Promise<void> {
  const country = isCountryCode(countryParam) ? countryParam : currentCountryCode();
  await loadWhenOnline(() => queryClient.ensureQueryData(binsQueryOptions(country))).catch(() => undefined);
}
