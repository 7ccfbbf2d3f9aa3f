import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { containerUrl } from '#domain/container-codes';
import { cameraContext, e2eBaseUrl, launchWithFakeCamera, withoutCamera, writeY4m, type VideoSegment } from './support/fake-camera';
import { sixLabels } from './support/label-scene';
import { answerCookieBanner, signInBrowser } from './support/browser-session';
import { expect, expectAccessible, notification, signIn, signUpViaApi, test, tokensFor, uniqueEmail } from './support/fixtures';
import { checkIn, firstProduct, issueContainers } from './support/ops';
import { indexedDbContents, waitForSavedUser, waitForServiceWorker } from './support/offline';
import { AccountPage } from './support/pages/account-page';
import { LoginPage } from './support/pages/login-page';
import { ScanPage } from './support/pages/scan-page';
import { e2ePassword } from './support/test-password';

// Reading a looping video on a shared 2-core machine takes a while; these tests wait for the camera.
test.describe.configure({ timeout: 120_000 });

const password = e2ePassword;
const videoDir = mkdtempSync(path.join(tmpdir(), 'roundtrip-camera-'));
test.afterAll(() => rmSync(videoDir, { recursive: true, force: true }));

/** A new US customer and `count` freshly issued containers (their codes). */
async function customerWithContainers(request: APIRequestContext, tag: string, count: number) {
  const email = uniqueEmail(tag);
  await signUpViaApi(request, { email, country: 'us' });
  const product = await firstProduct(request, 'us', 'en');
  const codes = await issueContainers(request, product.id, count);
  return { email, codes };
}

/** The labels as printed: the QR code holds the app's /r/ address. */
function labelVideo(name: string, codes: string[]): string {
  const segments: VideoSegment[] = [{ seconds: 1 }];
  for (const code of codes) segments.push({ text: containerUrl(e2eBaseUrl, code), seconds: 2.5 }, { seconds: 0.5 });
  const file = path.join(videoDir, `${name}.y4m`);
  writeY4m(file, segments);
  return file;
}

/** The customer's scans as the server holds them: the PENDING SCAN rows' scan counts. */
async function pendingScansOnServer(request: APIRequestContext, email: string): Promise<number> {
  const { access_token } = await tokensFor(request, email, password);
  const response = await request.get('/api/v2/merged_transactions?status=PENDING&type=SCAN', {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(response.status()).toBe(200);
  const rows = ((await response.json()) as { data: { number_of_scans: number | null }[] }).data;
  return rows.reduce((sum, row) => sum + (row.number_of_scans ?? 0), 0);
}

test.describe('camera scanner with real container labels', () => {
  let browser: Browser;
  let context: BrowserContext;
  let pageErrors: string[];
  let customer: { email: string; codes: string[] };

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: e2eBaseUrl });
    customer = await customerWithContainers(request, 'scan-camera', 3);
    await request.dispose();
    browser = await launchWithFakeCamera(playwright.chromium, labelVideo('labels', customer.codes));
  });
  test.afterAll(async () => browser?.close());
  test.beforeEach(async () => {
    ({ context, pageErrors } = await cameraContext(browser));
  });
  test.afterEach(async () => {
    await context.close();
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  });

  test('each label in view is recorded once on the server; the decoder loads only on the scan page', async ({ request }) => {
    await signIn(context, request, customer.email, password);
    const page = await context.newPage();
    const decoderFiles: string[] = [];
    page.on('request', (sent) => {
      if (/\/wasm-decode-[^/]*\.js$|\.wasm$/.test(sent.url())) decoderFiles.push(sent.url());
    });
    const account = new AccountPage(page);
    const scan = new ScanPage(page);
    await account.goto('us');
    await expect(account.balance).toBeVisible();
    expect(decoderFiles).toEqual([]);

    await account.openScanner();
    await expect(page).toHaveURL(/\/us\/user\/scan$/);
    await expect(scan.heading).toHaveText('Scan containers');
    await expect(scan.count).toHaveText('3 containers scanned', { timeout: 40_000 });
    for (const code of customer.codes) await scan.expectRecorded(code);
    expect(decoderFiles).toHaveLength(2);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: test.info().outputPath('scan-360.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The video loops: the same labels come back into view and are noted, never sent again.
    await expect(scan.feedback).toContainText('already scanned in this session', { timeout: 15_000 });
    await expect(scan.count).toHaveText('3 containers scanned');
    expect(await pendingScansOnServer(request, customer.email)).toBe(3);
    await checkIn(request, customer.codes);
  });
});

