import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Bin, LatLng, Retailer } from '#domain/bins';
import { matchSupportedLocale } from '#domain/locales';
import { markets } from '#domain/markets';
import { Page } from '../../ui/page';
import { preloadBins, useBins } from '../../features/map/api/bins';
import { useAppConfig } from '../../features/map/api/app-config';
import { BinList } from '../../features/map/bin-list';
import type { MapFocus } from '../../features/map/bin-map';
import { frameAround } from '../../features/map/first-view';
import { DataAge } from '../../features/offline/offline-bar';
import { useCountryParam } from '../../lib/use-country';
import { currentCountryCode, readStoredLocale } from '../../lib/i18n';

// MapLibre is big: it loads with this page only, after the title and the list can show.
const loadBinMap = () => import('../../features/map/bin-map');
const BinMap = lazy(loadBinMap);

/** The map opens on the market's centre at zoom 4, unless the address says otherwise (docs/product.md, Return-point map). */
const defaultZoom = 4;
/** On a geolocation fix with no bin to frame, the map centres on the person at zoom 14. */
const positionZoom = 14;
/** A fix frames the person and the nearest bins together, no closer than this (a few streets). */
const frameMaxZoom = 16;
const binZoom = 15;
/** No market known (no prefix, no stored choice): the whole world, rather than a guess from the browser's language. */
const worldView = { lat: 20, lng: 0, zoom: 2 };

interface MapSearch {
  id?: string;
  zoom?: number;
}

export const Route = createFileRoute('/{-$country}/map')({
  validateSearch: (search: Record<string, unknown>): MapSearch => {
    const id = typeof search.id === 'string' && search.id.length <= 64 ? search.id : undefined;
    const zoom = typeof search.zoom === 'number' || typeof search.zoom === 'string' ? Number(search.zoom) : Number.NaN;
    return { ...(id ? { id } : {}), ...(Number.isFinite(zoom) && zoom >= 0 && zoom <= 22 ? { zoom } : {}) };
  },
  loader: ({ context, params }) => {
    // MapLibre's chunk and the basemap file start loading with the bins, not after them.
    void loadBinMap().catch(() => undefined);
    // (Dynamic imports: the loader is part of the shell's route tree, MapLibre and the basemap are not.)
    void import('../../features/map/basemap').then((basemap) => basemap.loadBasemapData()).catch(() => undefined);
    return preloadBins(context.queryClient, params.country);
  },
  component: MapPage,
});

