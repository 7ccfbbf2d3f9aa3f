// Shared by the browser benchmarks: Debian's Chromium with the flags this machine needs, and a
// context that is already signed in as a demo customer (cookies as the app sets them).
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...chromiumArgs, ...extraArgs] });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export const demoCustomer = { email: 'demo.us@roundtrip.example', password: 'roundtrip-demo' };

export async function signIn(baseUrl: string, customer = demoCustomer): Promise<Tokens> {
  const response = await fetch(`${baseUrl}/api/v2/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 'bench', ...customer }),
  });
  const body: unknown = await response.json();
  if (!response.ok || typeof body !== 'object' || body === null || !('access_token' in body) || typeof body.access_token !== 'string') {
    throw new Error(`sign-in of ${customer.email} failed: ${response.status} ${JSON.stringify(body)}`);
  }
  const { refresh_token, expires_in } = body as Tokens;
  return { access_token: body.access_token, refresh_token, expires_in };
}

/** A new context signed in as `customer`, with the consent question already answered. */
export async function newSignedInContext(browser: Browser, baseUrl: string, tokens: Tokens | null): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  await prepareContext(context, baseUrl, tokens);
  return context;
}

export async function prepareContext(context: BrowserContext, baseUrl: string, tokens: Tokens | null): Promise<void> {
  const consent = `if (!localStorage.getItem('cookie_consent')) localStorage.setItem('cookie_consent', JSON.stringify({ analytics: false, decidedAt: new Date().toISOString() }));`;
  if (!tokens) {
    await context.addInitScript(`(() => { if (location.protocol !== 'http:') return; ${consent} })();`);
    return;
  }
  const expires = Math.floor(Date.now() / 1000) + tokens.expires_in;
  await context.addCookies([
    { name: 'token', value: tokens.access_token, url: baseUrl, expires, sameSite: 'Strict' },
    { name: 'refreshToken', value: tokens.refresh_token, url: baseUrl, expires, sameSite: 'Strict' },
  ]);
  await context.addInitScript(`(() => {
    if (location.protocol !== 'http:') return;
    if (!localStorage.getItem('token_expires_at')) localStorage.setItem('token_expires_at', '${Date.now() + tokens.expires_in * 1000}');
    ${consent}
  })();`);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
