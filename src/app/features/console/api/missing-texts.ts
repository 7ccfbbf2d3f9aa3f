import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { SupportedLocale } from '#domain/markets';
import { missingTextSchema, type MissingText } from '#domain/schemas/missing-texts';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: z.array(missingTextSchema) });

/** GET /ops/missing-texts?locale=: texts the app reported missing, most reported first (every locale without one). */
export async function fetchMissingTexts(locale: SupportedLocale | undefined, signal?: AbortSignal): Promise<MissingText[]> {
  const query = locale ? `?locale=${locale}` : '';
  return answer.parse(await consoleRequest(`/missing-texts${query}`, { signal })).data;
}

export const missingTextsQueryOptions = (locale: SupportedLocale | undefined) =>
  queryOptions({
    queryKey: ['ops', 'missing-texts', locale ?? 'all'] as const,
    queryFn: ({ signal }) => fetchMissingTexts(locale, signal),
  });

export function useMissingTexts(locale: SupportedLocale | undefined) {
  return useQuery(missingTextsQueryOptions(locale));
}
