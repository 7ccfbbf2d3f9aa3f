import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { OperatorSession } from '#domain/schemas/operators';
import { totpCodeAt } from '../../src/server/modules/operators/totp';
import { e2eBaseUrl } from './fake-camera';
import { expect, expectAccessible, uniqueEmail } from './fixtures';
import { layoutProblems } from './layout';
import { screensDir } from './screens';

/** The e2e server's data directory (playwright.config.ts), where a PGlite server keeps the CLI's local key. */
const dataDir = `.tmp/e2e-data-${process.env.E2E_PORT ?? 8181}`;

/** Runs an ops CLI command through the server, as `npm run ops -- …` does on this machine (its local key). */
export async function cliCommand(request: APIRequestContext, argv: string[]): Promise<string> {
  const localKey = readFileSync(path.join(dataDir, 'ops-local.key'), 'utf8').trim();
  const response = await request.post('/api/v2/ops/commands', { headers: { 'X-Ops-Key': localKey }, data: { argv } });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { exit_code: number; stdout: string; stderr: string } };
  expect(data.exit_code, data.stderr).toBe(0);
  return data.stdout;
}

/** An operator who joined through the API, and what signing in again on screen takes. */
export interface JoinedOperator {
  session: OperatorSession;
  email: string;
  password: string;
  /** An authenticator code the server has not taken yet: one more sign-in on screen. */
  nextCode: string;
}

/**
 * An operator invited by the CLI who accepts the link and signs in, all through the API: their
 * session as the console keeps it. For tests about something else than joining (e2e/console.spec.ts
 * walks joining on screen).
 */
export async function operatorViaApi(
  request: APIRequestContext,
  roles: string,
  { password = 'operator pass 1', name = 'Editor' }: { password?: string; name?: string } = {},
): Promise<JoinedOperator> {
  const email = uniqueEmail('operator');
  const printed = await cliCommand(request, ['operators', 'invite', '--email', email, '--name', name, '--roles', roles]);
  const token = /\/ops\/join#(\S+)/.exec(printed)?.[1];
  expect(token, printed).toBeTruthy();
  const invitation = (await (await request.post('/api/v2/ops/invitations/lookup', { data: { token } })).json()) as {
    data: { totp_secret: string };
  };
  const secret = invitation.data.totp_secret;
  // A code is good once, and the server takes the step either side of its clock: the join takes
  // the previous step's, the sign-in the present one's, and the next step's is left for the screen,
  // so no test waits for an authenticator's next code.
  const now = Date.now();
  const accepted = await request.post('/api/v2/ops/invitations/accept', {
    data: { token, password, code: totpCodeAt(secret, new Date(now - 30_000)) },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const session = await request.post('/api/v2/ops/session', { data: { email, password, code: totpCodeAt(secret, new Date(now)) } });
  expect(session.status(), await session.text()).toBe(200);
  return {
    session: ((await session.json()) as { data: OperatorSession }).data,
    email,
    password,
    nextCode: totpCodeAt(secret, new Date(now + 30_000)),
  };
}

export async function operatorSessionViaApi(
  request: APIRequestContext,
  roles: string,
  password = 'operator pass 1',
): Promise<OperatorSession> {
  return (await operatorViaApi(request, roles, { password })).session;
}

/**
 * A browser context whose pages hold an operator's session as the console keeps it after a sign-in
 * (walked on screen in console.spec.ts and console-roles.spec.ts), the cookie banner answered: the
 * one set-up of the console's specs. The session is put in once per tab, so a sign-out or a session
 * ended in the test stays so through a reload. Without a session, only the banner is answered.
 */
export async function holdOperatorSession(context: BrowserContext, session?: OperatorSession): Promise<void> {
  await context.addInitScript(
    (stored) => {
      if (location.protocol !== 'http:') return;
      localStorage.setItem('cookie_consent', JSON.stringify({ analytics: false, decidedAt: new Date().toISOString() }));
      if (stored && !sessionStorage.getItem('ops_session')) sessionStorage.setItem('ops_session', stored);
    },
    session ? JSON.stringify(session) : '',
  );
}

/** A new phone's page (360 px, `locale`), signed in as `session` if given, and the uncaught errors of that page. */
export async function consolePage(
  browser: Browser,
  locale: string,
  session?: OperatorSession,
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl,
    locale,
    viewport: { width: 360, height: 780 },
    timezoneId: 'UTC',
    serviceWorkers: 'block',
  });
  await holdOperatorSession(context, session);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
}

/**
 * Where console screens are kept: under bench/results/console-screens, the ones looked at in a
 * review, only when `SCREENSHOTS=1` asks for them; otherwise with the test results (screensDir).
 */
export const consoleScreensDir = screensDir('console-screens');

/**
 * A console screen as the person sees it at 360 px: axe finds nothing, nothing overflows or
 * overlaps, nothing is wider than the phone; the screen is kept in `directory` to be looked at.
 */
export async function checkConsoleScreen(page: Page, name: string, directory = consoleScreensDir): Promise<void> {
  await expectAccessible(page, name);
  expect(await layoutProblems(page), `layout of ${name}`).toEqual([]);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${name} fits 360 px`).toBeLessThanOrEqual(360);
  await page.screenshot({ path: path.join(directory, `${name}.png`), fullPage: true });
}

/**
 * A dialog or a notification open over a console screen: axe and a screenshot to look at. The layout
 * check would count the page under it as text it overlaps; the screen itself is checked without it.
 */
export async function checkConsoleDialog(page: Page, name: string, directory = consoleScreensDir): Promise<void> {
  // What the phone shows: the dialog or the notification in view, not the long page under it; taken
  // first, because a notification goes away by itself while axe reads the page.
  await page.screenshot({ path: path.join(directory, `${name}.png`) });
  await expectAccessible(page, name);
}

/** A customer's balance as the API answers it, as a number in the currency's units. */
export async function customerBalance(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/v2/user/balance', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return Number(((await response.json()) as { data: { balance: { value: string } } }).data.balance.value);
}
