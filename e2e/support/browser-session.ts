import type { BrowserContext } from '@playwright/test';
import { accessTokenCookie, refreshTokenCookie } from '#domain/client-session';
import type { TokenResponse } from '#domain/schemas/token-answer';

/** What a sign-in answers, as far as the browser keeps it. */
export type SessionTokens = Pick<TokenResponse, 'access_token' | 'refresh_token' | 'expires_in' | 'refresh_token_expires_in'>;

/**
 * Signs a browser context in the way the app does after a sign-in: the two cookies, each for its
 * token's life (the refresh cookie for the access token's when the answer does not say), and the
 * access token's expiry the app keeps in `localStorage` (src/app/lib/session.ts) unless a page of
 * the context already keeps one.
 */
export async function signInBrowser(
  context: Pick<BrowserContext, 'addCookies' | 'addInitScript'>,
  tokens: SessionTokens,
  url: string,
): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await context.addCookies([
    { name: accessTokenCookie, value: tokens.access_token, url, expires: now + tokens.expires_in, sameSite: 'Strict' },
    {
      name: refreshTokenCookie,
      value: tokens.refresh_token,
      url,
      expires: now + (tokens.refresh_token_expires_in ?? tokens.expires_in),
      sameSite: 'Strict',
    },
  ]);
  await context.addInitScript(
    (expiresAt) => {
      // Init scripts also run in pages without storage of their own (about:blank).
      if (location.protocol !== 'http:') return;
      if (!localStorage.getItem('token_expires_at')) localStorage.setItem('token_expires_at', String(expiresAt));
    },
    Date.now() + tokens.expires_in * 1000,
  );
}

/**
 * The cookie banner already answered, as by a returning visitor (analytics refused unless asked),
 * in every page `target` opens that holds no answer yet: most tests and benches answer it up front so
 * that it does not cover what they look at.
 */
export async function answerCookieBanner(target: Pick<BrowserContext, 'addInitScript'>, { analytics = false } = {}): Promise<void> {
  await target.addInitScript((analytics) => {
    if (location.protocol !== 'http:') return;
    if (!localStorage.getItem('cookie_consent'))
      localStorage.setItem('cookie_consent', JSON.stringify({ analytics, decidedAt: new Date().toISOString() }));
  }, analytics);
}
