import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { containerUrl } from '#domain/container-codes';
import { minorFromMoney } from '#domain/money';
import { totpCodeAt } from '../src/server/modules/operators/totp';
import { expect, expectAccessible, notification, signIn, signUpViaApi, test, tokensFor, uniqueEmail } from './support/fixtures';
import { translate } from './support/catalogue';
import { DisputesPage } from './support/console/care-lists';
import { CheckInPage } from './support/console/check-in-page';
import { ConsoleFrame } from './support/console/console-frame';
import { ConsoleSignInPage, JoinPage } from './support/console/sign-in-page';
import { ConsoleStartPage } from './support/console/start-page';
import { TeamPage } from './support/console/team-page';
import { ConsoleWords } from './support/console/words';
import { cameraContext, e2eBaseUrl, launchWithFakeCamera, writeY4m } from './support/fake-camera';
import { sixLabels } from './support/label-scene';
import { e2eOperatorKey, firstProduct, issueContainers } from './support/ops';
import { checkConsoleScreen, cliCommand, consoleScreensDir, customerBalance } from './support/operators';
import { e2ePassword } from './support/test-password';

/**
 * The operators' console on a phone (src/app/features/console/README.md): an operator invited
 * by the CLI joins from the link, signs in with an authenticator code, checks a customer's
 * containers in by typing their codes, and credits the customer's dispute once; the customer's
 * balance shows both. In French and Japanese at 360 px, with axe and the layout check on each screen.
 */

const password = e2ePassword;
const operatorPassword = 'operator pass 1';
const operatorHeaders = { 'X-Ops-Key': e2eOperatorKey };
/** A customer's access token, signed in with the suite's password. */
const customerToken = async (request: APIRequestContext, email: string) => (await tokensFor(request, email, password)).access_token;
const balanceOf = customerBalance;
const screenshotDir = consoleScreensDir;
const checkScreen = (page: Page, name: string) => checkConsoleScreen(page, name, screenshotDir);
/** The notification that says `text`, read and then dismissed, so that the screen under it is checked alone. */
const dismissNotice = async (page: Page, locale: string, text: string) => {
  const notice = notification(page).filter({ hasText: text });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: translate(locale, 'Dismiss') }).click();
  await expect(notice).toHaveCount(0);
};
/**
 * A confirmation dialog open over a screen: axe and a screenshot to look at. The layout check would
 * count the page under the modal dialog as text the dialog overlaps; the screen itself is checked
 * without the dialog.
 */
const checkDialog = async (page: Page, name: string) => {
  await expectAccessible(page, name);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
};

/**
 * A customer with three containers scanned and waiting for check-in, one more issued but never
 * scanned, and a rejected scan they disputed.
 */
