import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ContentNamespace } from '#domain/content/namespaces';
import type { SupportedLocale } from '#domain/markets';
import { contentPublishedSchema } from '#domain/schemas/content';
import { consoleRequest } from '../console-api';
import { pageTextsQueryKey } from './page-texts';

const answer = z.object({ data: contentPublishedSchema });

/** POST /ops/content/{locale}/publish: the drafts of one page (or of every page without one) go live; answers how many. */
export async function publishDrafts(locale: SupportedLocale, namespace?: ContentNamespace): Promise<number> {
  const body = namespace ? { namespace } : {};
  return answer.parse(await consoleRequest(`/content/${locale}/publish`, { method: 'POST', body })).data.published;
}

export function usePublishDrafts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ locale, namespace }: { locale: SupportedLocale; namespace?: ContentNamespace }) => publishDrafts(locale, namespace),
    // Publishing every page changes each of the language's pages.
    onSuccess: (_count, input) => client.invalidateQueries({ queryKey: pageTextsQueryKey(input.locale, input.namespace) }),
  });
}
