import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { startTestPushService, type TestPushService, type TestSubscription } from '../src/server/testing/push-service';
import { expect, expectAccessible, signIn, signUpViaApi, test, tokensFor, uniqueEmail } from './support/fixtures';
import { checkIn, issueContainers } from './support/ops';
import { HistoryList } from './support/pages/history-list';
import { scanViaApi } from './support/privacy';
import { e2ePassword } from './support/test-password';
import { screensDir } from './support/screens';

// These tests are about the service worker (it shows the pushes): let it run.
test.use({ serviceWorkers: 'allow' });

const password = e2ePassword;
const port = process.env.E2E_PORT ?? '8181';
const origin = `http://localhost:${port}`;
const productOf = { us: 'us-oat-milk-1l', fr: 'fr-jus-pomme-1l', jp: 'jp-green-tea-500' } as const;

let push: TestPushService;
test.beforeAll(async () => {
  // Plays the browser vendor's push service: the server sends to it, it checks the VAPID token and
  // decrypts, and the test hands what it decrypted to the service worker.
  push = await startTestPushService();
});
test.afterAll(async () => {
  await push?.close();
});

/**
 * Headless Chromium here cannot register with a real push service (no network: subscribe() fails
 * with "Registration failed"), so only the PushManager's answer is replaced: subscribe() and
 * getSubscription() give a subscription of the local test push service. Everything else is real:
 * the permission, the app's code, the server's encryption and VAPID, the service worker.
 */
async function stubPushManager(context: BrowserContext, subscription: TestSubscription): Promise<void> {
  await context.addInitScript((json) => {
    if (!('PushManager' in window)) return;
    const storageKey = 'e2e_push_subscription';
    const make = (serverKey: number[]) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(serverKey).buffer },
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem(storageKey);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const bytes =
        key instanceof ArrayBuffer ? new Uint8Array(key) : ArrayBuffer.isView(key) ? new Uint8Array(key.buffer) : new Uint8Array();
      localStorage.setItem(storageKey, JSON.stringify([...bytes]));
      return make([...bytes]) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const saved = localStorage.getItem(storageKey);
      return saved ? (make(JSON.parse(saved) as number[]) as unknown as PushSubscription) : null;
    };
  }, subscription.json);
}

async function customerWithNews(
  request: Parameters<typeof tokensFor>[0],
  country: 'us' | 'fr' | 'jp',
): Promise<{ email: string; accessToken: string }> {
  const email = uniqueEmail(`notify-${country}`);
  await signUpViaApi(request, { email, password, country });
  const tokens = await tokensFor(request, email, password);
  return { email, accessToken: tokens.access_token };
}

async function returnAndCheckIn(
  request: Parameters<typeof tokensFor>[0],
  accessToken: string,
  productId: string,
  count: number,
): Promise<void> {
  const codes = await issueContainers(request, productId, count);
  for (const code of codes) await scanViaApi(request, accessToken, code);
  await checkIn(request, codes);
}

async function serviceWorkerRegistration(page: Page, cdp: CDPSession): Promise<string> {
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const registration of event.registrations) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  // `ready` resolves while the worker may still be activating; a push handed to the registration
  // before it is activated can be dropped, as the browser delivers pushes to an activated worker only.
  await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state === 'activated') return;
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
      });
    });
  });
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  return registrations.get(`${origin}/`)!;
}

