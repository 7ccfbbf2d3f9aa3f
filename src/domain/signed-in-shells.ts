/**
 * The signed-in pages whose shell the build prerenders for every market prefix and language
 * (scripts/prerender.ts), and which the service worker keeps for offline starts (sw/sw.ts): the
 * account page, where the app starts. One list, so a page added here is both built and kept.
 */
export const signedInShellPages = ['user/account'] as const;

export type SignedInShellPage = (typeof signedInShellPages)[number];
