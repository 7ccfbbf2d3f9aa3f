import type { Locator, Page } from '@playwright/test';
import { test, expect, signIn, demo, demoPassword, appStarted } from './support/fixtures';
import { pageTexts } from './support/content';

// The public pages come with their texts in the first response, and the app takes that HTML over
// (hydration) instead of painting the page a second time.

test.describe('prerendered public pages', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    for (const [path, lang, title] of [
      ['/fr/faq', 'fr-FR', pageTexts.fr.faq.title],
      ['/jp/how-it-works', 'ja-JP', pageTexts.ja['how-it-works'].title],
      ['/us/', 'en-US', pageTexts.en.home.heading],
      ['/uk/login', 'en-GB', 'Log in'],
    ] as const) {
      test(`${path} shows its heading, title, description and language`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page).toHaveTitle(new RegExp(`Roundtrip`));
        expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      });
    }

    test('an unprefixed page is in the browser language', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ja-JP' });
      const page = await context.newPage();
      await page.goto('/faq');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTexts.ja.faq.title);
      await context.close();
    });
  });

  for (const path of [
    '/fr/faq',
    '/jp/',
    '/us/login',
    '/ca/shop-and-return',
    '/uk/contact-us',
    '/fr/countries',
    '/jp/signup',
    '/us/privacy-policy',
  ]) {
    test(`${path} is hydrated: the prerendered heading stays, and the page works`, async ({ page }) => {
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      // The first heading the parser creates, before any script runs.
      await page.addInitScript(() => {
        const observer = new MutationObserver(() => {
          const heading = document.querySelector('main h1');
          if (heading) {
            (window as unknown as { firstHeading: Element }).firstHeading = heading;
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      // The app is running: the menu button answers.
      await appStarted(page);
      expect(
        await page.evaluate(() => document.querySelector('main h1') === (window as unknown as { firstHeading?: Element }).firstHeading),
      ).toBe(true);
      expect(warnings.filter((text) => text.includes('Prerendered page differed') || text.includes('Hydration'))).toEqual([]);
    });
  }

  test('the page texts are asked for ahead of the app code, which the first paint does not need', async ({ page, context }) => {
    // Chromium's own priorities, as its network layer schedules them (CDP: the page's first requests).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const priorities = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      const url = new URL(event.request.url);
      if (!priorities.has(url.pathname)) priorities.set(url.pathname, event.request.initialPriority);
    });
    const response = await page.goto('/fr/faq');
    await appStarted(page);
    // The files the HTML itself names; code the app imports later (the cookie banner) is its own affair.
    const html = (await response?.text()) ?? '';
    const announced = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    const code = [...priorities].filter(([path]) => announced.includes(path));
    expect(code.length).toBeGreaterThan(3);
    expect(code.filter(([, priority]) => priority !== 'Low' && priority !== 'VeryLow')).toEqual([]);
    expect(priorities.get('/locales/fr-FR/faq.json')).toBe('High');
  });

  test('a signed-in customer on a prerendered page gets the menu of a signed-in customer', async ({ page, context, request }) => {
    await signIn(context, request, demo.fr);
    await page.goto('/fr/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTexts.fr.faq.title);
    await appStarted(page);
    await expect(page.locator('a[href$="/login"]')).toHaveCount(0);
  });
});

test.describe('typing before the app has taken the page over (a slow phone)', () => {
  for (const { country, locale, email, password, logIn, countryLabel, ownCountry } of [
    {
      country: 'fr',
      locale: 'fr-FR',
      email: 'Adresse e-mail',
      password: 'Mot de passe',
      logIn: 'Se connecter',
      countryLabel: 'Pays',
      ownCountry: 'France',
    },
    {
      country: 'jp',
      locale: 'ja-JP',
      email: 'メールアドレス',
      password: 'パスワード',
      logIn: 'ログイン',
      countryLabel: '国',
      ownCountry: '日本',
    },
  ] as const) {
    test(`what was typed into the login form stays, and the login sent meanwhile goes once the app runs (${locale})`, async ({ page }) => {
      // The app's code is held back until the person has typed and pressed the button.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const addresses: string[] = [];
      page.on('framenavigated', (frame) => addresses.push(frame.url()));
      await page.goto(`/${country}/login`, { waitUntil: 'commit' });
      // A person acts on what is drawn: the page has been painted (its stylesheet in) before they type.
      await page.getByLabel(email).waitFor();
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
      await page.getByLabel(email).fill(demo[country]);
      await page.getByLabel(password, { exact: true }).fill(demoPassword);
      await page.getByRole('button', { name: logIn, exact: true }).click();
      // Held back by the page, not sent by the browser as a GET with the password in the address.
      expect(new URL(page.url()).search).toBe('');
      release();
      await expect(page).toHaveURL(new RegExp(`/${country}/user/account$`));
      expect(addresses.filter((address) => address.includes('password=') || address.includes(encodeURIComponent(demoPassword)))).toEqual(
        [],
      );
    });

    test(`a search typed into the country finder before the app runs stays, and finds its country once it runs (${locale})`, async ({
      page,
    }) => {
      const { finder, release } = await countryFinderBeforeApp(page, country, countryLabel);
      await finder.fill(ownCountry);
      release();
      await appStarted(page);
      await expect(finder).toHaveValue(ownCountry);
      await expect(page.getByRole('option')).toHaveText([new RegExp(ownCountry)]);
    });

    test(`a tap into the country finder before the app runs opens its list once it runs (${locale})`, async ({ page }) => {
      const { finder, release } = await countryFinderBeforeApp(page, country, countryLabel);
      await finder.click();
      release();
      await appStarted(page);
      await expect(page.getByRole('option')).toHaveCount(5);
    });

    test(`a login sent in the moment the app has drawn its form but not yet put the typing into it goes once, with what was typed (${locale})`, async ({
      page,
    }) => {
      // React's scheduler runs its steps from messages it posts itself on a MessageChannel: holding
      // them lets the test stop between the app drawing its own form (after the person typed into
      // the prerendered one) and the app putting that typing into it, as a busy phone does.
      await page.addInitScript(() => {
        const scope = window as unknown as { heldSteps: (() => void)[]; holdSteps: boolean };
        scope.heldSteps = [];
        scope.holdSteps = true;
        const Channel = window.MessageChannel;
        window.MessageChannel = class extends Channel {
          constructor() {
            super();
            const port = this.port2;
            const post = port.postMessage.bind(port);
            port.postMessage = (message: unknown) => {
              if (scope.holdSteps && message === null) scope.heldSteps.push(() => post(message));
              else post(message);
            };
          }
        };
      });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const logins: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/v2/oauth/token')) logins.push(request.postData() ?? '');
      });
      await page.goto(`/${country}/login`, { waitUntil: 'commit' });
      await page.getByLabel(email).waitFor();
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
      await page.getByLabel(email).fill(demo[country]);
      await page.getByLabel(password, { exact: true }).fill(demoPassword);
      release();
      // One step at a time until the app's own form is on the page, its fields not yet filled in.
      const appFormDrawn = () =>
        page.evaluate(
          () =>
            document.documentElement.dataset.appStarted !== 'true' &&
            document.querySelector('#root form input[type=email]') instanceof HTMLInputElement &&
            (document.querySelector('#root form input[type=email]') as HTMLInputElement).value === '',
        );
      while (!(await appFormDrawn())) {
        await page.waitForFunction(() => (window as unknown as { heldSteps: unknown[] }).heldSteps.length > 0);
        await page.evaluate(() => (window as unknown as { heldSteps: (() => void)[] }).heldSteps.shift()?.());
      }
      await page.getByRole('button', { name: logIn, exact: true }).click();
      await page.evaluate(() => {
        const scope = window as unknown as { heldSteps: (() => void)[]; holdSteps: boolean };
        scope.holdSteps = false;
        for (const step of scope.heldSteps.splice(0)) step();
      });
      await expect(page).toHaveURL(new RegExp(`/${country}/user/account$`));
      expect(logins.map((body) => JSON.parse(body) as unknown)).toEqual([
        expect.objectContaining({ email: demo[country], password: demoPassword }),
      ]);
    });
  }
});

/**
 * The country finder of `/<country>/countries` drawn by the prerendered page, with the app's entry
 * script held back until `release`: what a person can reach on a slow phone before the app runs.
 */
async function countryFinderBeforeApp(
  page: Page,
  country: string,
  countryLabel: string,
): Promise<{ finder: Locator; release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/${country}/countries`, { waitUntil: 'commit' });
  const finder = page.getByRole('combobox', { name: countryLabel });
  await finder.waitFor();
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  return { finder, release };
}
