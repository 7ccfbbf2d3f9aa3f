/**
 * The signed-in pages whose shell the build prerenders for every market prefix and language
 * (scripts/prerender.ts), and which the service worker keeps for offline starts (sw/sw.ts): the
 * account page, where the app starts. One list, so a page added here is both built and kept.
 */
export const signedInShellPages = ['user/account'] as const;

export type SignedInShellPage = (typeof signedInShellPages)[number];

/**
 * The copy of a shell the service worker keeps, beside the one a first visit gets: the same page
 * without its `modulepreload` links. A page the worker serves finds the app's code in the worker's
 * own cache, which answers each import as it comes; the links only cost that start (Chromium's
 * preload scanner asks for some twenty files before the parser reaches the balance, about 10 ms
 * of an offline start). A first visit keeps them: over a phone's network they let the files come
 * together instead of one import after another.
 */
export const workerShellFile = (prefix: string, page: string): string => `/prerendered/${prefix}/${page}.worker.html`;

/**
 * The calls a signed-in page's shell starts as soon as it is read (src/app/shell/balance-before-app.js),
 * while the app's code is still on its way: on a phone's connection the app would otherwise send
 * them only once it runs, one round trip after another (`GET /user` first, then the page's four).
 * The app takes each answer once, at its start (src/app/lib/first-answers.ts), when it would send
 * that same call. Paths under the API prefix, exactly as the app asks them; a test proves the app
 * sends none of them again (e2e/signed-in-shell.spec.ts).
 */
export const signedInShellFirstCalls: Record<SignedInShellPage, readonly string[]> = {
  'user/account': ['/user', '/user/balance', '/merged_transactions?items_per_page=1000&page=1', '/user/news?limit=50', '/user/impact'],
};
