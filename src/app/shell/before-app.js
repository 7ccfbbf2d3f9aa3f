// Inlined by the build (scripts/prerender.ts) into every prerendered page, right after the page's
// root, so it runs as soon as the cookie banner has been read: before the first paint and before any
// file could arrive. It does four things the page needs before the app's scripts are there.
//
// A form sent before the app runs (a person who typed and pressed "Log in" on a slow phone) is held
// back: sent by the browser itself it would load the page again as a GET, the password in the
// address. The form's place is noted on <html data-submit-waiting>, and the app sends it once it
// has taken the page over (src/app/lib/typed-before-start.ts).
//
// A tap on the small screen's "Menu" before the app runs opens (or closes) the menu here, as the app
// would, and notes it on <html data-menu-opened-before-app>: the app then keeps the menu as the
// person left it (src/app/shell/nav-bar.tsx). Once the app runs, its own handler answers the tap
// first and marks it handled (the event's default prevented), so this leaves it alone.
//
// On a slow phone a visitor can tap "Reject all" long before the app's scripts are
// there; without this the tap would do nothing and the banner would come back on the next page. It
// keeps the choice exactly as the app's consent store does (src/app/features/consent/consent-store.ts:
// the same key and the same shape), then hides the banner. Once the app runs, its own handlers do the
// same, so acting twice is harmless. A visitor who decided earlier never sees the prerendered banner.
//
// While the page waits for the app's scripts, it builds one money formatter: the first a page builds
// costs tens of milliseconds, some 120 ms on a slow phone, whichever currency it is for (the
// language's currency data loads then), and the next ones next to nothing. Otherwise the app paid
// for it in its first render or hydration of a page with an amount (the account page, the FAQ), in
// one long task.
// The server allows exactly this script by its hash (Content-Security-Policy), which the build writes
// beside the pages.
(function () {
  var consentKey = 'cookie_consent';
  var pageViewsKey = 'analytics_page_views';
  function hasDecided() {
    try {
      var stored = JSON.parse(localStorage.getItem(consentKey) || 'null');
      return typeof stored === 'object' && stored !== null && typeof stored.analytics === 'boolean' && typeof stored.decidedAt === 'string';
    } catch (error) {
      return false;
    }
  }
  // Last of all listeners (the window, bubbling): a form no handler of the app took care of is never
  // sent by the browser itself, before the app runs or after.
  window.addEventListener('submit', function (event) {
    if (event.defaultPrevented) return;
    event.preventDefault();
    var root = document.getElementById('root');
    var forms = root ? Array.prototype.slice.call(root.querySelectorAll('form')) : [];
    var index = forms.indexOf(event.target);
    if (index >= 0) document.documentElement.setAttribute('data-submit-waiting', String(index));
  });
  document.addEventListener('click', function (event) {
    if (event.defaultPrevented) return;
    var target = event.target;
    var toggle = target instanceof Element ? target.closest('[data-menu-toggle]') : null;
    var panel = toggle ? document.getElementById(toggle.getAttribute('aria-controls') || '') : null;
    if (!toggle || !panel) return;
    var open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    panel.classList.toggle('nav__panel--open', open);
    if (open) document.documentElement.setAttribute('data-menu-opened-before-app', '');
    else document.documentElement.removeAttribute('data-menu-opened-before-app');
  });
  var prerenderedBanner = document.querySelector('[data-consent-banner]');
  if (prerenderedBanner instanceof HTMLElement && hasDecided()) prerenderedBanner.hidden = true;
  document.addEventListener('click', function (event) {
    var target = event.target;
    var button = target instanceof Element ? target.closest('[data-consent-choice]') : null;
    if (!button) return;
    var banner = button.closest('[data-consent-banner]');
    var choice = button.getAttribute('data-consent-choice');
    var box = banner ? banner.querySelector('input[data-consent-analytics]') : null;
    var analytics = choice === 'all' || (choice === 'chosen' && box instanceof HTMLInputElement && box.checked);
    try {
      localStorage.setItem(consentKey, JSON.stringify({ analytics: analytics, decidedAt: new Date().toISOString() }));
      if (!analytics) localStorage.removeItem(pageViewsKey);
    } catch (error) {
      // Storage refused (private mode, full): the app asks again later, as it would.
      return;
    }
    if (banner instanceof HTMLElement) banner.hidden = true;
  });
  (window.requestIdleCallback || setTimeout)(function () {
    try {
      new Intl.NumberFormat(document.documentElement.lang, { style: 'currency', currency: 'USD' }).format(0);
    } catch (error) {
      // A language Intl does not know: the app formats without this head start.
    }
  });
})();