function uniqueRetailers(bins: readonly Bin[]): Retailer[] {
  const byId = new Map<string, Retailer>();
  for (const bin of bins) byId.set(bin.retailer.id, bin.retailer);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function MapPage() {
  const { t } = useLingui();
  const countryParam = useCountryParam();
  const country = countryParam ?? currentCountryCode();
  const market = markets[country];
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const bins = useBins(country);
  const config = useAppConfig();
  const filterId = useId();
  const mapSectionRef = useRef<HTMLElement>(null);
  const [retailerId, setRetailerId] = useState('all');
  const [position, setPosition] = useState<LatLng>();
  const [focus, setFocus] = useState<MapFocus>();

  const allBins = useMemo(() => bins.data ?? [], [bins.data]);
  const retailers = useMemo(() => uniqueRetailers(allBins), [allBins]);
  const shownBins = useMemo(
    () => (retailerId === 'all' ? allBins : allBins.filter((bin) => bin.retailer.id === retailerId)),
    [allBins, retailerId],
  );

  // Where the map opens: decided once. A shared link to a bin opens on that bin.
  const [initialView] = useState(() => {
    const linked = search.id ? allBins.find((bin) => bin.id === search.id) : undefined;
    if (!linked && countryParam === undefined && matchSupportedLocale(readStoredLocale()) === undefined)
      return { ...worldView, zoom: search.zoom ?? worldView.zoom };
    const centre = linked ?? market.mapCenter;
    return { lat: centre.lat, lng: centre.lng, zoom: search.zoom ?? (linked ? binZoom : defaultZoom) };
  });
  const openedOnBin = useRef(search.id !== undefined);
  // The bins as the fix finds them (the fix is asked for once, when the page opens).
  const nearBinsRef = useRef(shownBins);
  useEffect(() => {
    nearBinsRef.current = shownBins;
  }, [shownBins]);

  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    let active = true;
    navigator.geolocation.getCurrentPosition(
      (fix) => {
        if (!active) return;
        const here = { lat: fix.coords.latitude, lng: fix.coords.longitude };
        setPosition(here);
        // Someone who opened a link to a bin came to see that bin: the map stays on it.
        if (openedOnBin.current) return;
        // Where to go first is the question: the person and the nearest bins in one view, streets readable.
        const frame = frameAround(here, nearBinsRef.current);
        setFocus(frame ? { frame, maxZoom: frameMaxZoom, key: Date.now() } : { ...here, zoom: positionZoom, key: Date.now() });
      },
      // Refused or unavailable: the map stays on the market, the list in its usual order.
      () => undefined,
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
    return () => {
      active = false;
    };
  }, []);

  const setSelected = (id: string | undefined) =>
    void navigate({ search: (previous: MapSearch) => ({ ...previous, id }), replace: true, resetScroll: false });

  const showOnMap = (bin: Bin) => {
    setSelected(bin.id);
    setFocus({ lat: bin.lat, lng: bin.lng, zoom: binZoom, key: Date.now() });
    mapSectionRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <Page title={t`Return points`} description={t`Find the nearest Roundtrip return bin on a map or in a list.`} className="map-page">
      <p className="page__subtitle">{t`Drop your empty containers in any of these bins, then scan them with your phone.`}</p>
      <div className="map-page__bar">
        {retailers.length > 1 ? (
          <div className="map-page__filter">
            <label htmlFor={filterId}>{t`Retailer`}</label>
            <select id={filterId} value={retailerId} onChange={(event) => setRetailerId(event.target.value)} data-testid="retailer-filter">
              <option value="all">{t`All retailers`}</option>
              {retailers.map((retailer) => (
                <option key={retailer.id} value={retailer.id}>
                  {retailer.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <p className="map-page__updated" data-testid="bins-updated">
          {bins.data ? (
            <>
              {t`Return points shown: ${shownBins.length}.`} <DataAge updatedAt={bins.dataUpdatedAt} />
            </>
          ) : null}
        </p>
        <a className="map-page__skip" href="#return-point-list">
          {t`Skip the map to the list`}
        </a>
      </div>
      {bins.isError && !bins.data ? (
        <p role="alert">{t`The return points could not be loaded. Check your connection and try again.`}</p>
      ) : null}
      <section ref={mapSectionRef} aria-label={t`Map of return points`} className="map-page__map">
        {bins.data ? (
          <Suspense fallback={<p className="bin-map__loading">{t`Loading the map…`}</p>}>
            <BinMap
              bins={shownBins}
              pinColor={market.mapPin.color}
              initialView={initialView}
              selectedId={search.id}
              onSelect={(id) => setSelected(search.id === id ? undefined : id)}
              onDeselect={() => setSelected(undefined)}
              onZoomEnd={(zoom) => {
                const rounded = Math.round(zoom * 100) / 100;
                if (rounded !== search.zoom)
                  void navigate({ search: (previous: MapSearch) => ({ ...previous, zoom: rounded }), replace: true, resetScroll: false });
              }}
              focus={focus}
              userPosition={position}
              styleUrl={config.data?.map_style_url}
            />
          </Suspense>
        ) : bins.isPending ? (
          <p className="bin-map__loading">{t`Loading…`}</p>
        ) : null}
      </section>
      <section aria-labelledby="return-point-list" className="map-page__list">
        <h2 id="return-point-list" tabIndex={-1}>
          {t`List of return points`}
        </h2>
        {bins.data ? <BinList bins={shownBins} position={position} selectedId={search.id} onShowOnMap={showOnMap} /> : null}
      </section>
    </Page>
  );
}
