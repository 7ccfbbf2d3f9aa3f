import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { activateLocale, countryPrefixOf, initialLocale } from './lib/i18n';
import { cacheBuster, queryClient, queryPersister } from './lib/query-client';
import { hasSession, resumeSession } from './lib/session';
import { meQueryKey } from './features/auth/api/me';
import { headless } from './features/shell/headless';
import { rememberReturnPath } from './features/locale/countries-redirect';
import { router } from './router';

const startUrl = new URL(location.href);
const { locale, known } = initialLocale(startUrl, navigator.languages);

// Nothing says where the visitor is: ask for a country first, then come back here.
const onCountries = /^\/([a-z]{2}\/)?countries\/?$/.test(startUrl.pathname);
if (!known && !headless && !countryPrefixOf(startUrl.pathname) && !onCountries) {
  rememberReturnPath(`${startUrl.pathname}${startUrl.search}${startUrl.hash}`);
  history.replaceState(null, '', '/countries');
}

await activateLocale(locale);
resumeSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister: queryPersister,
          buster: cacheBuster,
          maxAge: 24 * 60 * 60 * 1000,
          dehydrateOptions: {
            shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
          },
        }}
        // A session that ended while the app was closed (the cookies' max-age ran out) leaves no customer data behind.
        onSuccess={() => {
          if (!hasSession()) queryClient.removeQueries({ queryKey: meQueryKey });
        }}
      >
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
