/**
 * The sign-in as the app keeps it on the device (docs/product.md, Stored client state), for the app
 * (src/app/lib/session.ts) and the service worker, which renews the tokens itself when it sends
 * the outbox with no window open.
 */
import type { z } from 'zod';
import type { refreshGrantBody } from './schemas/account';
import type { TokenResponse } from './schemas/token-answer';

/** The cookies that hold the tokens: names kept from earlier clients. */
export const accessTokenCookie = 'token';
export const refreshTokenCookie = 'refreshToken';
/** Where the app keeps when its access token expires (localStorage), to renew it just before. */
export const tokenExpiresAtKey = 'token_expires_at';
/** The OAuth client the web app signs in and renews as. */
export const webClientId = 'roundtrip-web';
/** A token is renewed this long before it expires, so a request never leaves with a dying one. */
export const renewalMarginMs = 60_000;
/**
 * Held while the tokens are renewed, by a tab or the service worker: the server rotates refresh
 * tokens and takes one presented twice for a copied one, so two renewals at once would end the session.
 */
export const tokenRenewalLockName = 'roundtrip-token-renewal';

/** Where the tokens are renewed, under the API's prefix. */
export const tokenRenewalPath = '/oauth/token';

/** The body the token endpoint takes for a renewal (src/domain/schemas/account.ts). */
type RefreshGrant = z.input<typeof refreshGrantBody>;

/** The renewal request, as the app and the service worker send it. */
export function tokenRenewalRequest(refreshToken: string): { method: 'POST'; headers: Record<string, string>; body: string } {
  const body = { grant_type: 'refresh_token', client_id: webClientId, refresh_token: refreshToken } satisfies RefreshGrant;
  return { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) };
}

/** A refused refresh token (400 invalid_grant, 401) will never work again: the session is over. Other failures may pass. */
export function isRenewalRefused(status: number): boolean {
  return status === 400 || status === 401;
}

/** Whether an access token that ends at `expiresAt` (ms; null when unknown) must be renewed before it is sent. */
export function needsRenewal(expiresAt: number | null, now: number): boolean {
  return expiresAt !== null && expiresAt - now <= renewalMarginMs;
}

/**
 * What a renewal finds once it holds the renewal lock: the refresh token it read before waiting is
 * still the cookie's (renew with it), another one is (a tab or the worker renewed meanwhile: use the
 * new tokens, never present the spent one again), or none is (the session ended meanwhile).
 */
export function renewalAfterWaiting(presented: string, current: string | undefined): 'renew' | 'renewed-meanwhile' | 'ended' {
  if (current === undefined) return 'ended';
  return current === presented ? 'renew' : 'renewed-meanwhile';
}

/** How long the refresh cookie lives: as long as the refresh token, or the access token's life from servers that do not say. */
export function refreshCookieSeconds(tokens: Pick<TokenResponse, 'expires_in' | 'refresh_token_expires_in'>): number {
  return tokens.refresh_token_expires_in ?? tokens.expires_in;
}

/**
 * How long after signing in with the password a session may change where money is paid without
 * typing the password again (the server checks it; the app asks for the password up front once
 * this has passed, with a minute's margin for clocks and the time spent on the form).
 */
export const recentSignInSeconds = 5 * 60;

export function passwordNeededForDestination(passwordSignedInAt: number | null, now: number): boolean {
  return passwordSignedInAt === null || now - passwordSignedInAt > (recentSignInSeconds - 60) * 1000;
}
