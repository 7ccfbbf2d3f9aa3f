import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { productsResponse, type Product } from '#domain/schemas/wallet';
import { isCountryCode, type CountryCode } from '#domain/markets';
import { apiRequest } from '../../../lib/api';
import { currentCountryCode, currentLocale } from '../../../lib/i18n';
import { answeredOfflineByServiceWorker, loadWhenOnline } from '../../../lib/query-client';

/** GET /products?country_code= (public): the market's catalogue, names in the request's language. */
export async function fetchProducts(countryCode: CountryCode, signal?: AbortSignal): Promise<Product[]> {
  const query = new URLSearchParams({ country_code: countryCode });
  return productsResponse.parse(await apiRequest(`/products?${query}`, { signal })).data;
}

export const productsQueryOptions = (countryCode: CountryCode, locale: string) =>
  queryOptions({
    queryKey: ['products', countryCode, locale] as const,
    queryFn: ({ signal }) => fetchProducts(countryCode, signal),
    staleTime: 5 * 60_000,
    ...answeredOfflineByServiceWorker,
  });

export function useProducts(countryCode: CountryCode, locale: string) {
  return useQuery(productsQueryOptions(countryCode, locale));
}

/**
 * For route loaders: fetch the catalogue of the page's market (its prefix, else the visitor's).
 * A failure leaves the page to say so rather than failing the route.
 */
export async function preloadProducts(queryClient: QueryClient, countryParam: string | undefined): Promise<void> {
  const country = isCountryCode(countryParam) ? countryParam : currentCountryCode();
  await loadWhenOnline(() => queryClient.ensureQueryData(productsQueryOptions(country, currentLocale()))).catch(() => undefined);
}
