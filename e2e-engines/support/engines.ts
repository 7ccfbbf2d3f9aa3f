import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { WebDriverSession } from './webdriver';

export type EngineName = 'webkit' | 'firefox';

/** A phone in the hand: the width the screenshots and layouts are judged at. */
export const phone = { width: 390, height: 844 } as const;

/** WebKit's own iPhone user agent: WebKitGTK then stands for the engine of every iPhone browser. */
export const iPhoneUserAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/**
 * One tab of a real engine, driven the same way whatever the engine: the walks and journeys are
 * written once against this. Functions given to `run` execute in the page: they may use only
 * their arguments (JSON) and return JSON.
 */
export interface EnginePage {
  readonly engine: EngineName;
  /** The address the app is served at for this engine (its own network switch). */
  readonly origin: string;
  /** Loads a path of the app (or a full address) and waits for the load event. */
  goto(pathOrUrl: string): Promise<void>;
  /**
   * Closes the app and opens it again at this address, in a new window or tab of the same browser:
   * the page left is gone, not kept for the back button as a navigation would keep it.
   */
  reopen(pathOrUrl: string): Promise<void>;
  run<Args extends unknown[], Result>(fn: (...args: Args) => Result | Promise<Result>, ...args: Args): Promise<Result>;
  /** A real click, as the engine's automation does it (scrolled into view, refused when covered). */
  click(selector: string): Promise<void>;
  /** Empties a field and types into it key by key. */
  type(selector: string, text: string): Promise<void>;
  url(): Promise<string>;
  cookie(name: string): Promise<string | undefined>;
  /**
   * Takes the whole browser offline (navigator.onLine false, the offline event), where the engine's
   * automation can: Firefox over BiDi. WebKitWebDriver cannot; there the walks cut the network only.
   */
  setOffline?: (offline: boolean) => Promise<void>;
  /** The visible part of the page, as PNG. */
  screenshot(): Promise<Buffer>;
  /**
   * Uncaught errors and unhandled rejections in the pages so far. Firefox reports them over BiDi;
   * WebKitWebDriver has no such event, so there a listener is put in each page once it has loaded
   * (an error during the load itself is not seen there).
   */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The script around a page function: `__name` is the helper the TypeScript loader adds to named
 * functions, absent in the page.
 */
function pageExpression(fn: string, args: unknown[]): string {
  return `(async () => { const __name = (target) => target; return await (${fn})(...${JSON.stringify(args)}); })()`;
}

/**
 * Each WebKit walk's window has its own place on the shared virtual screen (`left`, in px): a window
 * covered by another counts as hidden in WebKitGTK, and the app pauses its camera reading while hidden.
 */
export async function openWebKitPage(options: {
  driverUrl: string;
  origin: string;
  left: number;
  browserArgs?: string[];
}): Promise<EnginePage> {
  const session = await WebDriverSession.create(options.driverUrl, {
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': {
      binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
      args: [
        '--automation',
        '--enable-media-stream=true',
        '--enable-mock-capture-devices=true',
        '--enable-webgl=true',
        `--user-agent=${iPhoneUserAgent}`,
        ...(options.browserArgs ?? []),
      ],
    },
  });
  const placeWindow = async () => {
    const size = await session.setWindowRect(options.left, phone.width, phone.height);
    if (size.width !== phone.width) throw new Error(`MiniBrowser's window is ${size.width} px wide, not ${phone.width}`);
  };
  await placeWindow();
  const toUrl = (pathOrUrl: string) => (/^https?:/.test(pathOrUrl) ? pathOrUrl : `${options.origin}${pathOrUrl}`);
  const seenErrors: string[] = [];
  const page: EnginePage = {
    engine: 'webkit',
    origin: options.origin,
    async errors() {
      await harvestErrors();
      return [...seenErrors];
    },
    async goto(pathOrUrl) {
      await harvestErrors();
      await session.navigate(toUrl(pathOrUrl));
      await page.run(() => {
        const seen: string[] = [];
        Reflect.set(window, '__engineErrors', seen);
        window.addEventListener('error', (event) => seen.push(String(event.message)));
        window.addEventListener('unhandledrejection', (event) => seen.push(`unhandled rejection: ${String(event.reason)}`));
      });
    },
    async reopen(pathOrUrl) {
      await harvestErrors();
      await session.replaceWindow();
      await placeWindow();
      await page.goto(pathOrUrl);
    },
    async run<Args extends unknown[], Result>(fn: (...args: Args) => Result | Promise<Result>, ...args: Args): Promise<Result> {
      const script = `const done = arguments[arguments.length - 1];
        ${pageExpression(fn.toString(), args)}.then(
          (value) => done({ ok: true, value: value === undefined ? null : value }),
          (error) => done({ ok: false, message: String(error && error.stack || error) }),
        );`;
      const answer = await session.executeAsync(script, []);
      if (typeof answer !== 'object' || answer === null) throw new Error(`the page answered ${JSON.stringify(answer)}`);
      if (Reflect.get(answer, 'ok') !== true) throw new Error(`in the page: ${String(Reflect.get(answer, 'message'))}`);
      // The page function's own return type: the protocol carries it as JSON.
      return Reflect.get(answer, 'value') as Result;
    },
    click: (selector) => session.click(selector),
    type: (selector, text) => session.type(selector, text),
    url: () => session.currentUrl(),
    cookie: async (name) => (await session.cookies()).find((cookie) => cookie.name === name)?.value,
    screenshot: () => session.screenshotPng(),
    close: () => session.close(),
  };
  /** Takes the errors the current page collected (none when it has no collector, or is gone). */
  async function harvestErrors(): Promise<void> {
    const collected = await page
      .run(() => {
        const seen: unknown = Reflect.get(window, '__engineErrors');
        Reflect.set(window, '__engineErrors', []);
        return Array.isArray(seen) ? seen.map(String) : [];
      })
      .catch(() => []);
    seenErrors.push(...collected);
  }
  return page;
}

