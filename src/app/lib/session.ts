import type { TokenResponse } from '#domain/schemas/account';
import { apiBase, clientId } from './config';
import { deleteCookie, readCookie, writeCookie } from './cookies';
import { createChangeSignal } from './change-signal';
import { forgetBalance } from './last-balance';

/** Cookie names kept from earlier clients (docs/product.md, Stored client state). */
const tokenCookie = 'token';
const refreshCookie = 'refreshToken';
/** When the access token stops working, so it can be renewed just before. */
const expiresAtKey = 'token_expires_at';
/** Renew this long before expiry, so a request never leaves with a dying token. */
const refreshMarginMs = 60_000;

type Listener = () => void;
const changes = createChangeSignal();

export const onSessionChange: (listener: Listener) => () => void = changes.subscribe;

function emit(): void {
  changes.emit();
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRefresh(expiresAt: number): void {
  clearTimeout(refreshTimer);
  const delay = expiresAt - Date.now() - refreshMarginMs;
  // Timers beyond ~24 days overflow; a page open that long refreshes on its next request.
  if (delay > 0 && delay < 2 ** 31 - 1) {
    refreshTimer = setTimeout(() => void refreshTokens(), delay);
  }
}

export function saveTokens(tokens: TokenResponse): void {
  // A new session (not a renewal) starts with nothing of the previous customer's.
  if (!hasSession()) forgetBalance();
  writeCookie(tokenCookie, tokens.access_token, tokens.expires_in);
  // The refresh cookie lives as long as the refresh token: the app stays signed in across short access tokens.
  writeCookie(refreshCookie, tokens.refresh_token, tokens.refresh_token_expires_in ?? tokens.expires_in);
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
  const token = readCookie(refreshCookie) ?? readCookie(tokenCookie);
  if (!token) return;
  try {
    await fetch(`${apiBase}/oauth/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token, token_type_hint: readCookie(refreshCookie) ? 'refresh_token' : 'access_token', client_id: clientId }),
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
  deleteCookie(tokenCookie);
  deleteCookie(refreshCookie);
  localStorage.removeItem(expiresAtKey);
  emit();
}

export function accessToken(): string | undefined {
  return readCookie(tokenCookie);
}

export function hasSession(): boolean {
  return Boolean(readCookie(tokenCookie) ?? readCookie(refreshCookie));
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
  const refreshToken = readCookie(refreshCookie);
  if (!refreshToken) return Promise.resolve(undefined);
  const attempt = renew(refreshToken).finally(() => {
    if (pendingRefresh === attempt) pendingRefresh = undefined;
  });
  pendingRefresh = attempt;
  return attempt;
}

async function renew(refreshToken: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${apiBase}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken }),
    });
    if (!response.ok) {
      // A refused refresh token will never work again; a server error might.
      if (response.status === 400 || response.status === 401) clearTokens();
      return undefined;
    }
    // zod loads on demand: a guest's first page should not pay for it.
    const { tokenResponse } = await import('#domain/schemas/account');
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
  if (token && expiresAt() - Date.now() > refreshMarginMs) return token;
  return (await refreshTokens()) ?? accessToken();
}

/** Called at start: a page opened with a live session keeps renewing it. */
export function resumeSession(): void {
  if (hasSession()) scheduleRefresh(expiresAt());
}
