import { test as base, expect, type Page, type APIRequestContext, type BrowserContext } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { answerCookieBanner, signInBrowser } from './browser-session';
import { e2ePassword } from './test-password';

type Consent = 'accepted' | 'rejected' | 'none';

export const test = base.extend<{ consent: Consent }>({
  /** Most tests answer the cookie banner up front (answerCookieBanner). */
  consent: ['rejected', { option: true }],
  page: async ({ page, consent }, use) => {
    if (consent !== 'none') await answerCookieBanner(page, { analytics: consent === 'accepted' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    // An uncaught exception in the app fails the test that caused it.
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };

export const demoPassword = 'roundtrip-demo';
export const demo = {
  us: 'demo.us@roundtrip.example',
  ca: 'demo.ca@roundtrip.example',
  uk: 'demo.uk@roundtrip.example',
  fr: 'demo.fr@roundtrip.example',
  jp: 'demo.jp@roundtrip.example',
} as const;

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@roundtrip.example`;
}

interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  refresh_token_expires_in: number;
}

export async function tokensFor(request: APIRequestContext, email: string, password = demoPassword): Promise<Tokens> {
  const response = await request.post('/api/v2/oauth/token', {
    data: { grant_type: 'password', client_id: 'roundtrip-web', email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const tokens: Tokens = await response.json();
  return tokens;
}

/** Signs the browser in the way the app does: the two cookies plus the expiry it keeps. */
export async function signIn(context: BrowserContext, request: APIRequestContext, email: string, password = demoPassword): Promise<Tokens> {
  const tokens = await tokensFor(request, email, password);
  await signInBrowser(context, tokens, `http://localhost:${process.env.E2E_PORT ?? 8181}`);
  return tokens;
}

export async function signUpViaApi(
  request: APIRequestContext,
  options: { email: string; password?: string; country?: 'us' | 'uk' | 'ca' | 'fr' | 'jp'; locale?: string },
) {
  const country = options.country ?? 'us';
  const zip = { us: '10001', uk: 'SW1A 1AA', ca: 'K1A 0B1', fr: '75001', jp: '100-0001' }[country];
  // The market's first locale unless another is asked for (Canada in French: fr-CA).
  const locale = options.locale ?? { us: 'en-US', uk: 'en-GB', ca: 'en-CA', fr: 'fr-FR', jp: 'ja-JP' }[country];
  const response = await request.post('/api/v2/user', {
    data: {
      email: options.email,
      password: options.password ?? e2ePassword,
      name: 'E2E Person',
      country_code: country,
      locale,
      zip_code: zip,
      terms_accepted: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The accessibility gate: no serious or critical axe violation on the screen as it is now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect(blocking, `axe on ${label}`).toEqual([]);
}

export function notification(page: Page) {
  return page.getByTestId('notification');
}

/**
 * Waits until the app has taken over the prerendered page. A test that moves on before then can
 * have its next page.goto cancelled by the starting app's own address update (the router settling
 * the URL), which Chromium reports as ERR_ABORTED or a load that never comes.
 */
export async function appStarted(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app-started', 'true');
}
