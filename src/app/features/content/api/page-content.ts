import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { languageOf, type Language } from '#domain/locales';
import type { SupportedLocale } from '#domain/markets';
import type { ContentNamespace, ContentStatus } from '#domain/content/namespaces';
import { parseNamespaceTexts, type NamespaceTexts } from '#domain/content/texts';
import { currentLocale } from '../../../lib/i18n';
import { storedOperatorToken } from '../../../lib/operator-token';
import { answeredOfflineByServiceWorker } from '../../../lib/query-client';
import { loadBundledContent } from '../bundled';

/**
 * The content status to ask for: the `strapi_status` query of the page's address is
 * forwarded to the content call, so an editor previews drafts with `?strapi_status=draft`.
 */
export function requestedContentStatus(search: string = location.search): ContentStatus {
  return new URLSearchParams(search).get('strapi_status') === 'draft' ? 'draft' : 'published';
}

/**
 * GET /locales/{lng}/{ns}.json (public, no credential; drafts with an editor's session). A failure is logged and rethrown: the
 * query keeps any earlier answer, and the page shows the bundled text where it has none.
 */
export async function fetchPageContent(
  locale: SupportedLocale,
  namespace: ContentNamespace,
  status: ContentStatus,
  signal?: AbortSignal,
): Promise<NamespaceTexts> {
  const query = status === 'draft' ? '?strapi_status=draft' : '';
  // Drafts need an editor: their console session in this tab (docs/api.md), never a key.
  const editorToken = status === 'draft' ? storedOperatorToken() : undefined;
  try {
    const response = await fetch(`/locales/${locale}/${namespace}.json${query}`, {
      headers: { Accept: 'application/json', ...(editorToken ? { Authorization: `Bearer ${editorToken}` } : {}) },
      signal,
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseNamespaceTexts(await response.json());
  } catch (error) {
    if (signal?.aborted) throw error;
    // A translation that fails to load is logged and treated as a 404: the bundled text shows.
    console.warn(`Page content ${locale}/${namespace} could not be loaded; showing the bundled text`, error);
    throw error;
  }
}

export const pageContentQueryOptions = (locale: SupportedLocale, namespace: ContentNamespace, status: ContentStatus) =>
  queryOptions({
    queryKey: ['page-content', locale, namespace, status] as const,
    queryFn: ({ signal }) => fetchPageContent(locale, namespace, status, signal),
    staleTime: 5 * 60_000,
    // The bundled text is there meanwhile: no reason to hold the page for retries.
    retry: false,
    ...answeredOfflineByServiceWorker,
    // Public texts, the same for everyone: the service worker keeps the last published ones for
    // offline use (sw/sw.ts), so a visitor's first page needs no IndexedDB (Dexie) at all.
    meta: { persist: false },
  });

export const bundledContentQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['bundled-content', language] as const,
    queryFn: () => loadBundledContent(language),
    staleTime: Number.POSITIVE_INFINITY,
    // A chunk of the app (precached by the service worker), not a network call: it must load
    // offline too, where an 'online' query would wait for the network and leave the page blank.
    networkMode: 'always',
    // Part of the app build: never saved, always loaded from the chunk.
    meta: { persist: false },
  });

export function usePageContentQueries(namespace: ContentNamespace, locale: SupportedLocale) {
  const server = useQuery(pageContentQueryOptions(locale, namespace, requestedContentStatus()));
  const bundled = useQuery(bundledContentQueryOptions(languageOf(locale)));
  return { server, bundled };
}

/**
 * For route loaders: the bundled texts of the language, and the server's, before the page
 * renders. Offline the service worker answers the server's call from the texts it kept, or it fails
 * at once and the bundled text shows; a failure never fails the route.
 */
export async function preloadPageContent(queryClient: QueryClient, namespace: ContentNamespace): Promise<void> {
  const locale = currentLocale();
  await Promise.all([
    queryClient.ensureQueryData(bundledContentQueryOptions(languageOf(locale))).catch(() => undefined),
    queryClient.ensureQueryData(pageContentQueryOptions(locale, namespace, requestedContentStatus())).catch(() => undefined),
  ]);
}
