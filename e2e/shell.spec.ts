import { test, expect, signIn, demo, appStarted } from './support/fixtures';

test.describe('navigation bar and footer', () => {
  test('a guest sees the navigation links, a login link and the footer', async ({ page }) => {
    await page.goto('/uk/faq');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Products', '/uk/products'],
      ['FAQ', '/uk/faq'],
      ['How it works', '/uk/how-it-works'],
      ['Contact us', '/uk/contact-us'],
      ['Shop and return', '/uk/shop-and-return'],
      ['Log in', '/uk/login'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    // This build names no company site and no store listing (VITE_ABOUT_US_URL, VITE_MOBILE_APP_*):
    // no link leads to a made-up address.
    for (const name of [/About us/, /Mobile app/]) await expect(nav.getByRole('link', { name })).toHaveCount(0);

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Roundtrip');
    await expect(footer.getByRole('button', { name: 'Cookie settings' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Countries' })).toHaveAttribute('href', '/uk/countries');
    await expect(footer.getByRole('link', { name: 'Terms and privacy' })).toHaveAttribute('href', '/uk/privacy-policy');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Roundtrip`);
  });

  test('the small-screen menu opens and closes with its button', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/faq');
    // The app's menu and navigation; a tap before it runs is the next test's.
    await appStarted(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Products' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products');
    // Screen-reader and keyboard users start at the new page's heading.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('a tap on the small-screen menu before the app has arrived opens it, and the app keeps it open', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // The app's code held back, as on a slow network, until the menu has been opened.
    let releaseCode = () => {};
    const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
    await page.route('**/*.js', async (route) => {
      await codeHeld;
      await route.continue();
    });
    // Module scripts hold DOMContentLoaded back: the page is taken as soon as it is on screen.
    await page.goto('/fr/faq', { waitUntil: 'commit' });
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Produits' })).toBeVisible();
    expect(await page.locator('html').getAttribute('data-app-started')).toBeNull();

    releaseCode();
    await appStarted(page);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Produits' })).toBeVisible();
    // Now the app's: one tap closes it.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Produits' })).toBeHidden();
  });

  test('a signed-in customer gets a menu with profile page, account and sign out', async ({ page, context, request }) => {
    await signIn(context, request, demo.jp);
    await page.goto('/jp/faq');
    // The focus is the app's to move: a tap before it has taken over the prerendered page is a plain link.
    await appStarted(page);
    const nav = page.getByRole('navigation', { name: 'メイン' });
    await expect(nav.getByRole('link', { name: 'ログイン' })).toHaveCount(0);
    const menu = nav.getByRole('button', { name: /マイアカウント/ });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: '登録情報とパスワード' }).click();
    await expect(page).toHaveURL(/\/jp\/user\/profile$/);
    await menu.click();
    await nav.getByRole('link', { name: '残高と履歴' }).click();
    await expect(page).toHaveURL(/\/jp\/user\/account$/);
    await menu.click();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
  });

  test("focus moves to the new page's heading, unless the person moved it while the page loaded", async ({ page, context, request }) => {
    await signIn(context, request, demo.jp);
    await page.goto('/jp/faq');
    // The focus is the app's to move: a tap before it has taken over the prerendered page is a plain link.
    await appStarted(page);
    const nav = page.getByRole('navigation', { name: 'メイン' });
    const menu = nav.getByRole('button', { name: /マイアカウント/ });
    await menu.click();
    await nav.getByRole('link', { name: '登録情報とパスワード' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    // The account page's history takes a while: meanwhile the person opens the menu and closes it with Escape.
    let releaseHistory: () => void = () => {};
    const historyHeld = new Promise<void>((resolve) => (releaseHistory = resolve));
    await page.route('**/api/v2/merged_transactions*', async (route) => {
      await historyHeld;
      await route.continue();
    });
    await menu.click();
    await nav.getByRole('link', { name: '残高と履歴' }).click();
    await menu.click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeFocused();
    releaseHistory();
    await expect(page.getByRole('heading', { level: 1, name: 'アカウント' })).toBeVisible();
    await expect(page.getByTestId('open-scanner')).toBeVisible();
    await expect(menu).toBeFocused();
  });
});

test.describe('consent and analytics', () => {
  test.use({ consent: 'none' });

  test('analytics loads only after consent, and the footer reopens the banner', async ({ page }) => {
    const analyticsRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/analytics-[^/]+\.js$/.test(request.url())) analyticsRequests.push(request.url());
    });
    await page.goto('/faq');
    const banner = page.getByRole('region', { name: 'Cookie settings' });
    await expect(banner).toBeVisible();
    await page.getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products');
    expect(analyticsRequests).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('analytics_page_views'))).toBeNull();

    // The analytics script arrives only once the next page was opened too, as on a slow network: both
    // views wait for it, and are kept in the order they were seen.
    let releaseScript = () => {};
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route(/\/assets\/analytics-[^/]+\.js$/, async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => analyticsRequests.length).toBe(1);
    await page.getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
    releaseScript();
    await expect
      .poll(async () =>
        page.evaluate(() => JSON.parse(localStorage.getItem('analytics_page_views') ?? '[]').map((v: { path: string }) => v.path)),
      )
      .toEqual(['/products', '/faq']);

    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('heading', { name: 'Cookie settings' })).toBeFocused();
    await expect(banner.getByRole('checkbox', { name: 'Analytics' })).toBeChecked();
    await expect(banner.getByRole('checkbox', { name: 'Strictly necessary' })).toBeDisabled();
    await banner.getByRole('checkbox', { name: 'Analytics' }).uncheck();
    await banner.getByRole('button', { name: 'Save my choices' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('analytics_page_views'))).toBeNull();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookie_consent'))) ?? '{}').analytics).toBe(false);
  });

  test('rejecting keeps analytics off', async ({ page }) => {
    await page.goto('/fr/faq');
    const banner = page.getByRole('region', { name: 'Paramètres des cookies' });
    // The banner is prerendered and then taken over by the app: a click at that instant can be
    // lost, as a person's would, and they click again.
    await expect(async () => {
      if (await banner.isVisible()) await banner.getByRole('button', { name: 'Tout refuser' }).click({ timeout: 1_000 });
      await expect(banner).toBeHidden({ timeout: 1_000 });
    }).toPass();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookie_consent'))) ?? '{}').analytics).toBe(false);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('analytics_page_views'))).toBeNull();
  });

  test('a choice made on the prerendered banner before the app has loaded is kept', async ({ page }) => {
    // No script file arrives, as on a slow network: only the prerendered page, whose own inline lines keep the choice.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/fr/faq');
    const banner = page.getByRole('region', { name: 'Paramètres des cookies' });
    await banner.getByRole('button', { name: 'Tout refuser' }).click();
    await expect(banner).toBeHidden();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookie_consent'))) ?? '{}').analytics).toBe(false);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();

    // With the app: it reads the same choice (a click before it hydrates is lost, hence the retries).
    await page.unroute('**/*.js');
    await page.reload();
    await expect(async () => {
      await page.getByRole('contentinfo').getByRole('button', { name: 'Paramètres des cookies' }).click();
      await expect(banner).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(banner.getByRole('checkbox', { name: 'Mesure d’audience' })).not.toBeChecked();
  });

  test('headless: no navigation bar, footer, consent or analytics', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem('cookie_consent', JSON.stringify({ analytics: true, decidedAt: '2026-01-01T00:00:00Z' })),
    );
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/(analytics|consent-banner)-[^/]+\.js$/.test(request.url())) scripts.push(request.url());
    });
    await page.goto('/fr/faq?headless');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questions fréquentes');
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await page.goto('/login?headless=1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('analytics_page_views'))).toBeNull();
  });

  test('without headless the shell is there', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie settings' })).toBeVisible();
  });
});
