/**
 * The sign-in as the app keeps it on the device (docs/product.md, Stored client state), for the app
 * (src/app/lib/session.ts) and the service worker, which renews the tokens itself when it sends
 * the outbox with no window open.
 */

/** The cookies that hold the tokens: names kept from earlier clients. */
export const accessTokenCookie = 'token';
export const refreshTokenCookie = 'refreshToken';
/** The OAuth client the web app signs in and renews as. */
export const webClientId = 'roundtrip-web';
/** A token is renewed this long before it expires, so a request never leaves with a dying one. */
export const renewalMarginMs = 60_000;
/**
 * Held while the tokens are renewed, by a tab or the service worker: the server rotates refresh
 * tokens and takes one presented twice for a copied one, so two renewals at once would end the session.
 */
export const tokenRenewalLockName = 'roundtrip-token-renewal';
