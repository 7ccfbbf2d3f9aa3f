import { StrictMode, useEffect } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './lib/query-client';
import type { AppRouter } from './router';

/** Marks the page once the app has taken it over (hydrated or rendered): tests wait for it. */
function Started({ onStarted }: { onStarted?: () => void }) {
  useEffect(() => {
    document.documentElement.dataset.appStarted = 'true';
    onStarted?.();
  }, [onStarted]);
  return null;
}

/** The whole React tree: the build prerenders it to HTML and the browser hydrates that HTML with it. */
export function AppTree({ router, onStarted }: { router: AppRouter; onStarted?: () => void }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Started onStarted={onStarted} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}