test.describe('camera scanner with a bag of six containers in one frame', () => {
  // Six labels side by side, as a person holds up a bag of containers, some of them tilted, under glare,
  // partly covered or smaller; the video loops, so the same six come back into view.
  const camera = withLabelCamera('scan-six', 'block', {
    count: 6,
    video: (codes) => {
      const scene = {
        labels: sixLabels(
          codes.map((code) => containerUrl(e2eBaseUrl, code)),
          4,
          (index) => [{}, { tiltDegrees: 30 }, { glare: 0.8 }, { covered: 0.3 }, { modulePixels: 2.5 }, { tiltDegrees: -20 }][index] ?? {},
        ),
      };
      const file = path.join(videoDir, 'six.y4m');
      // 3 s without labels between two passes: longer than the scanner's same-read window (2.5 s).
      writeY4m(file, [{ seconds: 1.5 }, { scene, seconds: 4 }, { seconds: 1.5 }]);
      return file;
    },
  });

  test('all six are recorded from one frame, once each, with the count shown; the decoder comes from our origin', async ({ request }) => {
    const { context, customer } = camera;
    await signIn(context, request, customer.email, password);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (sent) => requested.push(sent.url()));
    const scan = new ScanPage(page);
    await scan.goto('us');
    await expect(scan.feedback).toHaveText('6 containers recorded.', { timeout: 40_000 });
    await expect(scan.count).toHaveText('6 containers scanned');
    for (const code of customer.codes) await scan.expectRecorded(code);
    await expect(page.getByTestId('session-scan')).toHaveCount(6);
    expect(await pendingScansOnServer(request, customer.email)).toBe(6);
    // The WebAssembly decoder is the build's own file, and nothing left this origin.
    expect(requested.filter((url) => url.endsWith('.wasm'))).toEqual([expect.stringMatching(new RegExp(`^${e2eBaseUrl}/assets/`))]);
    expect(requested.filter((url) => !url.startsWith(e2eBaseUrl) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);

    // The loop brings the same six back: one note, never a second record.
    await expect(scan.feedback).toHaveText('6 containers are already scanned in this session.', { timeout: 15_000 });
    await expect(scan.count).toHaveText('6 containers scanned');
    expect(await pendingScansOnServer(request, customer.email)).toBe(6);
    await checkIn(request, customer.codes);
  });
});

test.describe('camera scanner with a foreign QR code', () => {
  let browser: Browser;
  let context: BrowserContext;
  let pageErrors: string[];

  test.beforeAll(async ({ playwright }) => {
    const file = path.join(videoDir, 'foreign.y4m');
    writeY4m(file, [{ seconds: 0.5 }, { text: 'https://shop.example.com/promo?item=42', seconds: 2 }]);
    browser = await launchWithFakeCamera(playwright.chromium, file);
  });
  test.afterAll(async () => browser?.close());
  test.beforeEach(async () => {
    ({ context, pageErrors } = await cameraContext(browser));
  });
  test.afterEach(async () => {
    await context.close();
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  });

  test('is refused on the phone with the message, and nothing is queued', async ({ request }) => {
    const email = uniqueEmail('scan-foreign');
    await signUpViaApi(request, { email, country: 'us' });
    await signIn(context, request, email, password);
    const page = await context.newPage();
    const scan = new ScanPage(page);
    await scan.goto('us');
    await expect(scan.feedback).toHaveText("Sorry, we don't recognise this code.", { timeout: 20_000 });
    await expect(scan.count).toHaveText('0 containers scanned');
    expect((await indexedDbContents(page)).outbox).toEqual([]);
    expect(await pendingScansOnServer(request, email)).toBe(0);
  });
});

