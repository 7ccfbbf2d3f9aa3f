import path from 'node:path';
import { waitForSavedUser, waitForServiceWorker } from './support/offline';
import { demo, expect, expectAccessible, signIn, signUpViaApi, test, uniqueEmail } from './support/fixtures';
import { e2ePassword } from './support/test-password';
import { screensDir } from './support/screens';

/** Screens for the record, at 360 px: in the repository (bench/results) with SCREENSHOTS=1. */
const screens = screensDir('2026-11-23-impact-360');
const demoSource = 'Demo figure, not a measurement';

test.describe('what the returns add up to, on the account page', () => {
  test('figures, the packaging figure with its source, the chart (hidden from assistive technology) and its table; axe', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, request, demo.us);
    const tokens = await (
      await request.post('/api/v2/oauth/token', {
        data: {
          grant_type: 'password',
          email: demo.us,
          password: 'roundtrip-demo',
        },
      })
    ).json();
    const impact = (
      await (
        await request.get('/api/v2/user/impact', {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        })
      ).json()
    ).data;

    const chartRequests: string[] = [];
    page.on('request', (sent) => {
      if (/impact-chart-[\w-]+\.js/.test(sent.url())) chartRequests.push(sent.url());
    });
    await page.goto('/us/user/account');
    const section = page.getByTestId('impact');
    await expect(
      section.getByRole('heading', {
        level: 2,
        name: 'What your returns add up to',
      }),
    ).toBeVisible();
    await expect(section.getByTestId('impact-returned')).toHaveText(String(impact.returned_items));
    await expect(section.getByTestId('impact-earned')).toHaveText(`$${impact.deposits_earned.value}`);
    await expect(section.getByTestId('impact-withdrawn')).toHaveText(`$${impact.withdrawn.value}`);
    // The demo's factor is a made-up figure, and the page says so where it names the source.
    await expect(section.getByTestId('impact-packaging')).toContainText('of single-use packaging avoided');
    await expect(section.getByTestId('impact-source')).toHaveText(`Source: ${demoSource}`);

    // The chart: loaded once the section is in view, drawn on a canvas, hidden from assistive technology.
    await section.scrollIntoViewIfNeeded();
    await expect(section.locator('[data-testid="impact-chart"] canvas')).toBeVisible();
    await expect(section.getByTestId('impact-chart')).toHaveAttribute('aria-hidden', 'true');
    expect(chartRequests).toHaveLength(1);

    // The same figures as a real table, one row a month, reachable with the keyboard.
    const table = section.getByRole('table', {
      name: 'Your returns and balance by month',
    });
    await expect(table.getByRole('row')).toHaveCount(impact.months.length + 1);
    const last = impact.months[impact.months.length - 1];
    await expect(table.getByRole('row').last()).toContainText(`$${last.balance.value}`);
    const region = section.getByRole('region', {
      name: 'Your returns and balance by month',
    });
    await region.focus();
    await expect(region).toBeFocused();
    await expectAccessible(page, 'account page with the impact section');
  });

  test('a customer with no returns sees zeros and no environmental figure; the chart is not loaded before the section is in view', async ({
    page,
    context,
    request,
  }) => {
    const email = uniqueEmail('impact-none');
    await signUpViaApi(request, { email, password: e2ePassword });
    await signIn(context, request, email, e2ePassword);
    const chartRequests: string[] = [];
    page.on('request', (sent) => {
      if (/impact-chart-[\w-]+\.js/.test(sent.url())) chartRequests.push(sent.url());
    });
    await page.setViewportSize({ width: 360, height: 300 });
    await page.goto('/us/user/account');
    const section = page.getByTestId('impact');
    await expect(section.getByTestId('impact-returned')).toHaveText('0');
    await expect(section.getByTestId('impact-earned')).toHaveText('$0.00');
    await expect(section.getByTestId('impact-packaging')).toHaveCount(0);
    await expect(page.getByText('single-use packaging')).toHaveCount(0);
    expect(chartRequests).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await expect(section.locator('[data-testid="impact-chart"] canvas')).toBeVisible();
    expect(chartRequests).toHaveLength(1);
  });

  test.describe('offline', () => {
    test.use({ serviceWorkers: 'allow' });
    test('offline after one visit, the figures show from the saved answers', async ({ page, context, request }) => {
      await signIn(context, request, demo.us);
      await page.goto('/us/user/account');
      await expect(page.getByTestId('impact-returned')).not.toHaveText('');
      const returned = await page.getByTestId('impact-returned').innerText();
      await waitForServiceWorker(page);
      await waitForSavedUser(page, '"impact"');
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByTestId('impact-returned')).toHaveText(returned);
      // The chart's chunk is precached with the app.
      await page.getByTestId('impact').scrollIntoViewIfNeeded();
      await expect(page.locator('[data-testid="impact-chart"] canvas')).toBeVisible();
      await context.setOffline(false);
    });
  });
});

