import { z } from 'zod';
import { languages } from './locales';
import { countryCodeField } from './schemas/fields';

/** Return bins and the retailers that host them, as `GET /bins` answers them (docs/api.md, Return bins and the map). */

/**
 * `language`: the descriptions' language (a Canadian bin is described in English and in French);
 * without it, the request's Accept-Language. A bin without a text in that language gives its own.
 */
export const binsQuery = z.object({ country_code: countryCodeField, language: z.enum(languages).optional() });
export type BinsQuery = z.infer<typeof binsQuery>;

export const retailerSchema = z.object({ id: z.string(), name: z.string() });
export type Retailer = z.infer<typeof retailerSchema>;

export const binSchema = z.object({
  id: z.string(),
  lat: z.number(),
  lng: z.number(),
  details: z.string(),
  retailer: retailerSchema,
});
export type Bin = z.infer<typeof binSchema>;

export const binsResponse = z.object({
  data: z.array(binSchema),
});
export type BinsResponse = z.infer<typeof binsResponse>;

/** GET /config: server settings the app reads at run time, so a deployment changes them without a rebuild. */
export const appConfigSchema = z.object({
  /** A MapLibre style (vector tiles) drawn over the offline basemap; null: the offline basemap alone. */
  map_style_url: z.string().nullable(),
  /**
   * Where the style, its tiles, glyphs and sprites come from (the CSP's connect-src lets the app reach
   * them): the service worker keeps what comes from these origins. Absent from older answers.
   */
  map_origins: z.array(z.string()).default([]),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
export const appConfigResponse = z.object({ data: appConfigSchema });

// --- Distance -----------------------------------------------------------------

export interface LatLng {
  lat: number;
  lng: number;
}

const earthRadiusMetres = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine), metres. */
export function distanceMetres(from: LatLng, to: LatLng): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusMetres * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Bins nearest first; the sort is stable, so equal distances keep the server's order. */
export function sortByDistance<T extends LatLng>(items: readonly T[], from: LatLng): { item: T; metres: number }[] {
  return items.map((item) => ({ item, metres: distanceMetres(from, item) })).sort((a, b) => a.metres - b.metres);
}

/** Directions to a point in the visitor's maps app (Google Maps' universal URL, opened by phones' map apps too). */
export function directionsUrl(point: LatLng): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${point.lat},${point.lng}`;
}
