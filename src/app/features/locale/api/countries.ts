import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { countrySchema, type Country } from '#domain/schemas/account';
import type { SupportedLocale } from '#domain/markets';
import { apiRequest } from '../../../lib/api';

const countriesAnswer = z.object({ data: z.array(countrySchema) });

/** Country names come in the request's language, so the locale is part of the key. */
export async function fetchCountries(signal?: AbortSignal): Promise<Country[]> {
  return countriesAnswer.parse(await apiRequest('/countries', { signal })).data;
}

export const countriesQueryOptions = (locale: SupportedLocale) =>
  queryOptions({
    queryKey: ['countries', locale],
    queryFn: ({ signal }) => fetchCountries(signal),
    staleTime: 24 * 60 * 60 * 1000,
    // The language selector's list: not what "updated … ago" speaks of (features/offline/data-age.ts).
    meta: { dataAge: false },
  });

export function useCountries(locale: SupportedLocale) {
  return useQuery(countriesQueryOptions(locale));
}