test('a customer opts in on the account page, a check-in reaches the phone, and the notification opens its history row', async ({
  page,
  context,
  request,
}) => {
  const subscription = push.subscribe('e2e-us');
  await stubPushManager(context, subscription);
  await context.grantPermissions(['notifications'], { origin });
  const { email, accessToken } = await customerWithNews(request, 'us');
  await signIn(context, request, email, password);

  await page.goto('/us/user/account');
  const optIn = page.getByTestId('push-opt-in');
  await expect(optIn.getByRole('heading', { name: 'Notifications on this device' })).toBeVisible();
  const toggle = optIn.getByRole('switch', { name: 'Notify me on this device' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await expect(optIn.getByTestId('push-state')).toHaveText('Off');
  await toggle.click();
  await expect(optIn.getByTestId('push-state')).toHaveText('On');
  await expect(toggle).toBeChecked();
  const settings = await request.get('/api/v2/user/notification_settings', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect((await settings.json()).data.push_endpoints).toEqual([subscription.json.endpoint]);
  await expectAccessible(page, 'account page with notifications on');

  // The news page is open when the money moves (an operator checks two containers in); the server
  // delivers after the commit.
  await page.goto('/us/user/news');
  await expect(page.getByTestId('news-empty')).toBeVisible();
  // That page is one the worker does not control, as a first visit's page is until the worker takes it
  // over, or a page reloaded past the worker (Shift+reload): it must hear of the news all the same.
  // The protocol's reload answers before the new document is in: until its load event, the old page
  // still shows the empty news, and a script run then dies with it.
  // The worker first takes this page over (it claims the open pages when it activates): reloaded
  // past it before that, the page would be claimed after the reload, and be controlled after all.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
  const cdp = await context.newCDPSession(page);
  const reloaded = page.waitForEvent('load');
  await cdp.send('Page.reload', { ignoreCache: true });
  await reloaded;
  await expect(page.getByTestId('news-empty')).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await returnAndCheckIn(request, accessToken, productOf.us, 2);
  await expect.poll(() => push.received.filter((message) => message.subscription === 'e2e-us').length, { timeout: 20_000 }).toBe(1);
  expect(push.refused).toEqual([]);
  const message = push.received.find((received) => received.subscription === 'e2e-us')!;
  const payload = message.payload as { title: string; body: string; url: string; tag: string };
  expect(payload).toMatchObject({ title: 'Deposit credited', body: '2 containers checked in: $1.50 added to your balance.' });
  expect(payload.url).toMatch(/^\/us\/user\/account\?row=scan-batch%3A[0-9a-f-]{36}$/);

  // The decrypted message goes to the service worker as the browser's push service would hand it over.
  const registrationId = await serviceWorkerRegistration(page, cdp);
  const deliver = () => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
  await deliver();
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        url: (notification.data as { url?: string } | null)?.url,
      })),
    );
  // The worker may first have to start. A push the browser dropped while its worker was starting
  // (seen on a loaded machine) is sent again, as a push service sends again what was not taken: the
  // notification's tag makes a second delivery replace the first, so one shows either way.
  const expected = [{ title: payload.title, body: payload.body, tag: payload.tag, url: payload.url }];
  await expect(async () => {
    if ((await shown()).length === 0) await deliver();
    await expect.poll(shown, { timeout: 5_000 }).toEqual(expected);
  }).toPass({ timeout: 30_000 });
  // The open page heard of it from the worker and lists it without a reload.
  await expect(page.getByTestId('news-item')).toContainText('Deposit credited');
  // Reloaded plainly, the page is the worker's again: only such a page can be moved to the row.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // A click on it (dispatched in the worker: a headless browser has no notification to click) opens the row.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await worker!.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification shown');
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(`${origin}${payload.url}`);
  const row = new HistoryList(page).row(decodeURIComponent(payload.url.split('row=')[1]!));
  await expect(row.locator).toHaveAttribute('data-picked', 'true');
  await expect(row.header).toBeFocused();
  await expect(row.header).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(shown).toEqual([]);

  // Opting out removes the subscription on the server too.
  await page.getByTestId('push-opt-in').getByRole('switch', { name: 'Notify me on this device' }).click();
  await expect(page.getByTestId('push-opt-in').getByTestId('push-state')).toHaveText('Off');
  const after = await request.get('/api/v2/user/notification_settings', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect((await after.json()).data.push_endpoints).toEqual([]);
});

test('the news list shows what happened, marks what was unread as new, and opening it reads it', async ({ page, context, request }) => {
  const { email, accessToken } = await customerWithNews(request, 'us');
  await returnAndCheckIn(request, accessToken, productOf.us, 1);
  await signIn(context, request, email, password);
  await page.goto('/us/user/account');
  await expect(page.getByTestId('news-unread')).toHaveText('1 unread piece of news.');
  await expect(page.getByTestId('news-latest')).toHaveText('Latest: Deposit credited');
  await page.getByTestId('news-link').click();
  await expect(page).toHaveURL(/\/us\/user\/news$/);
  const item = page.getByTestId('news-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Deposit credited');
  await expect(item).toContainText('1 container checked in: $0.75 added to your balance.');
  // Opened, the news is read: the server says so, and the badge still tells this visit what is new.
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await expectAccessible(page, 'news list');
  await item.getByRole('link', { name: 'Show in my history' }).click();
  await expect(new HistoryList(page).picked().locator).toHaveAttribute('data-category', 'SCAN');
  await expect(page.getByTestId('news-unread')).toHaveText('No unread news.');
});

