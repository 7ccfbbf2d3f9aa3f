// The browser half of `npm run bench`: bundles, start times and Lighthouse, against the built app
// served by our own server (demo data), in Debian's Chromium.
import type { Browser } from 'playwright-core';
import { launchChromium, signIn } from './browser';
import { measurePage, precacheSize, type PageBundle } from './bundle';
import { lighthouseMedian, type LighthouseFigures } from './lighthouse';
import { benchOfflineStart, benchOnlineStart, type StartFigures } from './start';

export interface FrontendFigures {
  pages: PageBundle[];
  precache: { files: number; bytes: number };
  onlineStart: StartFigures;
  offlineStart: StartFigures;
  lighthouse: LighthouseFigures[];
}

/** The pages whose first visit is measured, and what shows each is ready. */
export const measuredPages = [
  { name: 'home', path: '/us/', signedIn: false, ready: 'main h1' },
  { name: 'login', path: '/us/login', signedIn: false, ready: 'input[type="password"]' },
  // Where a new customer arriving from a label or a mail starts.
  { name: 'sign-up', path: '/us/signup', signedIn: false, ready: 'input[type="password"]' },
  { name: 'contact', path: '/us/contact-us', signedIn: false, ready: 'textarea' },
  { name: 'user/account', path: '/us/user/account', signedIn: true, ready: '[data-testid="balance"]' },
  { name: 'map', path: '/us/map', signedIn: false, ready: '[data-pins-ready="true"]' },
  { name: 'user/scan', path: '/us/user/scan', signedIn: true, ready: 'main h1' },
  // The operators' console: its own first load, beside the customers' (which never include it).
  { name: 'ops console sign-in', path: '/us/ops/sign-in', signedIn: false, ready: 'input[type="password"]' },
];

export async function benchFrontend(options: {
  baseUrl: string;
  distDir: string;
  startRuns: number;
  lighthouseRuns: number;
  log: (line: string) => void;
}): Promise<FrontendFigures> {
  const tokens = await signIn(options.baseUrl);
  const browser: Browser = await launchChromium();
  try {
    const pages: PageBundle[] = [];
    for (const entry of measuredPages) {
      options.log(`bundle: first visit of ${entry.path}`);
      pages.push(
        await measurePage(browser, {
          baseUrl: options.baseUrl,
          distDir: options.distDir,
          name: entry.name,
          path: entry.path,
          tokens: entry.signedIn ? tokens : null,
          readySelector: entry.ready,
        }),
      );
    }
    options.log(`start: ${options.startRuns} cold throttled visits of /us/user/account and of the static page`);
    const onlineStart = await benchOnlineStart(browser, options.baseUrl, tokens, options.startRuns);
    options.log(`start: offline reloads after one visit`);
    const offlineStart = await benchOfflineStart(browser, options.baseUrl, tokens, Math.max(options.startRuns * 2, 5));
    const lighthouseFigures: LighthouseFigures[] = [];
    for (const pagePath of ['/us/', '/us/login', '/fr/faq']) {
      options.log(`lighthouse: ${pagePath}, ${options.lighthouseRuns} runs`);
      lighthouseFigures.push(await lighthouseMedian(options.baseUrl, pagePath, options.lighthouseRuns));
    }
    return { pages, precache: precacheSize(options.distDir), onlineStart, offlineStart, lighthouse: lighthouseFigures };
  } finally {
    await browser.close();
  }
}
