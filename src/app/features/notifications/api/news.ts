import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsListAnswer } from '#domain/schemas/notifications';
import { readMessageToWindow } from '#domain/worker-messages';
import { useEffect } from 'react';
import { apiRequestChecked } from '../../../lib/api';
import { askAgainAfterRestart, queryClient } from '../../../lib/query-client';

/** GET /user/news: the latest 50, newest first, and the unread count. */
export async function fetchNews(signal?: AbortSignal): Promise<NewsListAnswer> {
  return apiRequestChecked('/user/news?limit=50', { auth: true, signal }, () =>
    import('#domain/schemas/notifications').then((schemas) => schemas.newsListAnswerSchema),
  );
}

export const newsQueryKey = ['notifications', 'news'] as const;

export const newsQueryOptions = () =>
  queryOptions({
    queryKey: newsQueryKey,
    queryFn: ({ signal }) => fetchNews(signal),
    // News arrives while the app is open: asked again on focus, and shown from the cache meanwhile.
    staleTime: 5_000,
    meta: askAgainAfterRestart,
  });

export function useNews() {
  useEffect(() => {
    const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      // The service worker's word that a push just arrived (sw/sw.ts): the list is asked again at once.
      if (readMessageToWindow(event.data)?.type === 'NEWS_ARRIVED') void queryClient.invalidateQueries({ queryKey: newsQueryKey });
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, []);
  return useQuery(newsQueryOptions());
}
