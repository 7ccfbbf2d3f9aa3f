import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { binsResponse, distanceMetres, type Bin } from '#domain/bins';
import { expect, test } from './support/fixtures';
import { collectConsoleProblems } from './support/map';
import { cachedUrls, waitForServiceWorker } from './support/offline';
import { MapPage } from './support/pages/map-page';
import { startStreetTileServer, type StreetTileServer } from './support/street-tiles';
import { screensDir } from './support/screens';

// Street level with MAP_STYLE_URL. This file starts its own app server (the built app, as `npm start`
// runs it) with MAP_STYLE_URL and MAP_TILE_ORIGINS pointing at a street-tile server made in the test
// (support/street-tiles.ts), rather than routing requests inside the browser: the whole path is the
// real one, the server's GET /config and its CSP (the style on one origin, its tiles on another, read
// by MapLibre's worker), and the service worker storing the tiles it really fetched. The shared e2e
// server runs with MAP_STYLE_URL=none (e2e/serve.mjs), so the other map tests still test the offline basemap alone.
// Everything stays on this machine (127.0.0.1 and localhost).

const port = Number(process.env.E2E_PORT ?? 8181) + 17;
const origin = `http://localhost:${port}`;
const dataDir = path.resolve(`.tmp/e2e-streets-${port}`);
const screens = screensDir('customer-screens');

// One server for the file: its tests run one after the other in one worker.
test.describe.configure({ mode: 'default', timeout: 90_000 });
test.use({ baseURL: origin, viewport: { width: 360, height: 740 } });

let app: ChildProcess | undefined;
let tiles: StreetTileServer;
const binsByCountry = new Map<string, Bin[]>();

test.beforeAll(async () => {
  // A fresh data directory is seeded at start; on a loaded two-core machine next to the shared server, that takes minutes.
  test.setTimeout(300_000);
  tiles = await startStreetTileServer();
  rmSync(dataDir, { recursive: true, force: true });
  app = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      SKIP_BUILD: 'true',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      MAP_STYLE_URL: tiles.styleUrl,
      MAP_TILE_ORIGINS: tiles.tileOrigin,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(async () => (await fetch(`${origin}/healthz`).catch(() => undefined))?.status, { timeout: 280_000, intervals: [1_000] })
    .toBe(200);
  for (const country of ['fr', 'jp', 'uk']) {
    const response = await fetch(`${origin}/api/v2/bins?country_code=${country}`);
    const bins = binsResponse.parse(await response.json()).data;
    binsByCountry.set(country, bins);
    tiles.addStreetsAround(bins[0]!);
  }
});

test.afterAll(async () => {
  if (app?.exitCode === null) {
    const exited = new Promise((resolve) => app?.once('exit', resolve));
    app.kill('SIGTERM');
    await exited;
  }
  await tiles?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const firstBin = (country: string) => binsByCountry.get(country)![0]!;

const box = async (locator: Locator) => (await locator.boundingBox())!;
const inside = (inner: { x: number; y: number; width: number; height: number }, outer: typeof inner) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const { locale, country } of [
  { locale: 'fr-FR', country: 'fr' },
  { locale: 'ja-JP', country: 'jp' },
] as const) {
  test.describe(`at 360 px in ${locale}`, () => {
    test.use({ locale });

    test('a link to a bin opens on streets; its info window is wholly in the map, under no button, in the app type; it closes', async ({
      page,
    }) => {
      const problems = collectConsoleProblems(page);
      const bin = firstBin(country);
      const mapPage = new MapPage(page, locale);
      await mapPage.openBin(country, bin.id);
      await mapPage.waitForPins();
      await mapPage.expectStreetsDrawn();
      // The tiles came from the tile origin, which only MAP_TILE_ORIGINS lets through the CSP.
      expect(tiles.requests.some((request) => request.startsWith('/tiles/14/'))).toBe(true);

      const { map, info } = mapPage;
      await expect(info).toContainText(bin.retailer.name);
      const popup = page.locator('.maplibregl-popup-content');
      const title = info.getByRole('heading', { level: 3 });
      const close = page.locator('.maplibregl-popup-close-button');
      const zoomButtons = page.locator('.maplibregl-ctrl-top-right .maplibregl-ctrl');
      // The window is panned into view after it opens: wait until it stands still inside the map
      // (the same place two frames apart), not for a guessed time.
      await expect
        .poll(
          async () => {
            const before = await box(popup);
            await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
            const after = await box(popup);
            return before.x === after.x && before.y === after.y && inside(after, await box(map));
          },
          { timeout: 5_000 },
        )
        .toBe(true);
      const mapBox = await box(map);
      expect(inside(await box(popup), mapBox), 'info window inside the map').toBe(true);
      expect(inside(await box(title), mapBox), 'title inside the map').toBe(true);
      await expect(title).toBeVisible();
      expect(overlap(await box(close), await box(zoomButtons)), 'close button clear of the zoom buttons').toBe(false);
      expect(overlap(await box(title), await box(zoomButtons)), 'title clear of the zoom buttons').toBe(false);

      // The app's type, not MapLibre's 12 px Helvetica.
      const fonts = await page.evaluate(() => {
        const read = (element: Element) => {
          const style = getComputedStyle(element);
          return { family: style.fontFamily, size: style.fontSize };
        };
        return { body: read(document.body), info: read(document.querySelector('.bin-details__text')!) };
      });
      expect(fonts.info).toEqual(fonts.body);

      await map.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screens, `map-street-${locale}-360.png`) });

      // Clickable (Playwright clicks only what is on top at that point): closing removes the id.
      await close.click();
      await expect(info).toBeHidden();
      await expect.poll(() => mapPage.selectedId()).toBeNull();
      expect(problems, 'console errors (CSP refusals included)').toEqual([]);
    });
  });
}

