import type { Page } from '@playwright/test';
import { distanceMetres } from '#domain/bins';
import { expect, expectAccessible, test } from './support/fixtures';
import { binsOf, collectConsoleProblems, searchParam } from './support/map';
import { cachedUrls, waitForSavedUser, waitForServiceWorker } from './support/offline';
import { MapPage } from './support/pages/map-page';

// WebGL runs on the CPU (SwiftShader) here: a map test takes longer than a form's.
test.describe.configure({ mode: 'parallel', timeout: 60_000 });

const portland = { latitude: 45.5152, longitude: -122.6784 };

test.describe('return-point map online', () => {
  test('draws the basemap with clusters at zoom 4, then single pins; no CSP or worker error', async ({ page }, testInfo) => {
    const problems = collectConsoleProblems(page);
    const map = new MapPage(page);
    await map.goto('us');
    await expect(map.heading).toBeVisible();
    await expect(map.intro).toBeVisible();
    await map.waitForPins();
    expect(await map.zoom()).toBe(4);
    // At zoom 4 the demo bins of a city are one cluster with their count.
    await expect(map.clusters.first()).toBeVisible();
    expect(Number(await map.clusters.first().innerText())).toBeGreaterThan(1);
    await map.map.screenshot({ path: testInfo.outputPath('map-us-zoom-4.png') });

    // A cluster opened zooms into it, until single pins show.
    for (let step = 0; step < 6 && (await map.pins.count()) === 0; step += 1) await map.zoomIntoCluster();
    await expect(map.pins.first()).toBeVisible();
    await map.map.screenshot({ path: testInfo.outputPath('map-us-pins.png') });
    await expectAccessible(page, 'map page');
    expect(problems, 'console errors').toEqual([]);
  });

  test('a pin opens the info window with the details and directions by lat/lng; selecting it again deselects it', async ({
    page,
    request,
  }) => {
    const bins = await binsOf(request, 'us');
    const bin = bins.find((candidate) => candidate.id === 'us-portland-01')!;
    const map = new MapPage(page);
    await map.openBin('us', bin.id, { zoom: 15 });
    await map.waitForPins();
    expect(await map.zoom()).toBe(15);
    await expect(map.info).toContainText(bin.retailer.name);
    await expect(map.info).toContainText(bin.details);
    await expect(map.directions).toHaveAttribute('href', `https://www.google.com/maps/dir/?api=1&destination=${bin.lat},${bin.lng}`);
    await expect(map.directions).toHaveAttribute('target', '_blank');

    // The same pin again: deselected, and the address loses the id.
    const pin = map.pin(bin.id);
    await expect(pin).toBeVisible();
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
    await pin.click();
    await expect(map.info).toBeHidden();
    await expect.poll(() => map.selectedId()).toBeNull();
    await expect(pin).toHaveAttribute('aria-pressed', 'false');

    // Another pin selects it and writes its id; a reload opens on it.
    const other = map.unselectedPins().first();
    const otherId = (await other.getAttribute('data-bin-id'))!;
    await other.click();
    await expect.poll(() => map.selectedId()).toBe(otherId);
    await page.reload();
    await map.waitForPins();
    await expect(map.info).toContainText(bins.find((candidate) => candidate.id === otherId)!.details);
  });

  test('the zoom param sets the start zoom, and zooming writes it back', async ({ page }) => {
    const map = new MapPage(page);
    await map.goto('uk', { zoom: 6 });
    await map.waitForPins();
    expect(await map.zoom()).toBe(6);
    await map.zoomInButton.click();
    await expect.poll(() => searchParam(page, 'zoom')).toBe('7');
    expect(await map.zoom()).toBe(7);
  });

  test('with no market known (no prefix, nothing stored) the map opens on the world at zoom 2; a market prefix opens on the market', async ({
    page,
  }) => {
    const map = new MapPage(page);
    await map.goto();
    await map.waitForPins();
    expect(await map.zoom()).toBe(2);
    await map.goto('fr');
    await map.waitForPins();
    expect(await map.zoom()).toBe(4);
  });

  test('the retailer filter shows with several retailers, and narrows the map and the list', async ({ page, request }) => {
    const bins = await binsOf(request, 'fr');
    const map = new MapPage(page, 'fr-FR');
    await map.goto('fr');
    await map.waitForPins();
    await expect(map.retailerFilter).toBeVisible();
    await expect(map.retailerFilter).toHaveValue('all');
    const retailer = bins[0]!.retailer;
    await map.retailerFilter.selectOption(retailer.id);
    const count = bins.filter((bin) => bin.retailer.id === retailer.id).length;
    await expect(map.binsUpdated).toContainText(`: ${count}.`);
    await expect(map.listedBins.first()).toBeVisible();
    for (const name of await map.listedBins.locator('h3').allInnerTexts()) expect(name).toBe(retailer.name);
  });

  test('with a single retailer there is no filter', async ({ page, request }) => {
    const bins = await binsOf(request, 'ca');
    const oneRetailer = bins.map((bin) => ({ ...bin, retailer: bins[0]!.retailer }));
    await page.route('**/api/v2/bins?*', (route) => route.fulfill({ json: { data: oneRetailer } }));
    const map = new MapPage(page, 'en-CA');
    await map.goto('ca');
    await map.waitForPins();
    await expect(map.binsUpdated).toContainText(`: ${bins.length}.`);
    await expect(map.retailerFilter).toHaveCount(0);
  });
});

