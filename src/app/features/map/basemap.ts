import type { FeatureCollection, Geometry, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// A file of the build, precached by the service worker: the basemap needs no network.
import worldAtlasUrl from 'world-atlas/countries-50m.json?url';

/**
 * The offline basemap: Natural Earth's land and borders at 1:50m (world-atlas), drawn by
 * MapLibre from GeoJSON. No tiles, no glyphs, no sprites: nothing outside the app's own files.
 */

/**
 * Rings crossing the antimeridian (Russia, Fiji) jump from +180 to -180; drawn as they are, they
 * paint a band across the whole world. Each jump over 180° is undone by shifting the rest of the
 * ring by 360°, so the shape continues past ±180 as MapLibre expects.
 */
export function unwrapRing(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  let shift = 0;
  let previous: number | undefined;
  for (const [lng = 0, lat = 0] of ring) {
    if (previous !== undefined) {
      const delta = lng + shift - previous;
      if (delta > 180) shift -= 360;
      else if (delta < -180) shift += 360;
    }
    const unwrapped = lng + shift;
    out.push([unwrapped, lat]);
    previous = unwrapped;
  }
  return out;
}

function unwrapGeometry(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map(unwrapRing) } satisfies Polygon;
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) } satisfies MultiPolygon;
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.coordinates.map(unwrapRing) } satisfies MultiLineString;
    case 'LineString':
      return { type: 'LineString', coordinates: unwrapRing(geometry.coordinates) };
    default:
      return geometry;
  }
}

type WorldTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

export interface BasemapData {
  land: FeatureCollection;
  borders: FeatureCollection;
}

let loading: Promise<BasemapData> | undefined;

/** Land and country borders, read once per page (the service worker has the file offline). */
export function loadBasemapData(): Promise<BasemapData> {
  loading ??= (async () => {
    const response = await fetch(worldAtlasUrl);
    if (!response.ok) throw new Error(`basemap: HTTP ${response.status}`);
    const topology = (await response.json()) as WorldTopology;
    const land = feature(topology, topology.objects.land);
    const landFeatures = 'features' in land ? land.features : [land];
    const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
    return {
      land: { type: 'FeatureCollection', features: landFeatures.map((shape) => ({ ...shape, geometry: unwrapGeometry(shape.geometry) })) },
      borders: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: unwrapGeometry(borders) }] },
    };
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

export const basemapColors = { water: '#c9dfec', land: '#f3f0e8', border: '#a9a394' } as const;

/** The style with the offline basemap alone. */
export function basemapStyle(data: BasemapData): StyleSpecification {
  return {
    version: 8,
    sources: {
      'basemap-land': { type: 'geojson', data: data.land },
      'basemap-borders': { type: 'geojson', data: data.borders },
    },
    layers: [
      { id: 'basemap-water', type: 'background', paint: { 'background-color': basemapColors.water } },
      { id: 'basemap-land', type: 'fill', source: 'basemap-land', paint: { 'fill-color': basemapColors.land } },
      { id: 'basemap-borders', type: 'line', source: 'basemap-borders', paint: { 'line-color': basemapColors.border, 'line-width': 0.8 } },
    ],
  };
}

/**
 * The online style's sources and layers are renamed with this prefix: they never collide with the
 * basemap's or the bins' own, and the map can tell which layers are the streets.
 */
export const streetLayerPrefix = 'streets:';

/**
 * The configured vector-tile style drawn over the offline basemap: where its tiles cannot load
 * (offline, a tile server down), the basemap shows through. Its own background is left out,
 * or it would hide the basemap everywhere.
 */
export function layeredStyle(base: StyleSpecification, overlay: StyleSpecification): StyleSpecification {
  const sources = Object.fromEntries(Object.entries(overlay.sources).map(([id, source]) => [`${streetLayerPrefix}${id}`, source]));
  const layers = overlay.layers.flatMap((layer) => {
    if (layer.type === 'background') return [];
    const renamed = { ...layer, id: `${streetLayerPrefix}${layer.id}` };
    return 'source' in layer && typeof layer.source === 'string'
      ? [{ ...renamed, source: `${streetLayerPrefix}${layer.source}` }]
      : [renamed];
  });
  return {
    ...overlay,
    version: 8,
    sources: { ...base.sources, ...sources },
    layers: [...base.layers, ...layers],
  };
}