/** A describe block's own browser, whose camera shows this customer's labels. */
function withLabelCamera(
  tag: string,
  serviceWorkers: 'allow' | 'block',
  options: { count?: number; video?: (codes: string[]) => string } = {},
) {
  const state = {} as { browser: Browser; context: BrowserContext; pageErrors: string[]; customer: { email: string; codes: string[] } };
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: e2eBaseUrl });
    state.customer = await customerWithContainers(request, tag, options.count ?? 3);
    await request.dispose();
    const video = options.video ?? ((codes: string[]) => labelVideo(tag, codes));
    state.browser = await launchWithFakeCamera(playwright.chromium, video(state.customer.codes));
  });
  test.afterAll(async () => state.browser?.close());
  test.beforeEach(async () => {
    const made = await cameraContext(state.browser, { serviceWorkers });
    state.context = made.context;
    state.pageErrors = made.pageErrors;
  });
  test.afterEach(async () => {
    await state.context.close();
    expect(state.pageErrors, 'uncaught errors in the page').toEqual([]);
  });
  return state;
}

test.describe('camera scanner offline', () => {
  const camera = withLabelCamera('scan-offline', 'allow');

  test('scans taken offline wait on the phone, survive a reload, and each reaches the server once', async ({ request }) => {
    const { context } = camera;
    const { email, codes } = camera.customer;
    await signIn(context, request, email, password);
    const page = await context.newPage();
    const account = new AccountPage(page);
    const scan = new ScanPage(page);
    await account.goto('us');
    await expect(account.balance).toBeVisible();
    await waitForServiceWorker(page);
    await waitForSavedUser(page, email);
    // Without a native BarcodeDetector (Chromium on Linux, every iPhone) the account page keeps the
    // WebAssembly decoder for offline use: the scanner has never been opened before going offline.
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('scanner-decoder')).keys()).length), { timeout: 30_000 })
      .toBe(1);

    await context.setOffline(true);
    await scan.goto('us');
    for (const code of codes) await scan.expectWaiting(code, { timeout: 40_000 });
    await expect(scan.scanOf(codes[0]!)).toContainText('Waiting to upload');
    await expect(scan.count).toHaveText('3 containers scanned');
    const saved = (await indexedDbContents(page)).outbox as { id: string; kind: string; payload: { code: string } }[];
    expect(saved.map((entry) => entry.payload.code).sort()).toEqual([...codes].sort());

    // A reload offline: the scans are still there, and the labels still in view are not queued twice.
    await page.reload();
    await expect(scan.count).toHaveText('3 containers scanned');
    await expect(scan.feedback).toContainText('already scanned in this session', { timeout: 15_000 });
    expect((await indexedDbContents(page)).outbox).toHaveLength(3);

    // The account page shows them as pending straight away, still offline.
    await account.goto('us');
    await expect(account.pendingOnDevice).toHaveText('3 of them are saved on this device and waiting to upload.');
    await expect(account.outboxList.getByText(codes[0]!)).toBeVisible();

    // Back online on the scan screen: each is recorded, once.
    await scan.goto('us');
    await context.setOffline(false);
    for (const code of codes) await scan.expectRecorded(code, { timeout: 20_000 });
    expect((await indexedDbContents(page)).outbox).toEqual([]);
    expect(await pendingScansOnServer(request, email)).toBe(3);
    await checkIn(request, codes);
  });
});

test.describe('camera scanner on a flaky network', () => {
  const camera = withLabelCamera('scan-flaky', 'block');

  test('sends that die on the way are retried with the same id and recorded exactly once', async ({ request }) => {
    const { context } = camera;
    const { email, codes } = camera.customer;
    await signIn(context, request, email, password);
    const attemptsById = new Map<string, number>();
    // One scan a call, or a run of scans due together in one (POST /scans/batch): each id counts its tries.
    await context.route('**/api/v2/scans{,/batch}', async (route) => {
      const body = route.request().postDataJSON() as { id: string } | { scans: { id: string }[] };
      const ids = 'scans' in body ? body.scans.map((scan) => scan.id) : [body.id];
      const attempt = Math.min(
        ...ids.map((id) => {
          attemptsById.set(id, (attemptsById.get(id) ?? 0) + 1);
          return attemptsById.get(id) ?? 0;
        }),
      );
      if (attempt === 1) {
        // The server records it, the answer is lost on the way back.
        await route.fetch();
        return route.abort('connectionreset');
      }
      if (attempt === 2) return route.abort('connectionreset');
      return route.continue();
    });
    const scan = new ScanPage(await context.newPage());
    await scan.goto('us');
    for (const code of codes) await scan.expectRecorded(code, { timeout: 40_000 });
    expect(attemptsById.size).toBe(3);
    // At least the two failures and the try that got through (more when a call held scans at different tries).
    for (const attempts of attemptsById.values()) expect(attempts).toBeGreaterThanOrEqual(3);
    expect(await pendingScansOnServer(request, email)).toBe(3);
    await checkIn(request, codes);
  });
});

