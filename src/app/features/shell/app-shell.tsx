import { useLingui } from '@lingui/react/macro';
import { Outlet, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { NotificationRegion } from '../../ui/notifications';
import { useConsent } from '../consent/consent-store';
import { Footer } from './footer';
import { headless } from './headless';
import { NavBar } from './nav-bar';

// Its own chunk: in headless mode the consent script is never fetched.
const ConsentBanner = lazy(() => import('../consent/consent-banner'));

function useAnalytics(enabled: boolean) {
  const { pathname } = useLocation();
  const { i18n } = useLingui();
  useEffect(() => {
    if (!enabled) return;
    void import('../consent/analytics').then(({ recordPageView }) => recordPageView(pathname, i18n.locale));
  }, [enabled, pathname, i18n.locale]);
}

/** After a navigation, screen-reader and keyboard users start at the new page's heading. */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = document.querySelector<HTMLElement>('#main h1');
    heading?.focus({ preventScroll: true });
  }, [pathname]);
}

export function AppShell() {
  const { t } = useLingui();
  const consent = useConsent();
  useAnalytics(!headless && consent?.analytics === true);
  useFocusOnNavigation();

  return (
    <>
      {headless ? null : (
        <a className="skip-link" href="#main">
          {t`Skip to content`}
        </a>
      )}
      {headless ? null : <NavBar />}
      <main id="main" tabIndex={-1} className="main">
        <Outlet />
      </main>
      {headless ? null : <Footer />}
      <NotificationRegion />
      {headless ? null : (
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      )}
    </>
  );
}
