import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, notification, signIn, signUpViaApi, test, uniqueEmail } from './support/fixtures';
import { layoutProblems } from './support/layout';
import { waitForSavedUser, waitForServiceWorker } from './support/offline';
import { e2eOperatorKey, firstProduct, issueContainers } from './support/ops';
import { AccountPage } from './support/pages/account-page';
import type { HistoryRow } from './support/pages/history-list';
import { e2ePassword } from './support/test-password';
import { screensDir } from './support/screens';

const password = e2ePassword;
const operatorHeaders = { 'X-Ops-Key': e2eOperatorKey };
/** Written into the test photo's EXIF: it must never reach the server. */
const secretPlace = 'GPS-48.85837N-2.29448E';

type Country = 'us' | 'fr' | 'jp';

/** A customer whose scan of one container the facility rejected; answers the row's id. */
async function customerWithRejectedScan(request: APIRequestContext, country: Country, tag: string) {
  const email = uniqueEmail(tag);
  await signUpViaApi(request, { email, password, country });
  const product = await firstProduct(request, country, 'en');
  const [code] = await issueContainers(request, product.id, 1);
  const login = await request.post('/api/v2/oauth/token', { data: { grant_type: 'password', email, password } });
  const { access_token } = (await login.json()) as { access_token: string };
  const scanned = await request.post('/api/v2/scans', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { id: randomUUID(), code, scanned_at: new Date().toISOString() },
  });
  expect(scanned.status(), await scanned.text()).toBe(201);
  const scanId = ((await scanned.json()) as { data: { id: string } }).data.id;
  const rejected = await request.post('/api/v2/ops/rejections', {
    headers: operatorHeaders,
    data: { codes: [code], reason: 'Container cracked at the neck' },
  });
  expect(rejected.status()).toBe(200);
  return { email, rowId: `scan:${scanId}`, deposit: product.deposit };
}

/**
 * A large camera-like JPEG (3000 × 2000) made by the browser, with an EXIF segment holding a place
 * spliced in after the start-of-image marker, as phones write it.
 */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 2000;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 3000, 2000);
    gradient.addColorStop(0, '#2f6f4e');
    gradient.addColorStop(1, '#f3d27a');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 3000, 2000);
    for (let index = 0; index < 400; index += 1) {
      context.fillStyle = `hsl(${(index * 37) % 360} 60% 50%)`;
      context.fillRect((index * 197) % 3000, (index * 89) % 2000, 60 + (index % 7) * 20, 40 + (index % 5) * 25);
    }
    return canvas.toDataURL('image/jpeg', 0.95);
  });
  const jpeg = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  const tiff = Buffer.concat([Buffer.from('MM\0*\0\0\0\x08\0\0\0\0\0\0', 'binary'), Buffer.from(secretPlace)]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, jpeg.subarray(2)]);
}

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error('no start-of-frame segment');
}

async function openDisputeForm(page: Page, row: HistoryRow, label: RegExp | string = "This isn't right"): Promise<Locator> {
  await row.open();
  await row.locator.getByRole('button', { name: label }).click();
  const form = page.getByTestId('dispute-form');
  await expect(form).toBeVisible();
  return form;
}

async function disputeIdOf(request: APIRequestContext, rowId: string): Promise<string> {
  const listed = await request.get('/api/v2/ops/disputes', { headers: operatorHeaders });
  const open = ((await listed.json()) as { data: { id: string; transaction_ids: string[] }[] }).data;
  const dispute = open.find((entry) => entry.transaction_ids.includes(rowId));
  expect(dispute, `an open dispute for ${rowId}`).toBeTruthy();
  return dispute!.id;
}

// Each test files a dispute with a photo and runs axe over a signed-in page more than once.
test.describe.configure({ timeout: 60_000 });

