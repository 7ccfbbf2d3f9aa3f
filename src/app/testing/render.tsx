import type { ReactNode } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from 'vitest-browser-react';
import type { SupportedLocale } from '#domain/markets';
import { activateLocale, loadLaterMessages } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { createAppRouter } from '../router';

/** The locales a component test renders in: one per language of the catalogues. */
export const testLocales = ['en-US', 'fr-FR', 'ja-JP'] as const satisfies readonly SupportedLocale[];

/** The country prefix of a page in each tested language: the market that speaks it. */
export const testPrefixOf = { 'en-US': 'us', 'fr-FR': 'fr', 'ja-JP': 'jp' } as const satisfies Record<(typeof testLocales)[number], string>;

function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}

/**
 * Renders one component as the app does: the real catalogue of `locale` (lib/i18n.ts, compiled from
 * the committed .po file), the app's query client, and a router at `path` so its links work.
 */
export async function renderComponent(ui: ReactNode, { locale = 'en-US', path = '/' }: { locale?: SupportedLocale; path?: string } = {}) {
  await activateLocale(locale);
  // The pages that show the later catalogue's texts load it in their loaders; a component alone has none.
  await loadLaterMessages();
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  return render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

/** Renders the app's own page at `path` (its route, guard and frame), for a page whose form lives in its route file. */
export async function renderPage(path: string, { locale = 'en-US' }: { locale?: SupportedLocale } = {}) {
  await activateLocale(locale);
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const screen = await render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { screen, router };
}