test.describe("scanner without a usable camera (the suite's browser has none)", () => {
  test("a phone camera's /r/ link goes through login without losing the code, and records it once", async ({ page, request }) => {
    const { email, codes } = await customerWithContainers(request, 'scan-deeplink', 1);
    const code = codes[0]!;
    const scan = new ScanPage(page);
    await scan.followLabelLink(code);
    await expect(page).toHaveURL(/\/us\/login\?redirect=/);
    await new LoginPage(page).logIn(email, password, { submitWith: 'enter' });
    await expect(page).toHaveURL(/\/us\/user\/scan$/);
    await scan.expectRecorded(code);
    await expect(scan.feedback).toHaveText(`Container ${code} scanned.`);

    // Opening the same link again (the label scanned twice) does not record it twice.
    await scan.followLabelLink(code);
    await expect(scan.feedback).toHaveText(`Container ${code} is already scanned in this session.`);
    await expect(scan.count).toHaveText('1 container scanned');
    expect(await pendingScansOnServer(request, email)).toBe(1);
    await checkIn(request, codes);
  });

  test('camera trouble gets guidance; a damaged label is typed in, checked on the phone first', async ({ page, context, request }) => {
    const { email, codes } = await customerWithContainers(request, 'scan-typed', 1);
    await signIn(context, request, email, password);
    const scan = new ScanPage(page);
    await scan.goto('us');
    await expect(scan.cameraProblem).toBeVisible();
    await expect(scan.cameraProblem.locator('p').first()).toHaveText(
      /^(Camera access is blocked|No camera found|The camera is in use|The camera could not start)$/,
    );
    await expectAccessible(page, 'scan screen without a camera');
    // A 360 px phone: nothing sticks out sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const code = codes[0]!;
    const misread = code.slice(0, 3) + (code[3] === 'A' ? 'B' : 'A') + code.slice(4);
    await scan.typeCode(misread);
    await expect(scan.codeError).toHaveText('This code has a typo: check each character and try again.');
    await scan.typeCode('https://shop.example.com/r/' + code);
    await expect(scan.codeError).toHaveText("Sorry, we don't recognise this code.");
    expect((await indexedDbContents(page)).outbox ?? []).toEqual([]);

    // Typed as people do: in lower case, in groups.
    await scan.typeCode(`${code.slice(0, 5)}-${code.slice(5, 10)}-${code.slice(10)}`.toLowerCase());
    await scan.expectRecorded(code);
    await expect(scan.codeField).toHaveValue('');
    await expect(scan.count).toHaveText('1 container scanned');
    expect(await pendingScansOnServer(request, email)).toBe(1);
  });
});

test.describe('scanner at 360 px in French, without a camera', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 360, height: 740 } });

  test('no viewfinder and no aiming hint; the message and the code field fill the first screen, the field has focus', async ({
    page,
    context,
    request,
  }) => {
    const email = uniqueEmail('scan-no-camera-fr');
    await withoutCamera(context);
    await signUpViaApi(request, { email, country: 'fr' });
    await signIn(context, request, email, password);
    await page.goto('/fr/user/scan');
    const problem = page.getByTestId('camera-problem');
    await expect(problem.locator('p').first()).toHaveText('Aucune caméra trouvée');
    await expect(page.getByLabel('Image de la caméra')).toBeHidden();
    await expect(page.getByText('Dirigez la caméra vers le QR code du contenant.')).toHaveCount(0);
    const field = page.getByLabel('Code du contenant');
    await expect(field).toBeFocused();
    await expect(problem).toBeInViewport({ ratio: 1 });
    await expect(field).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Enregistrer le scan' })).toBeInViewport({ ratio: 1 });
  });

  test('a scan that cannot be sent yet waits on the phone, and the account page shows it as a history row', async ({
    page,
    context,
    request,
  }) => {
    const email = uniqueEmail('scan-queued-fr');
    await withoutCamera(context);
    await signUpViaApi(request, { email, country: 'fr' });
    const product = await firstProduct(request, 'fr', 'fr');
    const [code] = await issueContainers(request, product.id, 1);
    await signIn(context, request, email, password);
    // The network drops every send: the scan stays in the outbox.
    await context.route('**/api/v2/scans', (route) => route.abort('internetdisconnected'));
    await page.goto('/fr/user/scan');
    await page.getByLabel('Code du contenant').fill(code!);
    await page.getByRole('button', { name: 'Enregistrer le scan' }).click();
    await expect(page.getByTestId('scan-feedback')).toHaveText(
      `Le contenant ${code} est enregistré sur ce téléphone et sera envoyé dès que vous serez en ligne.`,
    );
    await page.getByRole('link', { name: 'Voir mon solde et mon historique' }).click();
    const queued = page.getByTestId('queued-scan');
    await expect(queued).toHaveCount(1);
    await expect(queued).toContainText(`Retour du contenant ${code}`);
    await expect(queued).toContainText('En attente d’envoi');
    await expect(queued.locator('time')).toBeVisible();
  });
});

