import {
  accountAndHistory,
  cameraScan,
  firstVisit,
  mapWithPins,
  noticesOptIn,
  offlineStart,
  queuedOfflineScan,
  signIn,
  switchLanguage,
  withdraw,
} from '../journeys';
import type { WalkLocale } from '../support/walker';
import type { WalkStep } from '../support/walk';

/** The journeys in the order one person walks them; the language step switches through `languages`. */
export function journeySteps(languages: WalkLocale[]): WalkStep[] {
  return [
    { name: 'first visit: the home page, the cookie choice, ready for offline', run: firstVisit },
    { name: `language switch to ${languages.join(', then ')}`, run: (walker) => switchLanguage(walker, languages) },
    { name: 'sign-in: the form, and the session the server issued', run: signIn },
    { name: 'account page: the balance and the history the server holds', run: accountAndHistory },
    { name: 'offline start with the server out of reach: the last balance', run: offlineStart },
    { name: 'a label read by the camera through the WebAssembly decoder, recorded on the server', run: cameraScan, timeoutMs: 90_000 },
    { name: 'without Background Sync: a scan queued offline goes out on the next open', run: queuedOfflineScan },
    { name: 'a withdrawal, pending on the server', run: withdraw },
    { name: 'the map of return points with its pins', run: mapWithPins },
    { name: 'the notices opt-in as this engine allows it', run: noticesOptIn },
  ];
}
