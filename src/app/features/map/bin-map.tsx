import 'maplibre-gl/dist/maplibre-gl.css';
import { useLingui } from '@lingui/react/macro';
import type { FeatureCollection, Point } from 'geojson';
import type { GeoJSONSource, MapSourceDataEvent, Popup as MapLibrePopup, StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import MapGL, { Layer, Marker, NavigationControl, Popup, Source, type MapRef } from 'react-map-gl/maplibre';
import type { Bin, LatLng } from '#domain/bins';
import { basemapStyle, layeredStyle, loadBasemapData, streetLayerPrefix } from './basemap';
import { BinDetails } from './bin-details';
import type { Frame } from './first-view';

/**
 * A camera move the page asks for ("show on map": a point and a zoom; the first geolocation fix: a
 * frame around the person and the nearest bins, no closer than maxZoom); the key makes each one new.
 */
export type MapFocus = (LatLng & { zoom: number; key: number }) | { frame: Frame; maxZoom: number; key: number };

/** Room left around a framed view, in pixels: pins and the person's dot are drawn whole, clear of the zoom buttons. */
const framePadding = { top: 56, right: 56, bottom: 40, left: 40 };

function moveTo(map: MapRef, focus: MapFocus) {
  if ('frame' in focus) map.fitBounds(focus.frame, { padding: framePadding, maxZoom: focus.maxZoom, animate: false });
  else map.jumpTo({ center: [focus.lng, focus.lat], zoom: focus.zoom });
}

export interface BinMapProps {
  bins: readonly Bin[];
  pinColor: string;
  initialView: LatLng & { zoom: number };
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onDeselect: () => void;
  onZoomEnd: (zoom: number) => void;
  focus: MapFocus | undefined;
  userPosition: LatLng | undefined;
  /** MAP_STYLE_URL: a vector-tile style over the offline basemap. */
  styleUrl: string | null | undefined;
}

interface ClusterMarker {
  kind: 'cluster';
  clusterId: number;
  count: number;
  lng: number;
  lat: number;
}

interface PinMarker {
  kind: 'pin';
  bin: Bin;
}

const binsSourceId = 'bins';
/** Under this zoom, bins closer than the cluster radius are one circle with their count. */
const clusterMaxZoom = 13;

/** Space kept between the info window and the map's edges or its zoom buttons, in pixels. */
const popupMargin = 8;

/**
 * How far to pan so the info window is wholly in the map, below the zoom buttons when they are
 * above it (at 360 px the window is nearly as wide as the map, so it always is). The title and the
 * close button come first: a window taller than the room left is shown from its top.
 */
export function panToFit(popup: DOMRect, map: DOMRect, controls: DOMRect | undefined): [number, number] {
  const left = map.left + popupMargin;
  const right = map.right - popupMargin;
  let dx = 0;
  if (popup.left < left) dx = popup.left - left;
  else if (popup.right > right) dx = Math.min(popup.right - right, popup.left - left);
  const under = controls && popup.right - dx > controls.left - popupMargin && popup.left - dx < controls.right + popupMargin;
  const top = under ? Math.max(map.top, controls.bottom) + popupMargin : map.top + popupMargin;
  const bottom = map.bottom - popupMargin;
  let dy = 0;
  if (popup.top < top) dy = popup.top - top;
  else if (popup.bottom > bottom) dy = Math.min(popup.bottom - bottom, popup.top - top);
  return [Math.round(dx), Math.round(dy)];
}

const noShapes: FeatureCollection = { type: 'FeatureCollection', features: [] };
/**
 * The basemap's style with its land and borders still empty: the map and the pins do not wait for
 * the world's shapes (a large file to read and cut into tiles); they are filled in once read.
 */
const basemapWithoutShapes = basemapStyle({ land: noShapes, borders: noShapes });

/** Asks for the configured style; offline or unreachable, the basemap alone is drawn. */
async function loadStyle(styleUrl: string | null | undefined): Promise<StyleSpecification> {
  const base = basemapStyle(await loadBasemapData());
  if (!styleUrl) return base;
  try {
    const response = await fetch(styleUrl, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return base;
    return layeredStyle(base, (await response.json()) as StyleSpecification);
  } catch {
    return base;
  }
}

function PinIcon({ color }: { color: string }) {
  return (
    <svg width="28" height="36" viewBox="0 0 28 36" aria-hidden="true" focusable="false">
      <path d="M14 35s12-12.4 12-21A12 12 0 0 0 2 14c0 8.6 12 21 12 21z" fill={color} stroke="#fff" strokeWidth="2" />
      <circle cx="14" cy="14" r="4.5" fill="#fff" />
    </svg>
  );
}

/**
 * The MapLibre map: offline basemap, one pin per bin in the market's colour, clusters with
 * their count when zoomed out, an info window for the selected bin. Pins and clusters are
 * buttons (keyboard and screen readers reach them); MapLibre clusters in its worker.
 */
export default function BinMap(props: BinMapProps) {
  const { t } = useLingui();
  const { bins, pinColor, initialView, selectedId, onSelect, onDeselect, onZoomEnd, focus, userPosition, styleUrl } = props;
  const mapRef = useRef<MapRef>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const [style, setStyle] = useState<StyleSpecification | undefined>(() => (styleUrl ? undefined : basemapWithoutShapes));
  const [styleFailed, setStyleFailed] = useState(false);
  const [markers, setMarkers] = useState<(ClusterMarker | PinMarker)[]>([]);
  const [zoom, setZoom] = useState(initialView.zoom);
  const popupRef = useRef<MapLibrePopup>(null);

  // Not known yet (undefined) and not configured (null) are the same basemap: no second load.
  const configuredStyle = styleUrl ?? null;
  useEffect(() => {
    let cancelled = false;
    if (!configuredStyle) {
      // The plain basemap: drawn at once, its shapes put in as soon as they are read.
      setStyle(basemapWithoutShapes);
      loadBasemapData().then(
        (shapes) => {
          if (cancelled) return;
          const fill = () => {
            const map = mapRef.current;
            void map?.getSource<GeoJSONSource>('basemap-land')?.setData(shapes.land);
            void map?.getSource<GeoJSONSource>('basemap-borders')?.setData(shapes.borders);
          };
          if (mapRef.current?.isStyleLoaded()) fill();
          else basemapReady.current = fill;
        },
        () => !cancelled && setStyleFailed(true),
      );
    } else {
      setStyle(undefined);
      loadStyle(configuredStyle).then(
        (loaded) => !cancelled && setStyle(loaded),
        () => !cancelled && setStyleFailed(true),
      );
    }
    return () => {
      cancelled = true;
      basemapReady.current = undefined;
    };
  }, [configuredStyle]);

  const binsById = useMemo(() => new Map(bins.map((bin) => [bin.id, bin])), [bins]);
  const geojson = useMemo<FeatureCollection<Point, { id: string }>>(
    () => ({
      type: 'FeatureCollection',
      features: bins.map((bin) => ({
        type: 'Feature',
        properties: { id: bin.id },
        geometry: { type: 'Point', coordinates: [bin.lng, bin.lat] },
      })),
    }),
    [bins],
  );
  const selected = selectedId ? binsById.get(selectedId) : undefined;

  /** The clusters and single bins MapLibre has laid out for the tiles in view, each once. */
  const refreshMarkers = useCallback(() => {
    const map = mapRef.current;
    if (!map || !map.getSource(binsSourceId)) return;
    // Tiles reach beyond the screen: only what is in view (and a margin) becomes a marker.
    const bounds = map.getBounds();
    const marginLng = (bounds.getEast() - bounds.getWest()) * 0.1;
    const marginLat = (bounds.getNorth() - bounds.getSouth()) * 0.1;
    const inView = (lng: number, lat: number) =>
      lng >= bounds.getWest() - marginLng &&
      lng <= bounds.getEast() + marginLng &&
      lat >= bounds.getSouth() - marginLat &&
      lat <= bounds.getNorth() + marginLat;
    const seenClusters = new Set<number>();
    const seenBins = new Set<string>();
    const next: (ClusterMarker | PinMarker)[] = [];
    for (const found of map.querySourceFeatures(binsSourceId)) {
      if (found.geometry.type !== 'Point') continue;
      const [lng = 0, lat = 0] = found.geometry.coordinates;
      if (!inView(lng, lat)) continue;
      const properties = found.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; id?: string };
      if (properties.cluster && properties.cluster_id !== undefined) {
        if (seenClusters.has(properties.cluster_id)) continue;
        seenClusters.add(properties.cluster_id);
        next.push({ kind: 'cluster', clusterId: properties.cluster_id, count: properties.point_count ?? 0, lng, lat });
      } else if (properties.id) {
        const bin = binsById.get(properties.id);
        if (!bin || seenBins.has(bin.id)) continue;
        seenBins.add(bin.id);
        next.push({ kind: 'pin', bin });
      }
    }
    setMarkers(next);
  }, [binsById]);

  useEffect(() => {
    refreshMarkers();
  }, [refreshMarkers, geojson]);

  // The first pins on screen: a mark for the benchmark and an attribute for tests.
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper || markers.length === 0 || wrapper.dataset.pinsReady) return;
    wrapper.dataset.pinsReady = 'true';
    performance.mark('map-pins-ready');
  }, [markers]);

  // A focus asked for before the map existed (an early geolocation fix) is applied when it loads.
  const mapLoaded = useRef(false);
  /** The basemap's shapes, read before the map had loaded its style: put in when it has. */
  const basemapReady = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    if (!focus || !mapLoaded.current || !mapRef.current) return;
    moveTo(mapRef.current, focus);
  }, [focus]);
  /** Pans the map so the selected bin's info window is not cut by the map's edges or under the zoom buttons. */
  const keepPopupInView = useCallback(() => {
    const map = mapRef.current;
    const popup = popupRef.current?.getElement();
    if (!map || !popup) return;
    const container = map.getContainer();
    const controls = container.querySelector('.maplibregl-ctrl-top-right>.maplibregl-ctrl')?.getBoundingClientRect();
    const [dx, dy] = panToFit(popup.getBoundingClientRect(), container.getBoundingClientRect(), controls);
    if (dx !== 0 || dy !== 0) map.panBy([dx, dy], { duration: 250 });
  }, []);
  /**
   * With the online style: "drawn" once its layers show something in view, read from the rendered
   * features (what the person sees) rather than from the network; "empty" until then (offline
   * with no kept tile, a tile server down: the basemap alone).
   */
  const onIdle = () => {
    const map = mapRef.current;
    const wrapper = wrapperRef.current;
    if (!map || !wrapper || !configuredStyle) return;
    const streetLayers = (map.getStyle().layers ?? []).map((layer) => layer.id).filter((id) => id.startsWith(streetLayerPrefix));
    const drawn = streetLayers.length > 0 && map.queryRenderedFeatures({ layers: streetLayers }).length > 0;
    wrapper.dataset.streets = drawn ? 'drawn' : 'empty';
  };

  const onLoad = () => {
    mapLoaded.current = true;
    basemapReady.current?.();
    basemapReady.current = undefined;
    if (focus && mapRef.current) moveTo(mapRef.current, focus);
    refreshMarkers();
  };

  const onSourceData = useCallback(
    (event: MapSourceDataEvent) => {
      if (event.sourceId === binsSourceId && event.isSourceLoaded) refreshMarkers();
    },
    [refreshMarkers],
  );

  const zoomIntoCluster = async (cluster: ClusterMarker) => {
    const map = mapRef.current;
    const source = map?.getSource<GeoJSONSource>(binsSourceId);
    if (!map || !source) return;
    const expansionZoom = await source.getClusterExpansionZoom(cluster.clusterId);
    // Markers can briefly come from the previous zoom's tiles: always go at least one level deeper.
    map.easeTo({ center: [cluster.lng, cluster.lat], zoom: Math.min(Math.max(expansionZoom, map.getZoom() + 1), 20) });
  };

  if (styleFailed) {
    return (
      <p role="alert" className="bin-map__failed">
        {t`The map could not be drawn. The list below shows every return point.`}
      </p>
    );
  }

  return (
    <div ref={wrapperRef} className="bin-map" data-testid="bin-map" data-zoom={zoom.toFixed(2)}>
      {style ? (
        <MapGL
          ref={mapRef}
          workerUrl={workerUrl}
          initialViewState={{ longitude: initialView.lng, latitude: initialView.lat, zoom: initialView.zoom }}
          mapStyle={style}
          style={{ width: '100%', height: '100%' }}
          renderWorldCopies={false}
          attributionControl={{ compact: true, customAttribution: 'Natural Earth' }}
          onLoad={onLoad}
          onIdle={onIdle}
          onSourceData={onSourceData}
          onMoveEnd={(event) => {
            refreshMarkers();
            const current = event.target.getZoom();
            setZoom(current);
            // What is in view, west,south,east,north: the e2e tests read whether the person and a bin are.
            if (wrapperRef.current) wrapperRef.current.dataset.bounds = event.target.getBounds().toArray().flat().join(',');
            onZoomEnd(current);
          }}
        >
          <NavigationControl showCompass={false} />
          <Source id={binsSourceId} type="geojson" data={geojson} cluster clusterMaxZoom={clusterMaxZoom} clusterRadius={60}>
            {/* Invisible: keeps the source's tiles laid out for the markers, which draw the pins. */}
            <Layer id="bins-layout" type="circle" paint={{ 'circle-radius': 1, 'circle-opacity': 0 }} />
          </Source>
          {markers.map((marker) =>
            marker.kind === 'cluster' ? (
              <Marker key={`cluster-${marker.clusterId}`} longitude={marker.lng} latitude={marker.lat} anchor="center">
                <button
                  type="button"
                  className="map-cluster"
                  data-testid="map-cluster"
                  style={{ backgroundColor: pinColor, ['--cluster-size' as string]: `${Math.min(64, 30 + Math.log2(marker.count) * 5)}px` }}
                  aria-label={t`${marker.count} return points, zoom in`}
                  onClick={(event) => {
                    event.stopPropagation();
                    void zoomIntoCluster(marker);
                  }}
                >
                  {marker.count}
                </button>
              </Marker>
            ) : (
              <Marker key={marker.bin.id} longitude={marker.bin.lng} latitude={marker.bin.lat} anchor="bottom">
                <button
                  type="button"
                  className="map-pin"
                  data-testid="map-pin"
                  data-bin-id={marker.bin.id}
                  aria-pressed={marker.bin.id === selectedId}
                  aria-label={`${marker.bin.retailer.name}: ${marker.bin.details}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onSelect(marker.bin.id);
                  }}
                >
                  <PinIcon color={pinColor} />
                </button>
              </Marker>
            ),
          )}
          {userPosition ? (
            <Marker longitude={userPosition.lng} latitude={userPosition.lat} anchor="center">
              <span className="map-you" role="img" aria-label={t`You are here`} data-testid="map-you" />
            </Marker>
          ) : null}
          {selected ? (
            <Popup
              ref={popupRef}
              key={selected.id}
              longitude={selected.lng}
              latitude={selected.lat}
              anchor="bottom"
              offset={[0, -36] as [number, number]}
              closeOnClick={false}
              maxWidth="min(280px,92%)"
              onClose={onDeselect}
              // Positioned when it opens; its height depends on the text, laid out by the next frame.
              onOpen={() => requestAnimationFrame(keepPopupInView)}
            >
              <div data-testid="bin-info">
                <BinDetails bin={selected} headingLevel="h3" />
              </div>
            </Popup>
          ) : null}
        </MapGL>
      ) : (
        <p className="bin-map__loading">{t`Loading the map…`}</p>
      )}
    </div>
  );
}