async function customerWithReturns(request: APIRequestContext, country: 'us' | 'fr' | 'jp', language: string, photo?: string) {
  const email = uniqueEmail(`console-${country}`);
  await signUpViaApi(request, { email, password, country });
  const product = await firstProduct(request, country, language);
  const codes = await issueContainers(request, product.id, 5);
  const token = await customerToken(request, email);
  const headers = { Authorization: `Bearer ${token}` };
  const scanIds: string[] = [];
  for (const code of [codes[0], codes[1], codes[2], codes[4]]) {
    const scanned = await request.post('/api/v2/scans', {
      headers,
      data: { id: randomUUID(), code, scanned_at: new Date().toISOString() },
    });
    expect(scanned.status(), await scanned.text()).toBe(201);
    scanIds.push(((await scanned.json()) as { data: { id: string } }).data.id);
  }
  const disputed = codes[4]!;
  const rejected = await request.post('/api/v2/ops/rejections', {
    headers: operatorHeaders,
    data: { codes: [disputed], reason: 'Cracked' },
  });
  expect(rejected.status()).toBe(200);
  const filed = await request.post('/api/v2/disputes', {
    headers,
    data: {
      id: randomUUID(),
      transaction_id: `scan:${scanIds[3]}`,
      reason: 'not_damaged',
      note: 'The bottle was fine.',
      ...(photo ? { photo } : {}),
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  return {
    email,
    token,
    deposit: Number(product.deposit.value),
    pending: [codes[0]!, codes[1]!, codes[2]!],
    neverScanned: codes[3]!,
  };
}

/** Formats a container code as printed under its label (XXXXX-XXXXX-C), as an operator types it. */
function printed(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5, 10)}-${code.slice(10)}`;
}

/**
 * An operator invited by the CLI (with the check-in and care roles unless told) opens the link as mailed,
 * joins, and signs in (after one refused code); answers the console's frame.
 */
async function joinAndSignIn(
  page: Page,
  request: APIRequestContext,
  locale: string,
  tag: string,
  screens?: string,
  roles = 'check-in,care',
) {
  const operatorEmail = uniqueEmail(`operator-${tag}`);
  const printedOut = await cliCommand(request, [
    'operators',
    'invite',
    '--email',
    operatorEmail,
    '--name',
    `Camille ${tag}`,
    '--roles',
    roles,
  ]);
  const link = /(http:\/\/\S+\/ops\/join#\S+)/.exec(printedOut)?.[1];
  expect(link, printedOut).toBeTruthy();

  // The link as mailed: no market prefix, the browser's language.
  await page.goto(link!);
  const join = new JoinPage(page, locale);
  await expect(join.heading).toBeVisible();
  const secret = await join.secretKey();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  if (screens) await checkScreen(page, `${screens}-join`);
  const joinedAt = new Date();
  const joinCode = totpCodeAt(secret, joinedAt);
  await join.join(operatorPassword, joinCode);
  await join.toSignIn.click();

  // Sign-in: a wrong code is refused in the operator's language, with the focus on the message.
  const signIn = new ConsoleSignInPage(page, locale);
  await expect(signIn.heading).toBeVisible();
  // The server takes each step once and never one at or before the last it took: the join's
  // code is refused, and the right one is the next step's (within the server's window of one).
  await signIn.signIn(operatorEmail, operatorPassword, joinCode);
  await expect(signIn.refusal).toBeVisible();
  await expect(signIn.refusal).toBeFocused();
  if (screens) await checkScreen(page, `${screens}-sign-in-refused`);
  await signIn.tryCode(totpCodeAt(secret, new Date(joinedAt.getTime() + 30_000)));
  await expect(new ConsoleStartPage(page, locale).heading).toBeVisible();
  return new ConsoleFrame(page, locale);
}

const markets = [
  { locale: 'fr-FR', country: 'fr', language: 'fr' },
  { locale: 'ja-JP', country: 'jp', language: 'ja' },
] as const;

/** The areas an operator with the check-in and care roles finds, in their order. */
const checkInAndCareAreas = ['Check-in', 'Disputes', 'Adjustments', 'Approvals', 'Claims', 'Data requests', 'Audit trail'];

for (const market of markets) {
  test.describe(`operators' console at 360 px in ${market.locale}`, () => {
    test.use({ locale: market.locale, viewport: { width: 360, height: 780 } });

    test('join from the invitation, sign in, check in typed codes, credit a dispute once', async ({ page, request }) => {
      test.setTimeout(90_000);
      const words = new ConsoleWords(market.locale);
      // A photo as a phone sends it: a JPEG drawn by the browser.
      const photo = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 320;
        canvas.height = 240;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#2f7a5a';
        context.fillRect(0, 0, 320, 240);
        context.fillStyle = '#ffffff';
        context.fillRect(110, 50, 100, 140);
        return canvas.toDataURL('image/jpeg', 0.8).split(',')[1]!;
      });
      const customer = await customerWithReturns(request, market.country, market.language, photo);
      const frame = await joinAndSignIn(page, request, market.locale, market.country, market.locale);

      // The start page lists the areas of the operator's roles only.
      await expect(frame.areaNames).toHaveText(checkInAndCareAreas.map((area) => words.text(area)));
      await checkScreen(page, `${market.locale}-start`);
      // The token is the tab's: nowhere in the customer's storage or cookies.
      const stored = await page.evaluate(() => ({ session: sessionStorage.getItem('ops_session'), cookies: document.cookie }));
      expect(stored.session).toContain('op_');
      expect(stored.cookies).not.toContain('op_');

      // Check-in: three pending codes and one nobody scanned, typed as printed; a repeat is not added twice.
      await frame.open(words.text('Check-in'));
      const checkIn = new CheckInPage(page, market.locale);
      await expect(checkIn.heading).toBeVisible();
      await checkIn.typeCodes([...customer.pending, customer.neverScanned].map(printed));
      await expect(checkIn.count).toHaveText(checkIn.batchOf(4));
      await checkIn.addCode(customer.pending[0]!);
      await expect(checkIn.note).toContainText(words.text('{0} is already in the batch.', { 0: '' }).trim());
      await expect(checkIn.count).toHaveText(checkIn.batchOf(4));
      await checkScreen(page, `${market.locale}-check-in-batch`);
      await checkIn.send(4);
      await expect(checkIn.credited(3)).toBeVisible();
      await expect(checkIn.notPending()).toBeVisible();
      await expect(checkIn.result).toBeFocused();
      await checkScreen(page, `${market.locale}-check-in-result`);

      // The customer's balance holds the three deposits.
      await expect.poll(() => balanceOf(request, customer.token)).toBeCloseTo(3 * customer.deposit, 2);

      // The wrong bag: the batch is undone, the deposits taken back; the codes typed again check in once more.
      await checkIn.undo.click();
      await expect(checkIn.undone).toHaveText(checkIn.undoneText(3));
      await expect(checkIn.undone).toBeFocused();
      expect(await balanceOf(request, customer.token)).toBeCloseTo(0, 2);
      await checkScreen(page, `${market.locale}-check-in-undone`);
      await checkIn.typeCodes(customer.pending.map(printed));
      await checkIn.send(3);
      await expect(checkIn.credited(3)).toBeVisible();
      await expect.poll(() => balanceOf(request, customer.token)).toBeCloseTo(3 * customer.deposit, 2);

      // Care: the dispute with its note; credited once, then gone from the queue.
      const photoRequests: string[] = [];
      page.on('request', (sent) => {
        if (/\/ops\/disputes\/[^/]+\/photo$/.test(new URL(sent.url()).pathname)) photoRequests.push(sent.url());
      });
      await frame.open(words.text('Disputes'));
      const disputesPage = new DisputesPage(page, market.locale);
      const dispute = disputesPage.openCard(customer.email);
      await expect(dispute).toBeVisible();
      await expect(dispute).toContainText('The bottle was fine.');
      // The customer's photo is fetched only when asked for; then it comes with the operator's
      // bearer token, shown from an object URL.
      await expect(dispute.getByRole('img')).toHaveCount(0);
      expect(photoRequests, 'no photo fetched before the operator asks').toEqual([]);
      await disputesPage.showPhoto(dispute);
      const image = dispute.getByRole('img');
      await expect(image).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
      // Care answers in the customer's language, named in care's own.
      const customerLocale = { us: 'en-US', fr: 'fr-FR', jp: 'ja-JP' }[market.country];
      await expect(disputesPage.customerLanguage(dispute)).toContainText(
        new Intl.DisplayNames([market.locale], { type: 'language' }).of(customerLocale)!,
      );
      await checkScreen(page, `${market.locale}-disputes`);
      // The photo opens at its own size in a dialog, and closes back to the card.
      const enlarged = await disputesPage.enlargePhoto(dispute);
      await expect(enlarged.getByRole('img')).toBeVisible();
      await disputesPage.closePhoto(enlarged);
      await expect(enlarged).toBeHidden();
      await disputesPage.creditAny(dispute);
      await expect(dispute).toHaveCount(0);
      // The card is gone; what was done is said in its place, and focused.
      await expect(disputesPage.outcome).toContainText(customer.email);
      await expect(disputesPage.outcome).toBeFocused();
      await expect.poll(() => balanceOf(request, customer.token)).toBeCloseTo(4 * customer.deposit, 2);
      // The credited dispute is in the resolved tab, found by the customer's email.
      await disputesPage.showResolved();
      await disputesPage.search(customer.email.toUpperCase());
      await expect(disputesPage.resolvedCard(customer.email)).toHaveCount(1);
      await checkScreen(page, `${market.locale}-disputes-resolved`);
      // A second credit of the same dispute moves no money.
      const disputes = await request.get('/api/v2/ops/disputes?status=all', { headers: operatorHeaders });
      const mine = ((await disputes.json()) as { data: { id: string; email: string | null; status: string }[] }).data.find(
        (entry) => entry.email === customer.email,
      );
      expect(mine?.status).toBe('CREDITED');
      await request.post(`/api/v2/ops/disputes/${mine!.id}/credit`, { headers: operatorHeaders, data: {} });
      expect(await balanceOf(request, customer.token)).toBeCloseTo(4 * customer.deposit, 2);
    });
  });
}

