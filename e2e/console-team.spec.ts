import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { OperatorSession } from '#domain/schemas/operators';
import { translate } from './support/catalogue';
import { e2eBaseUrl } from './support/fake-camera';
import { expect, notification, test, uniqueEmail } from './support/fixtures';
import { checkConsoleScreen, cliCommand, operatorSessionViaApi } from './support/operators';

/**
 * The admin manages the team from a phone (docs/operators.md, The admin's day): enables a disabled
 * operator, sends an invited one a new link, changes an active one's roles; the console has its own
 * frame, without the customer's navigation bar. In French and Japanese at 360 px; the operators
 * screen is kept under bench/results/console-screens to be looked at.
 */

const screenshotDir = 'bench/results/console-screens';
const t = (locale: string, english: string, values: Record<string, string> = {}) => translate(locale, english, values, 'console');

async function consolePage(browser: Browser, locale: string, session: OperatorSession): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl,
    locale,
    viewport: { width: 360, height: 780 },
    timezoneId: 'UTC',
    serviceWorkers: 'block',
  });
  await context.addInitScript((stored) => {
    if (location.protocol !== 'http:') return;
    localStorage.setItem('cookie_consent', JSON.stringify({ analytics: false, decidedAt: new Date().toISOString() }));
    if (!sessionStorage.getItem('ops_session')) sessionStorage.setItem('ops_session', stored);
  }, JSON.stringify(session));
  return context.newPage();
}

/** An operator invited by the CLI: their id. */
async function invited(request: APIRequestContext, name: string, roles: string): Promise<string> {
  await cliCommand(request, ['operators', 'invite', '--email', uniqueEmail('team'), '--name', name, '--roles', roles]);
  const listed = await cliCommand(request, ['operators', 'list']);
  const line = listed.split('\n').find((row) => row.includes(name));
  const id = line?.split(/\s+/)[0];
  expect(id, listed).toBeTruthy();
  return id!;
}

for (const locale of ['fr-FR', 'ja-JP']) {
  test(`the admin enables, re-invites and changes roles at 360 px in ${locale}`, async ({ browser, request }) => {
    mkdirSync(screenshotDir, { recursive: true });
    const tag = Math.random().toString(36).slice(2, 7);
    const admin = await operatorSessionViaApi(request, 'admin');
    const adminHeaders = { Authorization: `Bearer ${admin.token}` };
    const away = `Léa ${tag}`;
    const awayId = await invited(request, away, 'care');
    expect((await request.post(`/api/v2/ops/operators/${awayId}/disable`, { headers: adminHeaders, data: {} })).status()).toBe(200);
    const newcomer = `Ren ${tag}`;
    await invited(request, newcomer, 'check-in');
    const colleague = await operatorSessionViaApi(request, 'care');

    const page = await consolePage(browser, locale, admin);
    await page.goto('/ops/operators');
    await expect(page.getByRole('heading', { level: 1, name: t(locale, 'Operators') })).toBeVisible();
    // The console's own frame: no customer navigation bar saying "Log in" above it.
    await expect(page.getByRole('navigation', { name: translate(locale, 'Main') })).toHaveCount(0);
    await expect(page.getByRole('link', { name: translate(locale, 'Log in') })).toHaveCount(0);

    await page.getByRole('button', { name: t(locale, 'Enable {name}', { name: away }) }).click();
    await expect(notification(page).filter({ hasText: t(locale, '{name} is enabled', { name: away }) })).toBeVisible();
    // Never joined: back as invited, with a new link to send.
    await page.getByRole('button', { name: t(locale, 'Send {name} a new invitation', { name: away }) }).click();
    await expect(
      notification(page)
        .filter({ hasText: t(locale, 'Invitation sent again') })
        .first(),
    ).toBeVisible();

    // Its card, by the email (operators made through the API all share a name).
    const card = page.getByRole('listitem').filter({ hasText: colleague.operator.email });
    await card.getByRole('button', { name: t(locale, 'Change the roles of {name}', { name: colleague.operator.name }) }).click();
    const dialog = page.getByRole('dialog', { name: t(locale, 'Roles of {name}', { name: colleague.operator.name }) });
    await dialog.getByRole('checkbox', { name: t(locale, 'Finance') }).check();
    await dialog.getByRole('button', { name: t(locale, 'Save the roles') }).click();
    await expect(dialog).toBeHidden();
    const roles = await request.get('/api/v2/ops/operators', { headers: adminHeaders });
    const listed = ((await roles.json()) as { data: { id: string; roles: string[]; status: string }[] }).data;
    expect(listed.find((row) => row.id === colleague.operator.id)?.roles).toEqual(['care', 'finance']);
    expect(listed.find((row) => row.id === awayId)?.status).toBe('INVITED');

    // Disabling asks first; cancelling changes nothing.
    await page.getByRole('button', { name: t(locale, 'Disable {name}', { name: newcomer }) }).click();
    const confirm = page.getByRole('dialog', { name: t(locale, 'Disable {name}?', { name: newcomer }) });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: t(locale, 'Cancel') }).click();
    await expect(confirm).toBeHidden();

    // The notifications read, then dismissed one by one, so that the screen under them is checked alone.
    for (let left = await notification(page).count(); left > 0; left -= 1) {
      await notification(page)
        .first()
        .getByRole('button', { name: translate(locale, 'Dismiss') })
        .click();
      await expect(notification(page)).toHaveCount(left - 1);
    }
    await checkConsoleScreen(page, `operators-${locale}`, screenshotDir);
  });
}