test('MapLibre loads on the map route only; the shop-and-return page links to it; 360 px wide works', async ({ page }) => {
  const mapFiles: string[] = [];
  page.on('request', (request) => {
    if (/maplibre|countries-50m/.test(request.url())) mapFiles.push(request.url());
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/fr/shop-and-return');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(mapFiles).toEqual([]);
  await page.getByTestId('return-points-link').click();
  await expect(page).toHaveURL(/\/fr\/map$/);
  const map = new MapPage(page, 'fr-FR');
  await expect(map.heading).toBeVisible();
  await map.waitForPins();
  expect(mapFiles.some((url) => /maplibre-gl-[\w-]+\.js/.test(url))).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test.describe('with the position granted', () => {
  test.use({ geolocation: portland, permissions: ['geolocation'] });

  test('frames the person and the nearest bin in the first view, and lists the nearest bins first', async ({
    page,
    request,
    context,
  }, testInfo) => {
    await context.grantPermissions(['geolocation']);
    const bins = await binsOf(request, 'us');
    // About 3 km from the nearest bin: centred on the person at a street's zoom, that bin was off screen.
    const anchor = bins.find((bin) => bin.id === 'us-portland-01')!;
    const position = { latitude: anchor.lat + 0.03, longitude: anchor.lng - 0.04 };
    await context.setGeolocation(position);
    const map = new MapPage(page);
    await map.goto('us');
    await map.waitForPins();
    const here = { lat: position.latitude, lng: position.longitude };
    const nearest = [...bins].sort((a, b) => distanceMetres(here, a) - distanceMetres(here, b))[0]!;
    expect(distanceMetres(here, nearest)).toBeGreaterThan(2_000);
    // The first view moves once the fix arrives: wait until the view holds the person, then check the bin.
    await expect.poll(async () => map.inView(here), { timeout: 15_000 }).toBe(true);
    expect(await map.inView(nearest), 'nearest bin in the first view').toBe(true);
    expect(await map.zoom()).toBeGreaterThan(10);
    await expect(map.you).toBeVisible();
    await map.map.screenshot({ path: testInfo.outputPath('map-us-geolocated.png') });

    await expect(map.nearestFirst).toBeVisible();
    const first = map.listedBins.first();
    await expect(first).toHaveAttribute('data-bin-id', nearest.id);
    await expect(first).toContainText(/\d mi away|\d ft away/);

    // "Show on map" from the list selects the bin's pin.
    await map.showOnMap(first);
    await expect.poll(() => map.selectedId()).toBe(nearest.id);
    await expect(map.info).toContainText(nearest.details);
  });
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after one visit the map opens offline with its basemap and bins, and says how old the list is', async ({
    page,
    context,
  }, testInfo) => {
    const map = new MapPage(page, 'ja-JP');
    await map.goto('jp');
    await map.waitForPins();
    await waitForServiceWorker(page);
    await waitForSavedUser(page, '"bins","jp"');
    const cached = Object.values(await cachedUrls(page)).flat();
    expect(
      cached.some((url) => /countries-50m-[\w-]+\.json/.test(url)),
      'basemap precached',
    ).toBe(true);
    expect(
      cached.some((url) => /maplibre-gl-worker-[\w-]+\.mjs/.test(url)),
      'map worker precached',
    ).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await map.waitForPins();
    await expect(map.clusters.first()).toBeVisible();
    await expect(map.dataAge).toHaveText(/^(最終更新：|たった今更新|Updated)/);
    await expect(map.listedBins.first()).toBeVisible();
    await map.map.screenshot({ path: testInfo.outputPath('map-jp-offline.png') });

    // The land is drawn: the map's canvas has pixels of the basemap's land colour.
    // The shapes are put in after the first pins: wait for them.
    await expect.poll(() => landPixels(page)).toBeGreaterThan(1000);
  });
});

/** Pixels of the offline basemap's land colour (#f3f0e8) in the map's canvas. */
async function landPixels(page: Page): Promise<number> {
  const png = await page.locator('.maplibregl-canvas').screenshot();
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height).data;
    let count = 0;
    for (let index = 0; index < data.length; index += 4) {
      if (Math.abs(data[index]! - 0xf3) < 6 && Math.abs(data[index + 1]! - 0xf0) < 6 && Math.abs(data[index + 2]! - 0xe8) < 6) count += 1;
    }
    return count;
  }, png.toString('base64'));
}
