import { expect, type Locator, type Page } from '@playwright/test';
import { translate } from '../catalogue';
import { searchParam } from '../map';

/**
 * The return-point map (`/map`, `/<country>/map`): the map with its clusters, pins and the selected
 * bin's info window, and the list of bins under it. Words come from the app's catalogue for the
 * `locale` the page is read in; the map's state is read from the attributes it writes on its element.
 */
export class MapPage {
  readonly heading: Locator;
  /** The sentence under the heading. */
  readonly intro: Locator;
  readonly map: Locator;
  readonly pins: Locator;
  /** Several bins drawn as one button with their count; Enter zooms into it. */
  readonly clusters: Locator;
  /** The person's position, once granted. */
  readonly you: Locator;
  /** The selected bin's info window. */
  readonly info: Locator;
  readonly directions: Locator;
  readonly retailerFilter: Locator;
  /** "n return points." with how old the list is. */
  readonly binsUpdated: Locator;
  readonly dataAge: Locator;
  /** The bins under the map, one list item each. */
  readonly listedBins: Locator;
  /** Said above the list once it is sorted by distance. */
  readonly nearestFirst: Locator;
  /** MapLibre's own control, named in English whatever the page's language. */
  readonly zoomInButton: Locator;

  constructor(
    readonly page: Page,
    readonly locale = 'en-US',
  ) {
    const t = (english: string) => translate(locale, english);
    this.heading = page.getByRole('heading', { level: 1, name: t('Return points') });
    this.intro = page.getByText(t('Drop your empty containers in any of these bins, then scan them with your phone.'));
    this.map = page.getByTestId('bin-map');
    this.pins = page.getByTestId('map-pin');
    this.clusters = page.getByTestId('map-cluster');
    this.you = page.getByTestId('map-you');
    this.info = page.getByTestId('bin-info');
    this.directions = this.info.getByTestId('directions-link');
    this.retailerFilter = page.getByTestId('retailer-filter');
    this.binsUpdated = page.getByTestId('bins-updated');
    this.dataAge = this.binsUpdated.getByTestId('data-age');
    this.listedBins = page.getByTestId('bin-list').locator('li');
    this.nearestFirst = page.getByText(t('Nearest first.'));
    this.zoomInButton = page.getByRole('button', { name: 'Zoom in', exact: true });
  }

  /** Opens the map of a market (`us`, `fr`…; none for the map without a market), with `?zoom=` if given. */
  async goto(country?: string, { zoom }: { zoom?: number } = {}) {
    await this.page.goto(`${country === undefined ? '' : `/${country}`}/map${zoom === undefined ? '' : `?zoom=${zoom}`}`);
  }

  /** Follows a link to one bin (`?id=`), as a shared link or a reload does, at a zoom if given. */
  async openBin(country: string, id: string, { zoom }: { zoom?: number } = {}) {
    await this.page.goto(`/${country}/map?id=${id}${zoom === undefined ? '' : `&zoom=${zoom}`}`);
  }

  /** The map has put its first pins or clusters on screen. */
  async waitForPins() {
    await expect(this.map).toHaveAttribute('data-pins-ready', 'true', { timeout: 20_000 });
  }

  /** The online style's layers draw features in view (MapLibre's rendered features, not pixels). */
  async expectStreetsDrawn() {
    await expect(this.map).toHaveAttribute('data-streets', 'drawn', { timeout: 20_000 });
  }

  /** The map's zoom once it stopped moving. */
  async zoom(): Promise<number> {
    return Number(await this.map.getAttribute('data-zoom'));
  }

  /** Whether a point lies in the map's view once it stopped moving (`data-bounds`: west,south,east,north). */
  async inView(point: { lat: number; lng: number }): Promise<boolean> {
    const bounds = await this.map.getAttribute('data-bounds');
    if (!bounds) return false;
    const [west, south, east, north] = bounds.split(',').map(Number) as [number, number, number, number];
    return point.lng >= west && point.lng <= east && point.lat >= south && point.lat <= north;
  }

  /** The selected bin, as the address says it. */
  async selectedId(): Promise<string | null> {
    return searchParam(this.page, 'id');
  }

  pin(id: string): Locator {
    return this.page.locator(`[data-testid="map-pin"][data-bin-id="${id}"]`);
  }

  /** Pins that are not the selected one. */
  unselectedPins(): Locator {
    return this.pins.filter({ hasNot: this.page.locator('[aria-pressed="true"]') });
  }

  /**
   * Opens the first cluster by keyboard (clusters are buttons, and a mouse could land on a neighbour
   * that overlaps) and waits for the map to zoom in.
   */
  async zoomIntoCluster() {
    const before = await this.zoom();
    await this.clusters.first().focus();
    await this.page.keyboard.press('Enter');
    await expect.poll(() => this.zoom()).toBeGreaterThan(before);
  }

  /** "Show on map" of a bin in the list. */
  async showOnMap(listed: Locator) {
    await listed.getByRole('button', { name: translate(this.locale, 'Show on map') }).click();
  }
}
