import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { externalLinks, mobilePlatform, type MobilePlatform } from '../lib/config';
import { useMe, useSignedIn } from '../lib/me';
import { ExternalLink } from './external-link';
import { useCountryParam } from '../lib/use-country';
import { UserMenu } from './user-menu';

const neverChanges = () => () => {};

/** The navigation bar's height, on <html>, for what is placed below it (styles.css, .notifications). */
const headerHeightProperty = '--header-height';

/** Set on <html> by the prerendered page's inline script (shell/before-app.js) when it opened the menu. */
const menuOpenedBeforeAppAttribute = 'data-menu-opened-before-app';

/**
 * The device's platform, as 'other' while a prerendered page is hydrated: the prerendered link is
 * the generic one, and hydration keeps the attributes it finds, so the store link is put in by the
 * render that follows hydration.
 */
function useDevicePlatform(): MobilePlatform {
  return useSyncExternalStore(
    neverChanges,
    () => mobilePlatform(navigator.userAgent),
    () => 'other',
  );
}

export function NavBar() {
  const { t } = useLingui();
  const country = useCountryParam();
  const signedIn = useSignedIn();
  const me = useMe();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();
  const mobileAppUrl = externalLinks.mobileApp[useDevicePlatform()];

  // A followed link closes the small-screen menu.
  useEffect(() => setOpen(false), [pathname]);

  // The messages (ui/notifications.tsx) come up below the bar, never over it: a message over the
  // account button held itself there while the pointer rested on it to reach the button. The bar is
  // one line on a phone and up to three on a wide screen, by language and menu.
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = headerRef.current;
    if (!header || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(headerHeightProperty, `${header.offsetHeight}px`));
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty(headerHeightProperty);
    };
  }, []);

  // A tap on "Menu" before the app took the prerendered page over was answered by the page's inline
  // script (shell/before-app.js), which opened the panel itself: the app keeps it as the person left it.
  useEffect(() => {
    const root = document.documentElement;
    if (!root.hasAttribute(menuOpenedBeforeAppAttribute)) return;
    root.removeAttribute(menuOpenedBeforeAppAttribute);
    setOpen(true);
  }, []);

  return (
    <header ref={headerRef} className="site-header">
      <nav className="nav" aria-label={t`Main`}>
        <Link to="/{-$country}" params={{ country }} className="nav__brand">
          <BrandMark />
          <span>Roundtrip</span>
        </Link>
        <button
          type="button"
          className="nav__toggle"
          data-menu-toggle=""
          aria-expanded={open}
          aria-controls={listId}
          onClick={(event) => {
            // Marks the tap as answered, so that the page's inline script leaves it alone.
            event.preventDefault();
            setOpen((value) => !value);
          }}
        >
          {t`Menu`}
        </button>
        <div id={listId} className={open ? 'nav__panel nav__panel--open' : 'nav__panel'}>
          <ul className="nav__links">
            <li>
              <Link to="/{-$country}/map" params={{ country }}>
                {t`Return points`}
              </Link>
            </li>
            <li>
              <Link to="/{-$country}/products" params={{ country }}>
                {t`Products`}
              </Link>
            </li>
            <li>
              <Link to="/{-$country}/faq" params={{ country }}>
                {t`FAQ`}
              </Link>
            </li>
            <li>
              <Link to="/{-$country}/how-it-works" params={{ country }}>
                {t`How it works`}
              </Link>
            </li>
            {externalLinks.aboutUs && (
              <li>
                <ExternalLink href={externalLinks.aboutUs}>{t`About us`}</ExternalLink>
              </li>
            )}
            {mobileAppUrl && (
              <li>
                <ExternalLink href={mobileAppUrl}>{t`Mobile app`}</ExternalLink>
              </li>
            )}
            <li>
              <Link to="/{-$country}/contact-us" params={{ country }}>
                {t`Contact us`}
              </Link>
            </li>
            <li>
              <Link to="/{-$country}/shop-and-return" params={{ country }}>
                {t`Shop and return`}
              </Link>
            </li>
          </ul>
          <div className="nav__account">
            {signedIn ? (
              <UserMenu user={me.data} />
            ) : (
              <Link to="/{-$country}/login" params={{ country }} className="button button--small">
                {t`Log in`}
              </Link>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}

/**
 * The app's mark (public/favicon.svg) drawn in the page: as an <img>, every page fetched it and
 * decoded it as a separate SVG document on the main thread before the parser reached the page's
 * own content (3–5 ms of an offline start; bench/start.ts). Decorative: the name beside it is the link's text.
 */
function BrandMark() {
  return (
    <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#0f5b3a" />
      <path
        d="M20 34a12 12 0 0 1 21-8l-5 1 9 7 2-11-3 2A17 17 0 0 0 15 34zm24-4a12 12 0 0 1-21 8l5-1-9-7-2 11 3-2a17 17 0 0 0 29-9z"
        fill="#fff"
      />
    </svg>
  );
}