test.describe('disputes', () => {
  test('a rejected row disputed with a photo (resized, no location) is open, then credited by an operator', async ({
    page,
    context,
    request,
  }) => {
    const { email, rowId, deposit } = await customerWithRejectedScan(request, 'us', 'dispute-photo');
    const credit = `$${Number(deposit.value).toFixed(2)}`;
    await signIn(context, request, email, password);
    const account = new AccountPage(page);
    await account.goto('us');
    const row = account.history.row(rowId);
    await expect(row.locator).toHaveAttribute('data-status', 'REJECTED');

    const form = await openDisputeForm(page, row);
    await expectAccessible(page, 'dispute form');
    // Sent without a reason: said in words, focus on the choices.
    await form.getByRole('button', { name: 'Send the dispute' }).click();
    await expect(form.getByText('Please choose what is wrong.')).toBeVisible();

    await form.getByLabel('I returned it, but no deposit came back').check();
    await form.getByLabel('Note (optional)').fill('Dropped it at the bin on Main St, it was fine.');
    await form
      .getByTestId('dispute-photo')
      .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto(page) });
    await expect(form.getByTestId('dispute-photo-preview')).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page, 'dispute form with a photo');
    await form.getByRole('button', { name: 'Send the dispute' }).click();
    await expect(notification(page).filter({ hasText: 'Dispute sent' })).toBeVisible();
    await expect(form).toBeHidden();
    await expect(row.locator).toHaveAttribute('data-dispute', 'OPEN');
    await expect(row.dispute).toHaveText('Dispute open');

    // What reached the server: a JPEG at most 1280 px on its longest side, under 300 KB, no EXIF.
    const id = await disputeIdOf(request, rowId);
    const photo = await request.get(`/api/v2/ops/disputes/${id}/photo`, { headers: operatorHeaders });
    expect(photo.headers()['content-type']).toBe('image/jpeg');
    const bytes = await photo.body();
    expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
    const { width, height } = jpegSize(bytes);
    expect(Math.max(width, height)).toBe(1280);
    expect(width).toBeGreaterThan(height);
    expect(bytes.includes(Buffer.from(secretPlace))).toBe(false);
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);

    const credited = await request.post(`/api/v2/ops/disputes/${id}/credit`, {
      headers: operatorHeaders,
      data: { answer: 'Our mistake: the crack was from the wash line.' },
    });
    expect(credited.status(), await credited.text()).toBe(200);
    // One reload, as a person would: the saved history shows first, then the app's own refresh
    // brings the credit (reloading again and again would cancel that refresh on a slow machine).
    await page.reload();
    await expect(row.locator).toHaveAttribute('data-dispute', 'CREDITED', { timeout: 15_000 });
    await expect(row.dispute).toHaveText('Dispute: credited');
    await expect(account.balanceAmount).toHaveText(credit);
    await row.open();
    await expect(row.disputeState).toContainText(`${credit} was added to your balance`);
    await expect(row.disputeState).toContainText('Our mistake: the crack was from the wash line.');
  });

  test.describe('offline', () => {
    test.use({ serviceWorkers: 'allow' });

    test('a dispute made offline waits in the outbox, is delivered once back online, and shows the operator’s answer', async ({
      page,
      context,
      request,
    }) => {
      const { email, rowId } = await customerWithRejectedScan(request, 'us', 'dispute-offline');
      await signIn(context, request, email, password);
      const account = new AccountPage(page);
      await account.goto('us');
      const row = account.history.row(rowId);
      await expect(row.locator).toHaveAttribute('data-status', 'REJECTED');
      await waitForServiceWorker(page);
      await waitForSavedUser(page, email);

      // Counted as the context reports requests, the service worker's too: back online, the page and
      // the worker's Background Sync race to send, and a worker woken for the sync may send before a
      // route set on the context applies to it.
      let sent = 0;
      context.on('request', (made) => {
        if (made.method() === 'POST' && new URL(made.url()).pathname === '/api/v2/disputes') sent += 1;
      });
      await context.setOffline(true);
      const photo = await cameraPhoto(page);
      const form = await openDisputeForm(page, row);
      await form.getByLabel('The container was clean and undamaged').check();
      await form.getByTestId('dispute-photo').setInputFiles({ name: 'IMG_0043.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expect(form.getByTestId('dispute-photo-preview')).toBeVisible({ timeout: 15_000 });
      await form.getByRole('button', { name: 'Send the dispute' }).click();
      await expect(notification(page).filter({ hasText: 'Dispute saved' })).toBeVisible();
      await expect(page.getByTestId('outbox-summary')).toHaveText('1 action waiting to upload');
      await expect(row.locator).toHaveAttribute('data-dispute', 'QUEUED');
      await expect(row.dispute).toHaveText('Dispute waiting to upload');
      expect(sent).toBe(0);

      await context.setOffline(false);
      await expect(page.getByTestId('outbox-summary')).toBeHidden({ timeout: 20_000 });
      await expect(row.locator).toHaveAttribute('data-dispute', 'OPEN');
      await expect(row.dispute).toHaveText('Dispute open');
      expect(sent).toBe(1);

      const id = await disputeIdOf(request, rowId);
      const photoSaved = await request.get(`/api/v2/ops/disputes/${id}/photo`, { headers: operatorHeaders });
      expect(photoSaved.status()).toBe(200);
      const upheld = await request.post(`/api/v2/ops/disputes/${id}/uphold`, {
        headers: operatorHeaders,
        data: { answer: 'The facility photo shows a crack at the neck.' },
      });
      expect(upheld.status(), await upheld.text()).toBe(200);
      await expect(async () => {
        await page.reload();
        await expect(row.locator).toHaveAttribute('data-dispute', 'UPHELD', { timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      await row.open();
      await expect(row.disputeState).toContainText('The facility photo shows a crack at the neck.');
    });
  });
});

const screenshotDir = screensDir('2026-11-23-disputes-360');

/** The open dialog alone: the page behind it is covered by the backdrop, not laid out next to it. */
async function dialogLayoutProblems(page: Page) {
  await page.addStyleTag({
    content: '* { visibility: hidden !important; } dialog[open], dialog[open] * { visibility: visible !important; }',
  });
  const problems = await layoutProblems(page);
  await page.evaluate(() => document.head.lastElementChild?.remove());
  return problems;
}
const markets = [
  {
    locale: 'en-US',
    country: 'us',
    open: "This isn't right",
    send: 'Send the dispute',
    note: 'I left it at the bin on Main Street and it was not cracked.',
  },
  {
    locale: 'fr-FR',
    country: 'fr',
    open: 'Contester',
    send: 'Envoyer la contestation',
    note: 'Je l’ai déposé à la borne de la rue Vitton, il n’était pas fêlé.',
  },
  {
    locale: 'ja-JP',
    country: 'jp',
    open: '誤りを報告する',
    send: '異議を送信する',
    note: '駅前の返却ボックスに返却しました。ひびはありませんでした。',
  },
] as const;

for (const market of markets) {
  test.describe(`dispute screens at 360 px in ${market.locale}`, () => {
    test.use({ locale: market.locale, viewport: { width: 360, height: 780 } });

    test('the form and a disputed row fit, with nothing cut off or overlapping', async ({ page, context, request }) => {
      const { email, rowId } = await customerWithRejectedScan(request, market.country, `dispute-360-${market.country}`);
      await signIn(context, request, email, password);
      const account = new AccountPage(page, market.locale);
      await account.goto(market.country);
      const row = account.history.row(rowId);
      const form = await openDisputeForm(page, row, market.open);
      await form.locator('input[type="radio"]').first().check();
      await form.locator('textarea').fill(market.note);
      await form
        .getByTestId('dispute-photo')
        .setInputFiles({ name: 'IMG_0044.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto(page) });
      await expect(form.getByTestId('dispute-photo-preview')).toBeVisible({ timeout: 15_000 });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({ path: `${screenshotDir}/${market.locale}-dispute-form.png` });
      expect(await dialogLayoutProblems(page), 'layout of the dispute form').toEqual([]);
      // The rest of the form, scrolled inside the dialog as a thumb would.
      await form.getByRole('button', { name: market.send }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshotDir}/${market.locale}-dispute-form-end.png` });

      await form.getByRole('button', { name: market.send }).click();
      await expect(form).toBeHidden();
      await expect(row.locator).toHaveAttribute('data-dispute', 'OPEN');
      const id = await disputeIdOf(request, rowId);
      await request.post(`/api/v2/ops/disputes/${id}/uphold`, {
        headers: operatorHeaders,
        data: { answer: 'The facility photo shows a crack at the neck.' },
      });
      await expect(async () => {
        await page.reload();
        await expect(row.locator).toHaveAttribute('data-dispute', 'UPHELD', { timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      await row.open();
      await expect(row.disputeState).toBeVisible();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await row.locator.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshotDir}/${market.locale}-disputed-row.png`, fullPage: true });
      expect(await layoutProblems(page), 'layout of the disputed row').toEqual([]);
    });
  });
}

test.describe('the dispute form at 360 px in French', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 360, height: 780 } });

  test('"Veuillez indiquer ce qui ne va pas." goes as soon as a reason is chosen', async ({ page, context, request }) => {
    // The form is its own chunk, fetched on the first opening: slow on a loaded machine.
    test.slow();
    const { email, rowId } = await customerWithRejectedScan(request, 'fr', 'dispute-clear-fr');
    await signIn(context, request, email, password);
    const account = new AccountPage(page, 'fr-FR');
    await account.goto('fr');
    const row = account.history.row(rowId);
    await row.open();
    await row.locator.getByRole('button', { name: 'Contester' }).click();
    const form = page.getByTestId('dispute-form');
    await expect(form).toBeVisible({ timeout: 30_000 });
    const reasons = form.getByRole('radiogroup', { name: /^Qu’est-ce qui ne va pas/ });
    await form.getByRole('button', { name: 'Envoyer la contestation' }).click();
    await expect(form.getByText('Veuillez indiquer ce qui ne va pas.')).toBeVisible();
    await expect(reasons).toHaveAttribute('aria-invalid', 'true');

    await form.getByRole('radio').first().check();
    await expect(form.getByText('Veuillez indiquer ce qui ne va pas.')).toHaveCount(0);
    await expect(reasons).not.toHaveAttribute('aria-invalid', 'true');
  });
});
