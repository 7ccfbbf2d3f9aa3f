import { test, expect, signIn, demo, appStarted } from './support/fixtures';
import { headings, prefixes, publicRoutes, userRoutes } from './support/texts';

// Each test opens every route under six prefixes and waits for the app to take over each page.
test.describe.configure({ timeout: 90_000 });

function pathOf(prefix: string, route: string): string {
  const path = `${prefix}/${route}`;
  return path === '' ? '/' : path;
}

test.describe('every public route, with and without a country prefix', () => {
  for (const { prefix, lang } of prefixes) {
    test(`public routes under "${prefix || '(none)'}"`, async ({ page }) => {
      for (const route of publicRoutes) {
        const path = pathOf(prefix, route);
        const response = await page.goto(path);
        expect(response?.status(), `the server must answer ${path} with the app shell`).toBe(200);
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(headings[route]![lang]);
        await expect(page, path).toHaveTitle(/· Roundtrip$/);
        expect(new URL(page.url()).pathname, path).toBe(path);
        await appStarted(page);
      }
    });
  }
});

test.describe('customer routes', () => {
  test('a guest is sent to login, keeping the prefix and the way back', async ({ page }) => {
    for (const { prefix, lang } of prefixes) {
      for (const route of userRoutes) {
        const path = pathOf(prefix, route);
        await page.goto(`${path}?from=test`);
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(headings.login![lang]);
        const url = new URL(page.url());
        expect(url.pathname).toBe(pathOf(prefix, 'login'));
        expect(url.searchParams.get('redirect')).toBe(`${path}?from=test`);
        await appStarted(page);
      }
    }
  });

  test('a signed-in customer sees every user page, with and without prefix', async ({ page, context, request }) => {
    await signIn(context, request, demo.us);
    for (const { prefix, lang } of prefixes) {
      for (const route of userRoutes) {
        const path = pathOf(prefix, route);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(headings[route]![lang]);
        expect(new URL(page.url()).pathname).toBe(path);
        await appStarted(page);
      }
    }
  });

  test('short addresses redirect to /user/..., keeping prefix and query', async ({ page, context, request }) => {
    await signIn(context, request, demo.uk);
    for (const { prefix, lang } of prefixes) {
      for (const short of ['profile', 'account', 'verification-error', 'verify-email', 'withdraw']) {
        await page.goto(`${prefix}/${short}?from=mail&x=1`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings[`user/${short}`]![lang]);
        const url = new URL(page.url());
        expect(url.pathname).toBe(`${prefix}/user/${short}`);
        expect(url.search).toBe('?from=mail&x=1');
        await appStarted(page);
      }
    }
  });

  test('a guest on a short address goes to login, then back to the /user page', async ({ page }) => {
    await page.goto('/fr/account?tab=1');
    await expect(page).toHaveURL(/\/fr\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/fr/user/account?tab=1');
    await page.getByLabel('Adresse e-mail').fill(demo.fr);
    await page.getByLabel('Mot de passe', { exact: true }).fill('roundtrip-demo');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/fr\/user\/account\?tab=1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compte');
  });
});

test.describe('page not found', () => {
  const cases = [
    { path: '/nope', lang: 'en', home: '/' },
    { path: '/fr/nope', lang: 'fr', home: '/fr' },
    { path: '/jp/a/b/c', lang: 'ja', home: '/jp' },
    { path: '/xx/faq', lang: 'en', home: '/' },
    { path: '/de', lang: 'en', home: '/' },
    { path: '/us/user/nope', lang: 'en', home: '/us' },
    { path: '/faq/extra', lang: 'en', home: '/' },
  ] as const;
  test('unknown paths show Page not found with a way home', async ({ page }) => {
    for (const { path, lang, home } of cases) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(headings.notFound![lang]);
      await expect(page.getByRole('navigation', { name: /Main|Principale|メイン/ })).toBeVisible();
      const homeLink = page.getByRole('main').getByRole('link');
      await expect(homeLink).toHaveAttribute('href', home);
    }
    await page.getByRole('main').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings['']!.en);
  });
});
