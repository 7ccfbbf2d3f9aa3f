// A prerendered page shows the cookie banner before the app's scripts have arrived. On a slow phone
// a visitor can tap "Reject all" in that time, and without this file the tap would do nothing and
// the banner would come back on the next page. This small classic script runs before the app's
// modules (scripts/prerender.ts puts it first) and keeps the choice exactly as the app's consent
// store does (src/app/features/consent/consent-store.ts: the same key and the same shape), then
// hides the banner. Once the app runs, its own handlers do the same, so acting twice is harmless.
// A visitor who decided earlier would otherwise see the prerendered banner until the app takes over.
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
})();