// The first view once the position is known: the person and the nearest bin together, on streets
// (the person a few streets from the market's first bin, inside the street grid the tile server draws).
for (const { locale, country } of [
  { locale: 'fr-FR', country: 'fr' },
  { locale: 'ja-JP', country: 'jp' },
  { locale: 'en-GB', country: 'uk' },
] as const) {
  test.describe(`first view at 360 px in ${locale}`, () => {
    test.use({ locale, permissions: ['geolocation'] });

    test('frames the person and the nearest bin on streets', async ({ page, context }) => {
      const bin = firstBin(country);
      const here = { lat: bin.lat + 0.006, lng: bin.lng - 0.008 };
      await context.setGeolocation({ latitude: here.lat, longitude: here.lng });
      const mapPage = new MapPage(page, locale);
      await mapPage.goto(country);
      await mapPage.waitForPins();
      await expect.poll(() => mapPage.inView(here), { timeout: 15_000 }).toBe(true);
      const nearest = [...binsByCountry.get(country)!].sort((a, b) => distanceMetres(here, a) - distanceMetres(here, b))[0]!;
      expect(await mapPage.inView(nearest), 'nearest bin in the first view').toBe(true);
      await expect(mapPage.you).toBeVisible();
      await mapPage.expectStreetsDrawn();
      await mapPage.map.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screens, `map-first-view-${locale}-360.png`) });
    });
  });
}

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow', locale: 'fr-FR' });

  test('a street seen online is kept by the service worker and drawn offline', async ({ page, context }) => {
    const bin = firstBin('fr');
    const map = new MapPage(page, 'fr-FR');
    // The app is installed first: the map's worker is controlled from the next page on.
    await map.goto('fr');
    await map.waitForPins();
    await waitForServiceWorker(page);

    await map.openBin('fr', bin.id);
    await map.waitForPins();
    await map.expectStreetsDrawn();
    const tileUrl = new RegExp(`^${tiles.tileOrigin}/tiles/14/\\d+/\\d+\\.pbf$`);
    await expect
      .poll(async () => (await cachedUrls(page))['map-tiles']?.filter((url) => tileUrl.test(url)).length ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(0);
    // A tile of the style's own origin too: the default style (OpenFreeMap) has all its tiles there.
    const styleTile = `${new URL(tiles.styleUrl).origin}/tiles/14/`;
    await expect
      .poll(async () => (await cachedUrls(page))['map-tiles']?.some((url) => url.startsWith(styleTile) && url.endsWith('.pbf')) ?? false, {
        timeout: 10_000,
      })
      .toBe(true);
    const cached = await cachedUrls(page);
    expect(cached['map-styles']).toContain(tiles.styleUrl);
    expect(cached['public-lists']).toContain(`${origin}/api/v2/config`);

    // Offline, and the tile server refuses anything more: whatever is drawn comes from the worker's cache.
    tiles.refuse();
    const askedBefore = tiles.requests.length;
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await map.waitForPins();
    await map.expectStreetsDrawn();
    await expect(map.info).toContainText(bin.retailer.name);
    expect(tiles.requests.length, 'no request reached the tile server').toBe(askedBefore);
  });
});
