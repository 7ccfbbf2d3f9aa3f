import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, signIn, signUpViaApi, demo, uniqueEmail } from './support/fixtures';
import { checkIn, firstProduct, issueContainers } from './support/ops';

const rows = (page: Page) => page.getByTestId('transaction');
const balanceText = (page: Page) => page.getByTestId('balance').locator('.visually-hidden');

/** The customer comes back to the page after the facility checked their containers in. */
async function reloadUntil(page: Page, balance: string): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(balanceText(page)).toHaveText(balance, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('deposit wallet', () => {
  test('scan by code → pending row → check-in → balance and a completed row, in English', async ({ page, context, request }) => {
    const email = uniqueEmail('wallet-en');
    await signUpViaApi(request, { email, country: 'us' });
    await signIn(context, request, email, 'correct horse 1');
    const product = await firstProduct(request, 'us', 'en');
    const [code] = await issueContainers(request, product.id, 1);

    await page.goto('/us/user/account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');
    await expect(balanceText(page)).toHaveText('$0.00');
    await expect(page.getByTestId('transactions-empty')).toBeVisible();

    // A typo is caught on the phone, before anything is sent.
    const field = page.getByLabel('Container code');
    const typo = code!.slice(0, 10) + (code!.endsWith('0') ? '1' : '0');
    await field.fill(typo);
    await page.getByRole('button', { name: 'Record the scan' }).click();
    await expect(page.locator('#container-code-error')).toHaveText(/typo|format|11 letters/);
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    // Typed with dashes and in lower case, as people do.
    await field.fill(`${code!.slice(0, 5)}-${code!.slice(5, 10)}-${code!.slice(10)}`.toLowerCase());
    await page.getByRole('button', { name: 'Record the scan' }).click();
    await expect(rows(page)).toHaveCount(1);
    const pending = rows(page).first();
    await expect(pending).toHaveAttribute('data-status', 'PENDING');
    await expect(pending.getByTestId('transaction-title')).toHaveText('1 scan pending');
    await expect(pending.getByTestId('transaction-amount')).toHaveCount(0);
    await expect(page.getByTestId('pending-items')).toHaveText('1');
    await expect(page.getByText(/up to 32 days/).first()).toBeVisible();

    // The same container again: already pending, said in words.
    await field.fill(code!);
    await page.getByRole('button', { name: 'Record the scan' }).click();
    await expect(page.locator('#container-code-error')).toHaveText('This container has already been scanned and is waiting for check-in.');

    await checkIn(request, [code!]);
    const deposit = `$${Number(product.deposit.value).toFixed(2)}`;
    await reloadUntil(page, deposit);
    const completed = rows(page).first();
    await expect(completed).toHaveAttribute('data-status', 'COMPLETED');
    await expect(completed.getByTestId('transaction-title')).toHaveText('1 item returned');
    await expect(completed.getByTestId('transaction-amount')).toHaveText(deposit);
    const header = completed.getByRole('button');
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    const items = completed.getByTestId('transaction-items');
    await expect(items).toContainText(product.name);
    await expect(items.locator('tbody tr')).toHaveCount(1);
    await expect(items.locator('tbody td').nth(1)).toHaveText('1');
    await expect(items.locator('tbody td').nth(2)).toHaveText(deposit);
  });

  test('the same flow in Japanese: yen without decimals and Japanese titles', async ({ page, context, request }) => {
    const email = uniqueEmail('wallet-ja');
    await signUpViaApi(request, { email, country: 'jp' });
    await signIn(context, request, email, 'correct horse 1');
    const product = await firstProduct(request, 'jp', 'ja');
    const codes = await issueContainers(request, product.id, 2);

    await page.goto('/jp/user/account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('アカウント');
    await expect(balanceText(page)).toHaveText('￥0');
    for (const code of codes) {
      await page.getByLabel('容器コード').fill(code);
      await page.getByRole('button', { name: 'スキャンを記録' }).click();
      await expect(page.getByLabel('容器コード')).toHaveValue('');
    }
    await expect(rows(page).first().getByTestId('transaction-title')).toHaveText('2件のスキャンが確認待ち');
    await expect(rows(page).first().getByTestId('transaction-amount')).toHaveCount(0);

    await checkIn(request, codes);
    const total = `￥${(Number(product.deposit.value) * 2).toLocaleString('en-US')}`;
    await reloadUntil(page, total);
    const completed = rows(page).first();
    await expect(completed.getByTestId('transaction-title')).toHaveText('2個の容器を返却');
    await expect(completed.getByTestId('transaction-amount')).toHaveText(total);
    await expect(completed.locator('.transaction__badge')).toHaveText('×2');
    await completed.getByRole('button').click();
    await expect(completed.getByTestId('transaction-items')).toContainText(product.name);
    await expect(completed.getByTestId('transaction-items').locator('tbody td').nth(1)).toHaveText('2');
  });

  test('account (demo history, filtered) and products pages pass axe', async ({ page, context, request }) => {
    // axe reads every node of a long history four times over: more than a form's 30 s on a busy machine.
    test.setTimeout(90_000);
    await signIn(context, request, demo.uk);
    await page.goto('/uk/user/account');
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByTestId('transactions')).toHaveAttribute('data-complete', 'true');
    await rows(page).first().getByRole('button').click();
    await expectAccessible(page, 'account');
    await page.getByTestId('filter-status').selectOption('PENDING');
    await expect
      .poll(() => rows(page).evaluateAll((items) => [...new Set(items.map((item) => item.getAttribute('data-status')))]))
      .toEqual(['PENDING']);
    await page.getByTestId('filter-status').selectOption('');
    await page.getByTestId('filter-type').selectOption('ADJUSTMENT');
    await expect
      .poll(() => rows(page).evaluateAll((items) => [...new Set(items.map((item) => item.getAttribute('data-category')))]))
      .toEqual(['ADJUSTMENT']);
    await expect(rows(page).first().getByTestId('transaction-title')).toHaveText('Adjustment by customer care');
    await expect(rows(page).first().getByTestId('transaction-amount')).toHaveText('+£1.00');

    for (const path of ['/uk/products', '/jp/products', '/fr/shop-and-return']) {
      await page.goto(path);
      await expect(page.getByTestId('product').first()).toBeVisible();
      await expect(page.getByTestId('product').first().locator('img')).toBeVisible();
      await expectAccessible(page, path);
    }
    await page.goto('/jp/products');
    await expect(page.getByTestId('product').first()).toContainText(/デポジット：￥\d+/);
  });

  test('1,000 history rows render without blocking the page', async ({ page, context, request }) => {
    await signIn(context, request, demo.us);
    const now = Date.now();
    const data = Array.from({ length: 1000 }, (_, index) => ({
      id: `row-${index}`,
      created_at: new Date(now - index * 3_600_000 * 9).toISOString(),
      category: index % 7 === 0 ? 'ADJUSTMENT' : 'SCAN',
      status: index % 7 === 0 ? 'COMPLETED' : (['PENDING', 'COMPLETED', 'REJECTED', 'CANCELLED'] as const)[index % 4],
      amount: { currency: 'USD', value: '2.25' },
      comment: index % 5 === 0 ? 'A comment' : null,
      items:
        index % 7 === 0
          ? []
          : [
              {
                product_id: 'p1',
                image_url: '/images/products/bottle.svg',
                name: 'Oat milk',
                quantity: 2,
                price: { currency: 'USD', value: '0.75' },
              },
              {
                product_id: 'p2',
                image_url: '/images/products/none.svg',
                name: 'Yoghurt',
                quantity: 1,
                price: { currency: 'USD', value: '0.75' },
              },
            ],
      number_of_scans: index % 7 === 0 ? null : 3,
      price: null,
      account_name: null,
      account_number: null,
    }));
    await page.route('**/api/v2/merged_transactions**', (route) =>
      route.fulfill({ json: { data, meta: { page: 1, items_per_page: 1000, total: 1000 } } }),
    );
    await page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { rowLog: string[] }).rowLog = log;
      const tick = () => {
        const count = document.querySelectorAll('[data-testid=transaction]').length;
        if (log.at(-1)?.split(':')[1] !== String(count)) log.push(`${Math.round(performance.now())}:${count}`);
        if (count < 1000) setTimeout(tick, 20);
      };
      setTimeout(tick, 20);
    });
    await page.goto('/us/user/account');
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByTestId('transactions')).toHaveAttribute('data-complete', 'true', { timeout: 15_000 });
    await expect(rows(page)).toHaveCount(1000);
    const timing = await page.evaluate(() => {
      const answer = performance.getEntriesByType('resource').find((entry) => entry.name.includes('merged_transactions')) as
        PerformanceResourceTiming | undefined;
      return { now: performance.now(), answeredAt: answer?.responseEnd };
    });
    // Thumbnails load near the viewport only; a missing image falls back to the bottle picture.
    await expect(rows(page).nth(999).locator('img')).toHaveCount(0);
    await rows(page).nth(1).scrollIntoViewIfNeeded();
    await expect(rows(page).nth(1).locator('img').nth(1)).toHaveAttribute('src', /^data:image\/svg|bottle/);
    const steps = await page.evaluate(() =>
      (window as unknown as { rowLog: string[] }).rowLog.map((step) => step.split(':').map(Number) as [number, number]),
    );
    const firstRows = steps.find(([, count]) => count > 0)?.[0] ?? Number.NaN;
    const allRows = steps.find(([, count]) => count >= 1000)?.[0] ?? Number.NaN;
    const answered = timing.answeredAt === undefined ? 'n/a' : `${Math.round(timing.answeredAt)} ms`;
    const note = `1000 rows (ms after navigation start): history answered ${answered}, first rows ${firstRows}, all 1000 rows ${allRows}; steps ${steps.map(([at, count]) => `${at}:${count}`).join(' ')}`;
    test.info().annotations.push({ type: 'render-1000-rows', description: note });
    console.log(note);
    // The list still answers the keyboard and the mouse.
    await rows(page).first().getByRole('button').click();
    await expect(rows(page).first().getByRole('button')).toHaveAttribute('aria-expanded', 'true');
  });
});
