import type { Page } from '@playwright/test';
import { distanceMetres } from '#domain/bins';
import { expect, expectAccessible, test } from './support/fixtures';
import { binsOf, collectConsoleProblems, mapZoom, searchParam, waitForPins } from './support/map';
import { cachedUrls, waitForSavedUser, waitForServiceWorker } from './support/offline';

// WebGL runs on the CPU (SwiftShader) here: a map test takes longer than a form's.
test.describe.configure({ mode: 'parallel', timeout: 60_000 });

const portland = { latitude: 45.5152, longitude: -122.6784 };

async function pinButton(page: Page, id: string) {
  const pin = page.locator(`[data-testid="map-pin"][data-bin-id="${id}"]`);
  await expect(pin).toBeVisible();
  return pin;
}

test.describe('return-point map online', () => {
  test('draws the basemap with clusters at zoom 4, then single pins; no CSP or worker error', async ({ page }, testInfo) => {
    const problems = collectConsoleProblems(page);
    await page.goto('/us/map');
    await expect(page.getByRole('heading', { level: 1, name: 'Return points' })).toBeVisible();
    await expect(page.getByText('Drop your empty containers in any of these bins')).toBeVisible();
    await waitForPins(page);
    expect(await mapZoom(page)).toBe(4);
    // At zoom 4 the demo bins of a city are one cluster with their count.
    const clusters = page.getByTestId('map-cluster');
    await expect(clusters.first()).toBeVisible();
    expect(Number(await clusters.first().innerText())).toBeGreaterThan(1);
    await page.getByTestId('bin-map').screenshot({ path: testInfo.outputPath('map-us-zoom-4.png') });

    // A click on a cluster zooms into it, until single pins show.
    for (let step = 0; step < 6 && (await page.getByTestId('map-pin').count()) === 0; step += 1) {
      const before = await mapZoom(page);
      // By keyboard: clusters are buttons, and a mouse could land on a neighbour that overlaps.
      await page.getByTestId('map-cluster').first().focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => mapZoom(page)).toBeGreaterThan(before);
    }
    await expect(page.getByTestId('map-pin').first()).toBeVisible();
    await page.getByTestId('bin-map').screenshot({ path: testInfo.outputPath('map-us-pins.png') });
    await expectAccessible(page, 'map page');
    expect(problems, 'console errors').toEqual([]);
  });

  test('a pin opens the info window with the details and directions by lat/lng; selecting it again deselects it', async ({
    page,
    request,
  }) => {
    const bins = await binsOf(request, 'us');
    const bin = bins.find((candidate) => candidate.id === 'us-portland-01')!;
    await page.goto('/us/map?id=us-portland-01&zoom=15');
    await waitForPins(page);
    expect(await mapZoom(page)).toBe(15);
    const info = page.getByTestId('bin-info');
    await expect(info).toContainText(bin.retailer.name);
    await expect(info).toContainText(bin.details);
    const directions = info.getByTestId('directions-link');
    await expect(directions).toHaveAttribute('href', `https://www.google.com/maps/dir/?api=1&destination=${bin.lat},${bin.lng}`);
    await expect(directions).toHaveAttribute('target', '_blank');

    // The same pin again: deselected, and the address loses the id.
    const pin = await pinButton(page, bin.id);
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
    await pin.click();
    await expect(info).toBeHidden();
    await expect.poll(() => searchParam(page, 'id')).toBeNull();
    await expect(pin).toHaveAttribute('aria-pressed', 'false');

    // Another pin selects it and writes its id; a reload opens on it.
    const other = page
      .getByTestId('map-pin')
      .filter({ hasNot: page.locator('[aria-pressed="true"]') })
      .first();
    const otherId = (await other.getAttribute('data-bin-id'))!;
    await other.click();
    await expect.poll(() => searchParam(page, 'id')).toBe(otherId);
    await page.reload();
    await waitForPins(page);
    await expect(page.getByTestId('bin-info')).toContainText(bins.find((candidate) => candidate.id === otherId)!.details);
  });

  test('the zoom param sets the start zoom, and zooming writes it back', async ({ page }) => {
    await page.goto('/uk/map?zoom=6');
    await waitForPins(page);
    expect(await mapZoom(page)).toBe(6);
    await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
    await expect.poll(() => searchParam(page, 'zoom')).toBe('7');
    expect(await mapZoom(page)).toBe(7);
  });

  test('with no market known (no prefix, nothing stored) the map opens on the world at zoom 2; a market prefix opens on the market', async ({
    page,
  }) => {
    await page.goto('/map');
    await waitForPins(page);
    expect(await mapZoom(page)).toBe(2);
    await page.goto('/fr/map');
    await waitForPins(page);
    expect(await mapZoom(page)).toBe(4);
  });

  test('the retailer filter shows with several retailers, and narrows the map and the list', async ({ page, request }) => {
    const bins = await binsOf(request, 'fr');
    await page.goto('/fr/map');
    await waitForPins(page);
    const filter = page.getByTestId('retailer-filter');
    await expect(filter).toBeVisible();
    await expect(filter).toHaveValue('all');
    const retailer = bins[0]!.retailer;
    await filter.selectOption(retailer.id);
    const count = bins.filter((bin) => bin.retailer.id === retailer.id).length;
    await expect(page.getByTestId('bins-updated')).toContainText(`: ${count}.`);
    const listed = page.getByTestId('bin-list').locator('li');
    await expect(listed.first()).toBeVisible();
    for (const name of await listed.locator('h3').allInnerTexts()) expect(name).toBe(retailer.name);
  });

  test('with a single retailer there is no filter', async ({ page, request }) => {
    const bins = await binsOf(request, 'ca');
    const oneRetailer = bins.map((bin) => ({ ...bin, retailer: bins[0]!.retailer }));
    await page.route('**/api/v2/bins?*', (route) => route.fulfill({ json: { data: oneRetailer } }));
    await page.goto('/ca/map');
    await waitForPins(page);
    await expect(page.getByTestId('bins-updated')).toContainText(`: ${bins.length}.`);
    await expect(page.getByTestId('retailer-filter')).toHaveCount(0);
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
  await expect(page.getByRole('heading', { level: 1, name: 'Points de retour' })).toBeVisible();
  await waitForPins(page);
  expect(mapFiles.some((url) => /maplibre-gl-[\w-]+\.js/.test(url))).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test.describe('with the position granted', () => {
  test.use({ geolocation: portland, permissions: ['geolocation'] });

  test('centres on the person at zoom 14 and lists the nearest bins first', async ({ page, request, context }, testInfo) => {
    await context.grantPermissions(['geolocation']);
    const bins = await binsOf(request, 'us');
    // A street away from a Portland bin, so that pins are in view at zoom 14.
    const anchor = bins.find((bin) => bin.id === 'us-portland-01')!;
    const position = { latitude: anchor.lat + 0.002, longitude: anchor.lng - 0.002 };
    await context.setGeolocation(position);
    await page.goto('/us/map');
    await waitForPins(page);
    await expect.poll(() => searchParam(page, 'zoom'), { timeout: 15_000 }).toBe('14');
    expect(await mapZoom(page)).toBe(14);
    await expect(page.getByTestId('map-you')).toBeVisible();
    await expect(page.getByTestId('map-pin').first()).toBeVisible();
    await page.getByTestId('bin-map').screenshot({ path: testInfo.outputPath('map-us-geolocated.png') });

    const here = { lat: position.latitude, lng: position.longitude };
    const nearest = [...bins].sort((a, b) => distanceMetres(here, a) - distanceMetres(here, b))[0]!;
    await expect(page.getByText('Nearest first.')).toBeVisible();
    const first = page.getByTestId('bin-list').locator('li').first();
    await expect(first).toHaveAttribute('data-bin-id', nearest.id);
    await expect(first).toContainText(/\d mi away|\d ft away/);

    // "Show on map" from the list selects the bin's pin.
    await first.getByRole('button', { name: 'Show on map' }).click();
    await expect.poll(() => searchParam(page, 'id')).toBe(nearest.id);
    await expect(page.getByTestId('bin-info')).toContainText(nearest.details);
  });
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after one visit the map opens offline with its basemap and bins, and says how old the list is', async ({
    page,
    context,
  }, testInfo) => {
    await page.goto('/jp/map');
    await waitForPins(page);
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
    await waitForPins(page);
    await expect(page.getByTestId('map-cluster').first()).toBeVisible();
    await expect(page.getByTestId('bins-updated').getByTestId('data-age')).toHaveText(/^(最終更新：|たった今更新|Updated)/);
    await expect(page.getByTestId('bin-list').locator('li').first()).toBeVisible();
    await page.getByTestId('bin-map').screenshot({ path: testInfo.outputPath('map-jp-offline.png') });

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
