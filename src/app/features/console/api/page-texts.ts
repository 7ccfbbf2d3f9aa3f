import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ContentNamespace } from '#domain/content/namespaces';
import type { SupportedLocale } from '#domain/markets';
import { contentPageTextsSchema, type ContentPageTexts } from '#domain/schemas/content';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: contentPageTextsSchema });

/** GET /ops/content/{locale}/{namespace}: a page's live texts and the drafts waiting. */
export async function fetchPageTexts(
  locale: SupportedLocale,
  namespace: ContentNamespace,
  signal?: AbortSignal,
): Promise<ContentPageTexts> {
  return answer.parse(await consoleRequest(`/content/${locale}/${namespace}`, { signal })).data;
}

export const pageTextsQueryKey = (locale: SupportedLocale, namespace?: ContentNamespace) =>
  namespace ? (['ops', 'content', locale, namespace] as const) : (['ops', 'content', locale] as const);

export const pageTextsQueryOptions = (locale: SupportedLocale, namespace: ContentNamespace) =>
  queryOptions({ queryKey: pageTextsQueryKey(locale, namespace), queryFn: ({ signal }) => fetchPageTexts(locale, namespace, signal) });

export function usePageTexts(locale: SupportedLocale, namespace: ContentNamespace) {
  return useQuery(pageTextsQueryOptions(locale, namespace));
}
