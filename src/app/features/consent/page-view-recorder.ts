import type { recordPageView } from './analytics';

interface AnalyticsChunk {
  recordPageView: typeof recordPageView;
}

/**
 * Records page views through the analytics chunk, loaded once, on the first view. Every view waits for
 * that one load, so the views are kept in the order they were seen: two separate `import()` calls can
 * settle in either order when the second starts while the first is finishing. A load that fails (no
 * network) is tried again on the next view; the views that waited for it are not kept.
 */
export function pageViewRecorder(load: () => Promise<AnalyticsChunk>): (path: string, locale: string) => Promise<void> {
  let loading: Promise<AnalyticsChunk> | undefined;
  return (path, locale) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading.then(
      (chunk) => chunk.recordPageView(path, locale),
      () => undefined,
    );
  };
}
