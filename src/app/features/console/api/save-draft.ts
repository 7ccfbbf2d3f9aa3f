import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ContentNamespace } from '#domain/content/namespaces';
import type { SupportedLocale } from '#domain/markets';
import { contentDraftSchema, type ContentDraft } from '#domain/schemas/content';
import { consoleRequest } from '../console-api';
import { pageTextsQueryKey } from './page-texts';

const answer = z.object({ data: contentDraftSchema });

export interface DraftInput {
  locale: SupportedLocale;
  namespace: ContentNamespace;
  key: string;
  text: string;
}

/** PUT /ops/content/{locale}/{namespace}/{key}: the text waits as a draft until published. */
export async function saveDraft({ locale, namespace, key, text }: DraftInput): Promise<ContentDraft> {
  const path = `/content/${locale}/${namespace}/${encodeURIComponent(key)}`;
  return answer.parse(await consoleRequest(path, { method: 'PUT', body: { text } })).data;
}

export function useSaveDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDraft,
    onSuccess: (_draft, input) => client.invalidateQueries({ queryKey: pageTextsQueryKey(input.locale, input.namespace) }),
  });
}
