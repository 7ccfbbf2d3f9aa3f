import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { activateLocale, countryPrefixOf, initialLocale } from './lib/i18n';
import { queryClient, restoreQueryCache } from './lib/query-client';
import { hasSession, resumeSession } from './lib/session';
import { meQueryKey } from './features/auth/api/me';
import { headless } from './features/shell/headless';
import { rememberReturnPath } from './features/locale/countries-redirect';
import { router } from './router';
import { startOffline } from './features/offline/start-offline';

const startUrl = new URL(location.href);
const { locale, known } = initialLocale(startUrl, navigator.languages);

// Nothing says where the visitor is: ask for a country first, then come back here.
const onCountries = /^\/([a-z]{2}\/)?countries\/?$/.test(startUrl.pathname);
if (!known && !headless && !countryPrefixOf(startUrl.pathname) && !onCountries) {
  rememberReturnPath(`${startUrl.pathname}${startUrl.search}${startUrl.hash}`);
  history.replaceState(null, '', '/countries');
}

// The saved query cache and the language load together; both are local (IndexedDB, precache).
await Promise.all([activateLocale(locale), restoreQueryCache()]);
// A session that ended while the app was closed (the cookies' max-age ran out) leaves no customer data behind.
if (!hasSession()) queryClient.removeQueries({ queryKey: meQueryKey });
resumeSession();
startOffline();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