test('the console is in no customer first load and not in the precache', async ({ page, request }) => {
  const loaded: string[] = [];
  page.on('request', (sent) => loaded.push(new URL(sent.url()).pathname));
  await page.goto('/us/');
  await expect(page.locator('html')).toHaveAttribute('data-app-started', 'true');
  // The console's chunk and its catalogues are the build's `assets/console-<hash>` files.
  const consoleAsset = /assets\/console-[\w-]+\.(js|css)/;
  expect(loaded.filter((url) => consoleAsset.test(url))).toEqual([]);
  const worker = await (await request.get('/sw.js')).text();
  expect(worker).not.toMatch(consoleAsset);
  // The check above would pass on a worker that names no asset at all.
  expect(worker).toMatch(/assets\/index-[\w-]+\.js/);
});

/** Chunk → the chunks it imports, read from the built files' own import statements. */
function chunkImports(assets: string): Map<string, string[]> {
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
  return new Map(
    files.map((file) => {
      const code = readFileSync(path.join(assets, file), 'utf8');
      return [file, [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((match) => match[1]!)];
    }),
  );
}

test('the built chunks import each other without a cycle: in one, a chunk runs before what it imports exists', () => {
  const imports = chunkImports(path.join(import.meta.dirname, '..', 'dist', 'assets'));
  expect(imports.size).toBeGreaterThan(10);
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (chunk: string, trail: string[]) => {
    state.set(chunk, 'open');
    for (const next of imports.get(chunk) ?? []) {
      if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), chunk, next].join(' → '));
      else if (!state.has(next)) visit(next, [...trail, chunk]);
    }
    state.set(chunk, 'done');
  };
  for (const chunk of imports.keys()) if (!state.has(chunk)) visit(chunk, []);
  expect(cycles).toEqual([]);
});