test.describe('scanner at 360 px in Japanese', () => {
  test.use({ locale: 'ja-JP', viewport: { width: 360, height: 740 } });

  test("a container of another market's programme gets one refusal with its reason, never a success", async ({
    page,
    context,
    request,
  }) => {
    const email = uniqueEmail('scan-other-market-jp');
    await withoutCamera(context);
    await signUpViaApi(request, { email, country: 'jp' });
    const french = await firstProduct(request, 'fr', 'fr');
    const [code] = await issueContainers(request, french.id, 1);
    await signIn(context, request, email, password);
    // Every answer the screen gives, as it gives it (a green "scanned" shown for a moment counts).
    const said: string[] = [];
    await page.exposeFunction('noteScanAnswer', (answer: string) => said.push(answer));
    await page.goto('/jp/user/scan');
    const feedback = page.getByTestId('scan-feedback');
    await expect(page.getByTestId('camera-problem')).toBeVisible();
    await page.evaluate(() => {
      const line = document.querySelector('[data-testid="scan-feedback"]')!;
      const note = (window as unknown as { noteScanAnswer: (answer: string) => void }).noteScanAnswer;
      new MutationObserver(() => note(`${line.className}: ${line.textContent ?? ''}`)).observe(line, {
        attributes: true,
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    await page.getByLabel('容器コード').fill(code!);
    await page.getByRole('button', { name: 'スキャンを記録' }).click();
    const reason = 'この容器は他の国のプログラムのものなので、ここでは返却できません。';
    await expect(feedback).toHaveText(reason);
    await expect(feedback).toHaveClass(/scan-feedback--refused/);
    expect(said.filter((answer) => !answer.includes('scan-feedback--refused'))).toEqual([]);
    await expect(page.getByText(reason)).toHaveCount(1);
    await expect(notification(page)).toHaveCount(0);
    await expect(page.locator(`[data-testid="session-scan"][data-code="${code}"]`)).toHaveAttribute('data-state', 'refused');
    await expect(page.getByTestId('scan-count')).toHaveText(/^0/);
  });
});

test.describe('scanner on a plain http address that is not this machine', () => {
  let browser: Browser;
  test.beforeAll(async ({ playwright }) => {
    // scanner.test resolves here, but to the browser it is a remote http site: not a secure context.
    browser = await playwright.chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        '--host-resolver-rules=MAP scanner.test 127.0.0.1',
      ],
    });
  });
  test.afterAll(async () => browser?.close());

  test('explains that the camera needs https, and typing the code still works', async ({ request }) => {
    const email = uniqueEmail('scan-insecure');
    await signUpViaApi(request, { email, country: 'us' });
    const tokens = await tokensFor(request, email, password);
    const origin = e2eBaseUrl.replace('localhost', 'scanner.test');
    const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    await signInBrowser(context, tokens, origin);
    await answerCookieBanner(context);
    const page = await context.newPage();
    const scan = new ScanPage(page);
    await scan.goto('us', origin);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    await expect(scan.cameraProblem).toHaveAttribute('data-problem', 'insecure');
    await expect(scan.cameraProblem).toContainText('The camera needs a secure connection');
    await expect(scan.codeField).toBeVisible();
    await context.close();
  });
});
