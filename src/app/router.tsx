import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { queryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';
import { ErrorPage } from './shell/error-page';

/**
 * Every query value stays a string: a code like 0123 or a token must reach the page
 * exactly as it was mailed, not parsed as JSON.
 */
function parseSearch(searchStr: string): Record<string, string> {
  const search: Record<string, string> = {};
  new URLSearchParams(searchStr).forEach((value, key) => {
    search[key] = value;
  });
  return search;
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The app's router; the build's prerendering gives it a memory history at the page to render. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    notFoundMode: 'root',
    defaultErrorComponent: ErrorPage,
    defaultPreload: 'intent',
    // The query cache already holds the data; the router need not keep its own copy fresh.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    parseSearch,
    stringifySearch,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

export const router: AppRouter = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