test('a session the server ended sends the operator back to the sign-in', async ({ page }) => {
  // A token the server does not know, as after the idle end: the first call answers 401.
  await page.addInitScript(() => {
    sessionStorage.setItem(
      'ops_session',
      JSON.stringify({
        token: 'op_ended',
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        idle_seconds: 900,
        operator: {
          id: '00000000-0000-4000-8000-000000000000',
          email: 'gone@roundtrip.example',
          name: 'Gone',
          roles: ['care'],
          status: 'ACTIVE',
          created_at: new Date().toISOString(),
        },
      }),
    );
  });
  await page.goto('/us/ops/disputes');
  const signIn = new ConsoleSignInPage(page, 'en-US');
  await expect(signIn.heading).toBeVisible();
  await expect(signIn.sessionEnded).toBeVisible();
});

/** An amount in minor units as the API's decimal value reads it: yen have no minor unit. */
const moneyValue = (minor: number, currency: 'EUR' | 'JPY') => (currency === 'JPY' ? minor : minor / 100);

/** Each market's currency, for the deposits in minor units. */
const currencies = { 'fr-FR': 'EUR', 'ja-JP': 'JPY' } as const;

for (const market of markets) {
  const currency = currencies[market.locale];
  test.describe(`operators' console: check-in by camera at 360 px in ${market.locale}`, () => {
    // Three labels side by side in one frame, looping: each joins the batch once.
    let browser: Browser;
    let context: BrowserContext;
    let pageErrors: string[];
    let customer: { email: string; token: string; depositMinor: number; codes: string[] };
    const videoDir = mkdtempSync(path.join(tmpdir(), 'console-camera-'));

    test.beforeAll(async ({ playwright }) => {
      const request = await playwright.request.newContext({ baseURL: e2eBaseUrl });
      const email = uniqueEmail(`console-camera-${market.country}`);
      await signUpViaApi(request, { email, password, country: market.country });
      const product = await firstProduct(request, market.country, market.language);
      const codes = await issueContainers(request, product.id, 3);
      const token = await customerToken(request, email);
      for (const code of codes) {
        const scanned = await request.post('/api/v2/scans', {
          headers: { Authorization: `Bearer ${token}` },
          data: { id: randomUUID(), code, scanned_at: new Date().toISOString() },
        });
        expect(scanned.status(), await scanned.text()).toBe(201);
      }
      await request.dispose();
      customer = { email, token, depositMinor: minorFromMoney({ currency, value: product.deposit.value }), codes };
      const scene = {
        labels: sixLabels(
          codes.map((code) => containerUrl(e2eBaseUrl, code)),
          4,
        ),
      };
      const file = path.join(videoDir, 'three.y4m');
      writeY4m(file, [{ seconds: 1 }, { scene, seconds: 4 }]);
      browser = await launchWithFakeCamera(playwright.chromium, file);
    });
    test.afterAll(async () => {
      await browser?.close();
      rmSync(videoDir, { recursive: true, force: true });
    });
    test.beforeEach(async () => {
      ({ context, pageErrors } = await cameraContext(browser, { locale: market.locale }));
    });
    test.afterEach(async () => {
      await context.close();
      expect(pageErrors, 'uncaught errors in the page').toEqual([]);
    });

    test('every label in view joins the batch once; the customer sees the credit; undone, the batch is rejected', async ({ request }) => {
      test.setTimeout(120_000);
      const page = await context.newPage();
      await page.setViewportSize({ width: 360, height: 780 });
      const frame = await joinAndSignIn(page, request, market.locale, `camera-${market.country}`);
      await frame.open(new ConsoleWords(market.locale).text('Check-in'));
      const checkIn = new CheckInPage(page, market.locale);
      await checkIn.startCamera.click();
      await expect(checkIn.count).toHaveText(checkIn.batchOf(3), { timeout: 40_000 });
      await expect(checkIn.batchCodes).toHaveCount(3);
      // The camera fills the phone's screen: the count and the button stay in view all the same.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(checkIn.count).toBeInViewport();
      await expect(checkIn.sendButton(3)).toBeInViewport();
      await checkScreen(page, `${market.locale}-check-in-camera`);
      await checkIn.send(3);
      await expect(checkIn.credited(3)).toBeVisible();
      await expect.poll(() => balanceOf(request, customer.token)).toBeCloseTo(moneyValue(3 * customer.depositMinor, currency), 2);
      // The labels still in view do not start a new batch.
      await expect(checkIn.count).toHaveText(checkIn.batchOf(0));

      // The customer, on their phone, sees the three deposits in their balance.
      const phone = await browser.newContext({ baseURL: e2eBaseUrl, locale: market.locale, viewport: { width: 360, height: 780 } });
      await signIn(phone, request, customer.email, password);
      const customerPage = await phone.newPage();
      await customerPage.goto(`/${market.country}/user/account`);
      const shown = new Intl.NumberFormat(market.locale, { style: 'currency', currency }).format(
        moneyValue(3 * customer.depositMinor, currency),
      );
      await expect(customerPage.getByTestId('balance').locator('.visually-hidden')).toHaveText(shown);
      await phone.close();

      // Undone, the containers wait again: the labels in view join a new batch, which is rejected.
      await checkIn.undo.click();
      await expect(checkIn.undone).toHaveText(checkIn.undoneText(3));
      expect(await balanceOf(request, customer.token)).toBeCloseTo(0, 2);
      await expect(checkIn.count).toHaveText(checkIn.batchOf(3), { timeout: 40_000 });
      await checkIn.rejectInstead.click();
      await checkIn.rejectAllButton(3).click();
      await expect(checkIn.rejectReason).toBeFocused();
      await checkScreen(page, `${market.locale}-check-in-reject`);
      await checkIn.rejectReason.fill('Couvercle manquant / 蓋がありません');
      await checkIn.rejectAllButton(3).click();
      await expect(checkIn.rejected(3)).toBeVisible();
      await checkScreen(page, `${market.locale}-check-in-rejected`);
      const history = await request.get('/api/v2/merged_transactions', { headers: { Authorization: `Bearer ${customer.token}` } });
      const rows = ((await history.json()) as { data: { status: string; comment: string | null }[] }).data;
      expect(rows.filter((row) => row.status === 'REJECTED').map((row) => row.comment)).toEqual(
        Array.from({ length: 3 }, () => 'Couvercle manquant / 蓋がありません'),
      );
      expect(await balanceOf(request, customer.token)).toBeCloseTo(0, 2);
    });
  });

  test.describe(`operators' console: passkeys at 360 px in ${market.locale}`, () => {
    test.use({ locale: market.locale, viewport: { width: 360, height: 780 } });

    test('an operator adds a passkey, signs out, and signs in with it alone', async ({ page, request }) => {
      test.setTimeout(60_000);
      const words = new ConsoleWords(market.locale);
      // Chromium's virtual authenticator stands for the phone's: it keeps the key and says the user verified.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });
      await joinAndSignIn(page, request, market.locale, `passkey-${market.country}`);
      const start = new ConsoleStartPage(page, market.locale);
      await start.addPasskey.click();
      await expect(start.passkeyAdded).toBeVisible();
      await checkScreen(page, `${market.locale}-start-passkey`);

      const frame = new ConsoleFrame(page, market.locale);
      await frame.signOut.click();
      const signInPage = new ConsoleSignInPage(page, market.locale);
      await expect(signInPage.heading).toBeVisible();
      await signInPage.signInWithPasskey();
      await expect(start.heading).toBeVisible();
      await expect(frame.areaNames).toHaveText(checkInAndCareAreas.map((area) => words.text(area)));
      await checkScreen(page, `${market.locale}-signed-in-by-passkey`);

      // The start page lists the passkey; removing it asks first, then the list is empty.
      await expect(start.passkeys.getByRole('listitem')).toHaveCount(1);
      await start.passkeys.getByRole('button').click();
      const { remove } = start.removeDialog();
      await expect(remove).toBeFocused();
      await checkDialog(page, `${market.locale}-passkey-remove-dialog`);
      await remove.click();
      await expect(start.noPasskey).toBeVisible();
      await dismissNotice(page, market.locale, words.text('Passkey removed'));
      await checkScreen(page, `${market.locale}-passkeys-none`);
    });

    test("an admin removes an operator's passkeys and resets their authenticator, each after a confirmation", async ({ page, request }) => {
      // A loaded machine takes its minute for the two dialogs' accessibility checks.
      test.setTimeout(120_000);
      // A retry runs on the same server as the try before it, whose Dana is already on the team.
      const name = `Dana ${market.country} ${test.info().retry + 1}`;
      await cliCommand(request, [
        'operators',
        'invite',
        '--email',
        uniqueEmail(`reset-${market.country}`),
        '--name',
        name,
        '--roles',
        'care',
      ]);
      const frame = await joinAndSignIn(page, request, market.locale, `admin-${market.country}`, undefined, 'admin');
      const words = new ConsoleWords(market.locale);
      await frame.open(words.text('Operators'));
      const team = new TeamPage(page, market.locale);
      const card = team.cardNamed(name);

      const passkeys = await team.askToRemovePasskeys(card, name);
      await expect(passkeys.dialog).toBeVisible();
      await checkDialog(page, `${market.locale}-operators-remove-passkeys`);
      await passkeys.confirm.click();
      await dismissNotice(page, market.locale, words.text('They had no passkey.'));

      const reset = await team.askToResetAuthenticator(card, name);
      await expect(reset.confirm).toBeFocused();
      await checkDialog(page, `${market.locale}-operators-reset-authenticator`);
      await reset.confirm.click();
      await dismissNotice(page, market.locale, words.text('{name} is logged out and has a new link by mail, good for 48 hours.', { name }));
      // Invited again: the person sets the account up from the new link.
      await expect(card).toContainText(words.text('Invited'));
      await checkScreen(page, `${market.locale}-operators-reset-done`);
    });
  });
}

