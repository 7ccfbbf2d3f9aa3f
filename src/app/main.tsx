import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppTree } from './app-tree';
import { activateLocale, countryPrefixOf, initialLocale } from './lib/i18n';
import { keepSavingQueryCache, queryClient, restoreQueryCache } from './lib/query-client';
import { hasSession, resumeSession } from './lib/session';
import { meQueryKey } from './lib/me';
import { forgetBalance } from './lib/last-balance';
import { headless } from './lib/headless';
import { forgetFirstAnswers } from './lib/first-answers';
import { holdBelowFirstScreen, releaseBelowFirstScreen } from './lib/first-screen';
import { rememberReturnPath } from './features/locale/countries-redirect';
import { router } from './router';
import { startOffline } from './features/offline/start-offline';
import { watchMissingMessages } from './lib/missing-texts';
import { hasWaitingSubmit, holdSubmitsUntilRestored, readTypedInput, restoreTypedInput } from './lib/typed-before-start';

const startUrl = new URL(location.href);
const { locale, known } = initialLocale(startUrl, navigator.languages);

// Nothing says where the visitor is: ask for a country first, then come back here.
const onCountries = /^\/([a-z]{2}\/)?countries\/?$/.test(startUrl.pathname);
const redirected = !known && !headless && !countryPrefixOf(startUrl.pathname) && !onCountries;
if (redirected) {
  rememberReturnPath(`${startUrl.pathname}${startUrl.search}${startUrl.hash}`);
  history.replaceState(null, '', '/countries');
}

// Started from a function, not with top-level await: a module that awaits at its top level turns
// off the bundler's chunk merging for the whole build (vite.config.ts, codeSplitting).
async function start(): Promise<void> {
  // The page's code loads while the saved query cache and the language are read (all three local
  // offline: precache, IndexedDB), instead of after them when the router asks for it.
  if (!redirected) preloadPageCode(startUrl.pathname);
  await Promise.all([activateLocale(locale), restoreQueryCache()]);
  // A session that ended while the app was closed (the cookies' max-age ran out) leaves no customer data behind.
  if (!hasSession()) {
    queryClient.removeQueries({ queryKey: meQueryKey });
    forgetBalance();
  }
  resumeSession();
  startOffline();
  watchMissingMessages();

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');

  // A prerendered page (scripts/prerender.ts) is hydrated when it was rendered in this language and
  // is still the page to show; the router loads the page's code and data first, so the first render
  // is the prerendered one. Anything else (another language chosen, the countries redirect,
  // ?headless) is rendered afresh over it.
  const drawnFor = (renderedLocale: string | undefined) => renderedLocale === locale && !redirected && !headless && root.hasChildNodes();
  const prerendered = drawnFor(root.dataset.prerendered);
  // A signed-in page's shell (the navigation, headings and loading states, and the last known balance
  // its script put in) stays on screen until the router has the page's code and data; the app then
  // renders the real page over it in one step, never a blank page in between.
  const signedInShell = drawnFor(root.dataset.signedInShell);
  if (signedInShell) {
    await router.load();
    holdBelowFirstScreen();
    createRoot(root).render(
      <AppTree
        router={router}
        onStarted={() => {
          forgetFirstAnswers();
          keepSavingQueryCache();
          releaseBelowFirstScreen();
        }}
      />,
    );
    return;
  }
  if (prerendered) await router.load();
  // Read once the router has loaded, just before the takeover: the person may type until then.
  const typed = readTypedInput(root);
  const releaseHeldSubmits = holdSubmitsUntilRestored(root);
  let restored = false;
  const restoreOnce = (typing: () => ReturnType<typeof readTypedInput>) => () => {
    if (restored) return;
    restored = true;
    forgetFirstAnswers();
    restoreTypedInput(root, typing(), releaseHeldSubmits);
    keepSavingQueryCache();
  };
  if (prerendered && typed.length === 0 && !hasWaitingSubmit()) {
    // In a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page: the prerendered page is already on screen, and a tap during
    // hydration is replayed once its part is ready (bench: Lighthouse's total blocking time).
    // Hydration keeps what is typed meanwhile on screen without telling React: read it again once
    // the page is the app's.
    startTransition(() => {
      hydrateRoot(root, <AppTree router={router} onStarted={restoreOnce(() => readTypedInput(root))} />, {
        // A difference with the prerendered page (a signed-in customer's menu, a saved answer newer
        // than the build) is expected: React renders that part afresh. Worth a note, not an error.
        onRecoverableError: (error) => console.warn('Prerendered page differed from the app; rendered afresh', error),
      });
    });
    return;
  }
  // Rendered afresh; what the person typed into the prerendered page (hydration would leave it
  // outside React's state) is put into the app's own fields once they are there.
  root.replaceChildren();
  createRoot(root).render(<AppTree router={router} onStarted={restoreOnce(() => typed)} />);
}

/** Starts loading the code of the page at `pathname`; the router's own load waits for the same files. */
function preloadPageCode(pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) {
    // A chunk that fails to load is the router's to report, when it asks for it again.
    void router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

void start();
