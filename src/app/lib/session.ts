import {
  accessTokenCookie,
  isRenewalRefused,
  needsRenewal,
  refreshCookieSeconds,
  refreshTokenCookie,
  renewalAfterWaiting,
  renewalMarginMs,
  tokenRenewalLockName,
  tokenRenewalPath,
  tokenRenewalRequest,
  tokenExpiresAtKey as expiresAtKey,
} from '#domain/client-session';
import type { TokenResponse } from '#domain/schemas/token-answer';
import { apiPrefix as apiBase } from '#domain/api';
import { clientId } from './config';
import { deleteCookie, readCookie, writeCookie } from './cookies';
import { createChangeSignal } from './change-signal';
import { forgetBalance } from './last-balance';

/** When this device last signed in with the password: a payout destination change needs it recent. */
const passwordSignedInAtKey = 'password_signed_in_at';

type Listener = () => void;
const changes = createChangeSignal();

export const onSessionChange: (listener: Listener) => () => void = changes.subscribe;

function emit(): void {
  changes.emit();
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRefresh(expiresAt: number): void {
  clearTimeout(refreshTimer);
  const delay = expiresAt - Date.now() - renewalMarginMs;
  // Timers beyond ~24 days overflow; a page open that long refreshes on its next request.
  if (delay > 0 && delay < 2 ** 31 - 1) {
    refreshTimer = setTimeout(() => void refreshTokens(), delay);
  }
}

export function saveTokens(tokens: TokenResponse): void {
  // A new session (not a renewal) starts with nothing of the previous customer's.
  if (!hasSession()) forgetBalance();
  writeCookie(accessTokenCookie, tokens.access_token, tokens.expires_in);
  // The refresh cookie lives as long as the refresh token: the app stays signed in across short access tokens.
  writeCookie(refreshTokenCookie, tokens.refresh_token, refreshCookieSeconds(tokens));
  const expiresAt = Date.now() + tokens.expires_in * 1000;
  localStorage.setItem(expiresAtKey, String(expiresAt));
  scheduleRefresh(expiresAt);
  emit();
}

/**
 * Ends the session on the server (RFC 7009): revoking the refresh token revokes every token of the
 * session, so a copied token stops working too. Offline or failing, sign-out still goes on locally;
 * the access token then dies within its 15 minutes and the refresh token with its session.
 */
export async function revokeSession(): Promise<void> {
  const token = readCookie(refreshTokenCookie) ?? readCookie(accessTokenCookie);
  if (!token) return;
  try {
    await fetch(`${apiBase}/oauth/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        token,
        token_type_hint: readCookie(refreshTokenCookie) ? 'refresh_token' : 'access_token',
        client_id: clientId,
      }),
      keepalive: true,
      // A server that does not answer does not hold the person on the page.
      signal: AbortSignal.timeout(3000),
    });
  } catch {
    // Offline: nothing more to do here.
  }
}

export function clearTokens(): void {
  clearTimeout(refreshTimer);
  deleteCookie(accessTokenCookie);
  deleteCookie(refreshTokenCookie);
  localStorage.removeItem(expiresAtKey);
  localStorage.removeItem(passwordSignedInAtKey);
  forgetBalance();
  emit();
}

/** Called after a sign-in with the password (not a token renewal). */
export function notePasswordSignIn(now = Date.now()): void {
  localStorage.setItem(passwordSignedInAtKey, String(now));
}

export function passwordSignedInAt(): number | null {
  const stored = Number(localStorage.getItem(passwordSignedInAtKey));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

export function accessToken(): string | undefined {
  return readCookie(accessTokenCookie);
}

export function hasSession(): boolean {
  return Boolean(readCookie(accessTokenCookie) ?? readCookie(refreshTokenCookie));
}

function expiresAt(): number {
  return Number(localStorage.getItem(expiresAtKey) ?? 0);
}

let pendingRefresh: Promise<string | undefined> | undefined;

/**
 * Renews the tokens once for every caller waiting at the same time: the server rotates
 * refresh tokens and treats a reused one as theft, so two parallel refreshes would end
 * the session.
 */
export function refreshTokens(): Promise<string | undefined> {
  if (pendingRefresh) return pendingRefresh;
  const refreshToken = readCookie(refreshTokenCookie);
  if (!refreshToken) return Promise.resolve(undefined);
  const attempt = renewAlone(refreshToken).finally(() => {
    if (pendingRefresh === attempt) pendingRefresh = undefined;
  });
  pendingRefresh = attempt;
  return attempt;
}

/**
 * One renewal at a time on the device: the other tabs and the service worker (which renews when it
 * sends the outbox with no window open) take the same Web Lock. One that waited finds the cookies
 * renewed already and uses them, instead of presenting the spent refresh token a second time.
 */
async function renewAlone(refreshToken: string): Promise<string | undefined> {
  if (!navigator.locks) return renew(refreshToken);
  return navigator.locks.request(tokenRenewalLockName, async () => {
    switch (renewalAfterWaiting(refreshToken, readCookie(refreshTokenCookie))) {
      case 'renew':
        return renew(refreshToken);
      case 'ended':
        return undefined;
      case 'renewed-meanwhile':
        scheduleRefresh(expiresAt());
        return accessToken();
    }
  });
}

async function renew(refreshToken: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${apiBase}${tokenRenewalPath}`, tokenRenewalRequest(refreshToken));
    if (!response.ok) {
      if (isRenewalRefused(response.status)) clearTokens();
      return undefined;
    }
    // zod loads on demand: a guest's first page should not pay for it.
    const { tokenResponse } = await import('#domain/schemas/token-answer');
    const tokens = tokenResponse.parse(await response.json());
    saveTokens(tokens);
    return tokens.access_token;
  } catch {
    return undefined;
  }
}

/** A usable access token, renewed first when it is about to expire. */
export async function freshAccessToken(): Promise<string | undefined> {
  const token = accessToken();
  if (token && !needsRenewal(expiresAt(), Date.now())) return token;
  return (await refreshTokens()) ?? accessToken();
}

/** Called at start: a page opened with a live session keeps renewing it. */
export function resumeSession(): void {
  if (hasSession()) scheduleRefresh(expiresAt());
}