test('the mail preference on the profile page is saved', async ({ page, context, request }) => {
  const { email, accessToken } = await customerWithNews(request, 'us');
  await signIn(context, request, email, password);
  await page.goto('/us/user/profile');
  const preference = page.getByTestId('email-preference');
  const box = preference.getByRole('checkbox', { name: 'Email me the news' });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(preference.getByRole('status')).toHaveText('Emails turned on.');
  const settings = await request.get('/api/v2/user/notification_settings', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect((await settings.json()).data.email).toBe(true);
  await expectAccessible(page, 'profile with the mail preference');
});

const screenshotDir = screensDir('2026-11-23-notifications-360');
for (const [locale, country] of [
  ['en-US', 'us'],
  ['fr-FR', 'fr'],
  ['ja-JP', 'jp'],
] as const) {
  test(`360 px: opt-in, news list and mail preference in ${locale}`, async ({ page, context, request }) => {
    const subscription = push.subscribe(`e2e-shot-${country}`);
    await stubPushManager(context, subscription);
    await context.grantPermissions(['notifications'], { origin });
    await page.setViewportSize({ width: 360, height: 780 });
    const { email, accessToken } = await customerWithNews(request, country);
    await returnAndCheckIn(request, accessToken, productOf[country], 3);
    await signIn(context, request, email, password);

    await page.goto(`/${country}/user/account`);
    const optIn = page.getByTestId('push-opt-in');
    await optIn.getByRole('switch').click();
    await expect(optIn.getByRole('switch')).toBeChecked();
    await optIn.scrollIntoViewIfNeeded();
    await page.getByTestId('news-summary').screenshot({ path: path.join(screenshotDir, `account-news-summary-${locale}.png`) });
    await optIn.screenshot({ path: path.join(screenshotDir, `opt-in-${locale}.png`) });
    await page.screenshot({ path: path.join(screenshotDir, `account-${locale}.png`), fullPage: true });
    const state = await optIn.getByTestId('push-state').boundingBox();
    const section = await optIn.boundingBox();
    expect(state!.x + state!.width, 'the state stays inside its section').toBeLessThanOrEqual(section!.x + section!.width);

    await page.goto(`/${country}/user/news`);
    await expect(page.getByTestId('news-item')).toHaveCount(1);
    await page.screenshot({ path: path.join(screenshotDir, `news-list-${locale}.png`), fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'nothing wider than the phone').toBeLessThanOrEqual(360);

    await page.goto(`/${country}/user/profile`);
    const preference = page.getByTestId('email-preference');
    await preference.getByRole('checkbox').check();
    await expect(preference.getByRole('status')).not.toBeEmpty();
    await preference.screenshot({ path: path.join(screenshotDir, `mail-preference-${locale}.png`) });
  });
}

test.describe('at 360 px in French', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 360, height: 780 } });

  test('a push service that never answers: the switch gives up after 10 s with an error, and stays off', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['notifications'], { origin });
    // The browser's push service is unreachable: subscribe() never settles.
    await context.addInitScript(() => {
      if (!('PushManager' in window)) return;
      PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => undefined);
      PushManager.prototype.getSubscription = async () => null;
    });
    await page.clock.install();
    const { email } = await customerWithNews(request, 'fr');
    await signIn(context, request, email, password);
    await page.goto('/fr/user/news');
    const optIn = page.getByTestId('push-opt-in');
    const toggle = optIn.getByRole('switch', { name: 'M’avertir sur cet appareil' });
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect(optIn.getByTestId('push-state')).toHaveText('Enregistrement…');
    await page.clock.runFor(10_000);
    await expect(optIn.getByRole('alert')).toHaveText(
      'Le service de notifications de votre navigateur ne répond pas. Réessayez plus tard.',
    );
    await expect(optIn.getByTestId('push-state')).toHaveText('Désactivées');
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();
  });

  test('permission refused at the prompt: the blocked explanation shows once', async ({ page, context, request }) => {
    // The person answers "Block" to the browser's prompt.
    await context.addInitScript(() => {
      if (!('Notification' in window)) return;
      let permission: NotificationPermission = 'default';
      Object.defineProperty(Notification, 'permission', { get: () => permission });
      Notification.requestPermission = async () => {
        permission = 'denied';
        return permission;
      };
    });
    const { email } = await customerWithNews(request, 'fr');
    await signIn(context, request, email, password);
    await page.goto('/fr/user/news');
    const optIn = page.getByTestId('push-opt-in');
    const toggle = optIn.getByRole('switch', { name: 'M’avertir sur cet appareil' });
    await toggle.click();
    await expect(toggle).toBeDisabled();
    await expect(optIn.getByText(/Les notifications sont bloquées pour ce site/)).toHaveCount(1);
    await expect(optIn.getByTestId('push-state')).toHaveText('Désactivées');
  });

  test('"Voir dans mon historique" opens the row, scrolled into view and focused', async ({ page, context, request }) => {
    const { email, accessToken } = await customerWithNews(request, 'fr');
    await returnAndCheckIn(request, accessToken, productOf.fr, 1);
    await signIn(context, request, email, password);
    await page.goto('/fr/user/news');
    await page.getByTestId('news-item').getByRole('link', { name: 'Voir dans mon historique' }).click();
    await expect(page).toHaveURL(/\/fr\/user\/account\?row=/);
    const { header } = new HistoryList(page).picked();
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    await expect(header).toBeFocused();
    await expect(header).toBeInViewport();
  });
});
