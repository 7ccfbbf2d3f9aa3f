// Shared by the browser benchmarks: Debian's Chromium with the flags this machine needs, and a
// context that is already signed in as a demo customer (cookies as the app sets them).
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { tokenResponse } from '#domain/schemas/token-answer';
import { chromiumFlags } from '../e2e/support/chromium-flags';
import { answerCookieBanner, signInBrowser, type SessionTokens } from '../e2e/support/browser-session';

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...chromiumFlags, ...extraArgs] });
}

export type Tokens = SessionTokens;

export const demoCustomer = { email: 'demo.us@roundtrip.example', password: 'roundtrip-demo' };

export async function signIn(baseUrl: string, customer = demoCustomer): Promise<Tokens> {
  const response = await fetch(`${baseUrl}/api/v2/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 'bench', ...customer }),
  });
  const body: unknown = await response.json();
  const tokens = tokenResponse.safeParse(body);
  if (!response.ok || !tokens.success) throw new Error(`sign-in of ${customer.email} failed: ${response.status} ${JSON.stringify(body)}`);
  return tokens.data;
}

/** A new context signed in as `customer`, with the consent question already answered. */
export async function newSignedInContext(browser: Browser, baseUrl: string, tokens: Tokens | null): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  await prepareContext(context, baseUrl, tokens);
  return context;
}

export async function prepareContext(context: BrowserContext, baseUrl: string, tokens: Tokens | null): Promise<void> {
  await answerCookieBanner(context);
  if (tokens) await signInBrowser(context, tokens, baseUrl);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