test.describe('LINE Pay form: the last 4 phone digits', () => {
  test.use({ locale: 'en-US' });
  test('required, exactly 4 digits with the message under the field, then saved and shown masked', async ({ page, context, request }) => {
    const email = uniqueEmail('line');
    await signUpViaApi(request, {
      email,
      password: e2ePassword,
      country: 'jp',
    });
    await signIn(context, request, email, e2ePassword);
    await page.goto('/jp/user/account?locale=en-US');
    await page.getByTestId('payment-method-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('payment-option-LINE').getByRole('button').click();
    const form = dialog.getByTestId('payment-form-LINE');
    await form.getByLabel('LINE Pay number').fill('090-1234-5678');
    const phone = form.getByLabel('Last 4 digits of your phone number');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('This field is required.')).toBeVisible();
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');

    await phone.fill('12');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Please enter exactly the last 4 digits of your phone number.')).toBeVisible();
    await expectAccessible(page, 'LINE Pay form with an error');

    await phone.fill('4321');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByTestId('payment-option-LINE')).toContainText('•••• 5678 (phone •••• 4321)');
  });
});

const locales = [
  { locale: 'en-US', country: 'us', email: demo.us },
  { locale: 'fr-FR', country: 'fr', email: demo.fr },
  { locale: 'ja-JP', country: 'jp', email: demo.jp },
] as const;

for (const { locale, country, email } of locales) {
  test.describe(`360 px screens, ${locale}`, () => {
    test.use({ locale, viewport: { width: 360, height: 780 } });

    test(`the impact section fits at 360 px (${locale})`, async ({ page, context, request }) => {
      await signIn(context, request, email);
      await page.goto(`/${country}/user/account`);
      const section = page.getByTestId('impact');
      // The app's section, not the prerendered shell's (which says "Loading…" and is replaced).
      await expect(section.getByTestId('impact-returned')).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await expect(section.locator('[data-testid="impact-chart"] canvas')).toBeVisible();
      // Nothing wider than the screen: no sideways scrolling of the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await section.screenshot({
        path: path.join(screens, `impact-${locale}.png`),
      });
    });

    test(`the LINE Pay form fits at 360 px (${locale})`, async ({ page, context, request }) => {
      const lineEmail = uniqueEmail(`line-${country}`);
      await signUpViaApi(request, {
        email: lineEmail,
        password: e2ePassword,
        country: 'jp',
      });
      await signIn(context, request, lineEmail, e2ePassword);
      await page.goto(`/jp/user/account?locale=${locale}`);
      await page.getByTestId('payment-method-button').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('payment-option-LINE').getByRole('button').click();
      const form = dialog.getByTestId('payment-form-LINE');
      await form.getByRole('textbox').first().fill('09012345678');
      await form.getByRole('textbox').nth(1).fill('12');
      await form.getByRole('button').last().click();
      await expect(form.locator('.field__error')).toHaveCount(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await dialog.screenshot({
        path: path.join(screens, `line-form-${locale}.png`),
      });
    });
  });
}

test.describe('missing texts', () => {
  test('a page text the server lacks shows the bundled text and is reported once per session, in the background', async ({ page }) => {
    // The server's FAQ without its intro, as after a release that added the key before the content did.
    let dropped = ['intro'];
    await page.route('**/locales/en-US/faq.json', async (route) => {
      const response = await route.fetch();
      const texts: Record<string, string> = await response.json();
      for (const key of dropped) delete texts[key];
      await route.fulfill({ response, json: texts });
    });
    const reports: { url: string; body: unknown }[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().includes('/api/v2/locales/add/'))
        reports.push({ url: new URL(sent.url()).pathname, body: sent.postDataJSON() });
    });
    await page.goto('/us/faq');
    await expect(page.getByText('Can’t find your answer here?')).toBeVisible();
    await expect.poll(() => reports.length).toBe(1);
    expect(reports[0]).toEqual({
      url: '/api/v2/locales/add/en-US/faq',
      body: { intro: 'Can’t find your answer here? Write to customer care with the contact form.' },
    });

    // Later in the same tab session the intro is not reported again; a newly missing text is, alone.
    dropped = ['intro', 'lost_label.q'];
    await page.goto('/us/how-it-works');
    await page.goto('/us/faq');
    await expect(page.getByText('Can’t find your answer here?')).toBeVisible();
    await expect.poll(() => reports.length).toBe(2);
    expect(reports[1]).toEqual({
      url: '/api/v2/locales/add/en-US/faq',
      body: { 'lost_label.q': 'The label or QR code on my container is missing or unreadable. What can I do?' },
    });
  });
});