test.describe("operators' console: a dispute settled meanwhile", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('upholding needs an answer, and a credit of a dispute settled elsewhere says so, focused', async ({ page, request }) => {
    test.setTimeout(60_000);
    const customer = await customerWithReturns(request, 'us', 'en');
    const frame = await joinAndSignIn(page, request, 'en-US', 'settled');
    await frame.open('Disputes');
    const disputesPage = new DisputesPage(page, 'en-US');
    const dispute = disputesPage.openCard(customer.email.split('@')[0]!);
    await expect(dispute).toBeVisible();

    // Another operator settles it while this card is on screen.
    const all = await request.get('/api/v2/ops/disputes?status=open', { headers: operatorHeaders });
    const id = ((await all.json()) as { data: { id: string; email: string | null }[] }).data.find(
      (entry) => entry.email === customer.email,
    )!.id;
    const upheld = await request.post(`/api/v2/ops/disputes/${id}/uphold`, { headers: operatorHeaders, data: { answer: 'Cracked neck.' } });
    expect(upheld.status()).toBe(200);

    await disputesPage.uphold(dispute);
    await expect(dispute.getByText('Write the answer the customer will read.')).toBeVisible();
    await expect(disputesPage.answerField(dispute)).toBeFocused();

    await disputesPage.creditAny(dispute);
    const refusal = dispute.getByRole('alert');
    await expect(refusal).toHaveText('This dispute was already settled another way.');
    await expect(refusal).toBeFocused();
    expect(await balanceOf(request, customer.token)).toBe(0);
  });
});
