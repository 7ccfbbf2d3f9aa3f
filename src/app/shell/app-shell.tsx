import { useLingui } from '@lingui/react/macro';
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { NotificationRegion } from '../ui/notifications';
import { useConsent, useConsentBannerOpen } from '../features/consent/consent-store';
import { pageViewRecorder } from '../features/consent/page-view-recorder';
import { Footer } from './footer';
import { headless } from '../lib/headless';
import { NavBar } from './nav-bar';
import { OfflineBar } from '../features/offline/offline-bar';

// Its own chunk: in headless mode the consent script is never fetched.
const ConsentBanner = lazy(() => import('../features/consent/consent-banner'));

/** The path of the page on screen: it changes once the new page has loaded, not when the navigation starts. */
function useShownPath(): string | undefined {
  return useRouterState({ select: (state) => state.resolvedLocation?.pathname });
}

const recordPageView = pageViewRecorder(() => import('../features/consent/analytics'));

function useAnalytics(enabled: boolean) {
  const pathname = useShownPath();
  const { i18n } = useLingui();
  useEffect(() => {
    if (!enabled || !pathname) return;
    void recordPageView(pathname, i18n.locale);
  }, [enabled, pathname, i18n.locale]);
}

/**
 * After a navigation, screen-reader and keyboard users start at the new page's heading. A page can
 * take a moment to load; someone who moved the focus in that time (opened the account menu, typed in
 * the search field) keeps it: the heading takes the focus only from where the navigation started
 * (the link, the submit button) or from the page's body, where it falls when that element went away.
 */
function useFocusOnNavigation() {
  const router = useRouter();
  const pathname = useShownPath();
  const firstPath = useRef<string | undefined>(undefined);
  const focusAtStart = useRef<Element | null>(null);
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', () => {
        focusAtStart.current = document.activeElement;
      }),
    [router],
  );
  useEffect(() => {
    if (!pathname) return;
    // The first page keeps the browser's own start: focus moves only after a navigation.
    if (firstPath.current === undefined) {
      firstPath.current = pathname;
      return;
    }
    const focused = document.activeElement;
    const movedByThePerson = focused !== null && focused !== document.body && focused !== focusAtStart.current;
    if (movedByThePerson) return;
    document.querySelector<HTMLElement>('#main h1')?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * The operators' console (/ops, /<country>/ops) has its own frame: the customer's navigation bar
 * (its "Log in", its account menu) and footer speak of another session than the operator's.
 */
function useConsoleFrame(): boolean {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return /^(\/[a-z]{2})?\/ops(\/|$)/.test(pathname);
}

export function AppShell() {
  const { t } = useLingui();
  const consent = useConsent();
  // One question at a time on a first visit: the install offer comes once the cookie choice is
  // made, and never while the banner is open again (docs/product.md, Page frame).
  const consentBannerOpen = useConsentBannerOpen();
  useAnalytics(!headless && consent?.analytics === true);
  useFocusOnNavigation();
  const inConsole = useConsoleFrame();
  const customerFrame = !headless && !inConsole;

  return (
    <>
      {headless ? null : (
        <a className="skip-link" href="#main">
          {t`Skip to content`}
        </a>
      )}
      {customerFrame ? <NavBar /> : null}
      <OfflineBar offerInstall={!consentBannerOpen && !inConsole} />
      <main id="main" tabIndex={-1} className="main">
        <Outlet />
      </main>
      {customerFrame ? <Footer /> : null}
      <NotificationRegion />
      {headless ? null : (
        // Loaded only while the question is open: someone who has answered it downloads the banner
        // when they reopen it from the footer, not with every first load. The boundary stays, as
        // the prerendered pages (which show the banner) were drawn with it.
        <Suspense fallback={null}>{consentBannerOpen ? <ConsentBanner /> : null}</Suspense>
      )}
    </>
  );
}
