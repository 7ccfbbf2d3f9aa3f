import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { OperatorSession } from '#domain/schemas/operators';
import { totpCodeAt } from '../../src/server/modules/operators/totp';
import { expect, expectAccessible, uniqueEmail } from './fixtures';
import { layoutProblems } from './layout';

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

/**
 * An operator invited by the CLI who accepts the link and signs in, all through the API: their
 * session as the console keeps it. For tests about something else than joining (e2e/console.spec.ts
 * walks joining on screen).
 */
export async function operatorSessionViaApi(
  request: APIRequestContext,
  roles: string,
  password = 'operator pass 1',
): Promise<OperatorSession> {
  const email = uniqueEmail('operator');
  const printed = await cliCommand(request, ['operators', 'invite', '--email', email, '--name', 'Editor', '--roles', roles]);
  const token = /\/ops\/join#(\S+)/.exec(printed)?.[1];
  expect(token, printed).toBeTruthy();
  const invitation = (await (await request.post('/api/v2/ops/invitations/lookup', { data: { token } })).json()) as {
    data: { totp_secret: string };
  };
  const secret = invitation.data.totp_secret;
  const joinedAt = new Date();
  const accepted = await request.post('/api/v2/ops/invitations/accept', { data: { token, password, code: totpCodeAt(secret, joinedAt) } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  // A code is good once: the sign-in takes the next step's.
  const session = await request.post('/api/v2/ops/session', {
    data: { email, password, code: totpCodeAt(secret, new Date(joinedAt.getTime() + 30_000)) },
  });
  expect(session.status(), await session.text()).toBe(200);
  return ((await session.json()) as { data: OperatorSession }).data;
}

/**
 * A console screen as the person sees it at 360 px: axe finds nothing, nothing overflows or
 * overlaps, nothing is wider than the phone; the screen is kept in `directory` to be looked at.
 */
export async function checkConsoleScreen(page: Page, name: string, directory: string): Promise<void> {
  await expectAccessible(page, name);
  expect(await layoutProblems(page), `layout of ${name}`).toEqual([]);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${name} fits 360 px`).toBeLessThanOrEqual(360);
  await page.screenshot({ path: path.join(directory, `${name}.png`), fullPage: true });
}

/** A customer's balance as the API answers it, as a number in the currency's units. */
export async function customerBalance(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/v2/user/balance', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return Number(((await response.json()) as { data: { balance: { value: string } } }).data.balance.value);
}
