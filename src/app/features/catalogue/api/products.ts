import { queryOptions, useQuery } from '@tanstack/react-query';
import { productsResponse, type Product } from '../../../../domain/schemas/wallet';
import type { CountryCode } from '../../../../domain/markets';
import { apiRequest } from '../../../lib/api';

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
  });

export function useProducts(countryCode: CountryCode, locale: string) {
  return useQuery(productsQueryOptions(countryCode, locale));
}