export interface FirefoxBrowser {
  browser: Browser;
  newPage(origin: string): Promise<EnginePage>;
}

/** Firefox ESR over WebDriver BiDi, with a fake camera allowed without a prompt. */
export async function launchFirefox(): Promise<FirefoxBrowser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
    extraPrefsFirefox: { 'media.navigator.streams.fake': true, 'media.navigator.permission.disabled': true },
  });
  return {
    browser,
    async newPage(origin) {
      const page = await browser.newPage();
      await page.setViewport(phone);
      return firefoxPage(page, origin);
    },
  };
}

function firefoxPage(first: Page, origin: string): EnginePage {
  const pageErrors: string[] = [];
  const watch = (tab: Page) => {
    tab.on('pageerror', (error) => pageErrors.push(error instanceof Error ? error.message : String(error)));
    return tab;
  };
  let page = watch(first);
  const toUrl = (pathOrUrl: string) => (/^https?:/.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`);
  return {
    engine: 'firefox',
    origin,
    errors: () => Promise.resolve([...pageErrors]),
    async goto(pathOrUrl) {
      await page.goto(toUrl(pathOrUrl), { waitUntil: 'load' });
    },
    async reopen(pathOrUrl) {
      const left = page;
      page = watch(await left.browser().newPage());
      await page.setViewport(phone);
      await left.close();
      await page.goto(toUrl(pathOrUrl), { waitUntil: 'load' });
    },
    async run<Args extends unknown[], Result>(fn: (...args: Args) => Result | Promise<Result>, ...args: Args): Promise<Result> {
      // The page function's own return type: BiDi carries it as a serialised value.
      return (await page.evaluate(pageExpression(fn.toString(), args))) as Result;
    },
    async click(selector) {
      await page.locator(selector).setTimeout(5_000).click();
    },
    async type(selector, text) {
      await page.locator(selector).setTimeout(5_000).fill(text);
    },
    url: () => Promise.resolve(page.url()),
    setOffline: (offline) => page.setOfflineMode(offline),
    cookie: async (name) => (await page.browser().cookies()).find((cookie) => cookie.name === name)?.value,
    screenshot: async () => Buffer.from(await page.screenshot({ type: 'png' })),
    close: () => page.close(),
  };
}
