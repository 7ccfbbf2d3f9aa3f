import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Feature, LineString, Polygon } from 'geojson';
// Both come with maplibre-gl (it draws GeoJSON sources with them); here they cut test streets into real vector tiles.
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { StyleSpecification } from 'maplibre-gl';

/**
 * A street-map server made in the test, on this machine only: a MapLibre style and Mapbox vector
 * tiles (MVT) of a made-up street grid around the places asked for. The style is served from
 * 127.0.0.1 and its streets' tiles from localhost (same port, another origin), the way a style and
 * its tiles often live on different hosts: the app's CSP must name both (MAP_STYLE_URL,
 * MAP_TILE_ORIGINS). The parks' tiles come from the style's own origin, as the default style's do.
 */
export interface StreetTileServer {
  /** MAP_STYLE_URL for the app. */
  styleUrl: string;
  /** MAP_TILE_ORIGINS for the app. */
  tileOrigin: string;
  /** Every path asked for, in order (style and tiles). */
  requests: string[];
  /** Adds a street grid (and a park) around this place. */
  addStreetsAround(place: { lat: number; lng: number }): void;
  /** From now on every request is refused (503): what is drawn afterwards came from the service worker. */
  refuse(): void;
  close(): Promise<void>;
}

/** The layer names and ids the style uses; the app prefixes them with "streets:". */
export const streetStyleLayers = ['park', 'road-casing', 'road'] as const;

const spacing = 0.0012; // degrees between streets: about 100 m
const reach = 12; // streets each side of the place

function streetGrid({ lat, lng }: { lat: number; lng: number }): Feature[] {
  const features: Feature[] = [];
  for (let step = -reach; step <= reach; step += 1) {
    const along: LineString = {
      type: 'LineString',
      coordinates: [
        [lng - reach * spacing, lat + step * spacing],
        [lng + reach * spacing, lat + step * spacing],
      ],
    };
    const across: LineString = {
      type: 'LineString',
      coordinates: [
        [lng + step * spacing, lat - reach * spacing],
        [lng + step * spacing, lat + reach * spacing],
      ],
    };
    features.push({ type: 'Feature', properties: { kind: 'street' }, geometry: along });
    features.push({ type: 'Feature', properties: { kind: 'street' }, geometry: across });
  }
  const park: Polygon = {
    type: 'Polygon',
    coordinates: [
      [
        [lng + spacing * 0.15, lat + spacing * 0.15],
        [lng + spacing * 1.85, lat + spacing * 0.15],
        [lng + spacing * 1.85, lat + spacing * 1.85],
        [lng + spacing * 0.15, lat + spacing * 1.85],
        [lng + spacing * 0.15, lat + spacing * 0.15],
      ],
    ],
  };
  features.push({ type: 'Feature', properties: { kind: 'park' }, geometry: park });
  return features;
}

function styleFor(styleOrigin: string, tileOrigin: string): StyleSpecification {
  return {
    version: 8,
    name: 'Test streets',
    sources: {
      streets: { type: 'vector', tiles: [`${tileOrigin}/tiles/{z}/{x}/{y}.pbf`], minzoom: 0, maxzoom: 14 },
      // Parks on the style's own origin, as every resource of the default style is (OpenFreeMap).
      parks: { type: 'vector', tiles: [`${styleOrigin}/tiles/{z}/{x}/{y}.pbf`], minzoom: 0, maxzoom: 14 },
    },
    layers: [
      // Dropped by the app (it would hide the offline basemap): here to check it is.
      { id: 'background', type: 'background', paint: { 'background-color': '#ff00ff' } },
      { id: 'park', type: 'fill', source: 'parks', 'source-layer': 'parks', paint: { 'fill-color': '#cfe8c4' } },
      {
        id: 'road-casing',
        type: 'line',
        source: 'streets',
        'source-layer': 'roads',
        minzoom: 12,
        paint: { 'line-color': '#c9c3b3', 'line-width': 9 },
      },
      {
        id: 'road',
        type: 'line',
        source: 'streets',
        'source-layer': 'roads',
        minzoom: 12,
        paint: { 'line-color': '#ffffff', 'line-width': 6 },
      },
    ],
  };
}

export async function startStreetTileServer(): Promise<StreetTileServer> {
  const roads: Feature[] = [];
  const parks: Feature[] = [];
  let roadIndex: GeoJSONVT | undefined;
  let parkIndex: GeoJSONVT | undefined;
  let refusing = false;
  const requests: string[] = [];
  let tileOrigin = '';
  let styleOrigin = '';

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '/';
    requests.push(path);
    // MapLibre reads the style and tiles with CORS, as from any tile host.
    response.setHeader('access-control-allow-origin', '*');
    if (refusing) {
      response.writeHead(503).end();
      return;
    }
    if (path === '/style.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(styleFor(styleOrigin, tileOrigin)));
      return;
    }
    const tile = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.pbf$/.exec(path);
    if (!tile) {
      response.writeHead(404).end();
      return;
    }
    const [z, x, y] = tile.slice(1).map(Number) as [number, number, number];
    roadIndex ??= new GeoJSONVT({ type: 'FeatureCollection', features: roads }, { maxZoom: 14, indexMaxZoom: 5 });
    parkIndex ??= new GeoJSONVT({ type: 'FeatureCollection', features: parks }, { maxZoom: 14, indexMaxZoom: 5 });
    const layers = { roads: roadIndex.getTile(z, x, y), parks: parkIndex.getTile(z, x, y) };
    const present = Object.fromEntries(Object.entries(layers).filter(([, value]) => value !== null));
    if (Object.keys(present).length === 0) {
      // Nothing here: what tile hosts answer for an empty tile (MapLibre draws nothing).
      response.writeHead(204).end();
      return;
    }
    const body = fromGeojsonVt(present as Record<string, NonNullable<(typeof layers)['roads']>>, { version: 2, extent: 4096 });
    response.writeHead(200, { 'content-type': 'application/x-protobuf', 'content-length': body.byteLength }).end(Buffer.from(body));
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  tileOrigin = `http://localhost:${port}`;
  styleOrigin = `http://127.0.0.1:${port}`;
  return {
    styleUrl: `${styleOrigin}/style.json`,
    tileOrigin,
    requests,
    addStreetsAround(place) {
      for (const feature of streetGrid(place)) (feature.properties?.kind === 'park' ? parks : roads).push(feature);
      roadIndex = undefined;
      parkIndex = undefined;
    },
    refuse() {
      refusing = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
