import { z } from 'zod';
import { countryCodes } from './markets';
import { countryCodeField } from './schemas/fields';

/** Return bins and the retailers that host them, as `GET /bins` answers them (docs/api.md, Return bins and the map). */

export const binsQuery = z.object({ country_code: countryCodeField });
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

// --- Operators' import ---------------------------------------------------------

/** Ids are chosen by operators (stable across imports, so a second import moves a bin). */
export const binIdPattern = /^[a-z0-9][a-z0-9._-]{0,63}$/;
export const retailerIdPattern = binIdPattern;
export const maxDetailsLength = 500;

export const binImportReasons = {
  missingId: 'id is missing',
  badId: 'id must be 1–64 characters: lower-case letters, digits, ".", "_" or "-"',
  badCountry: `country_code must be one of ${countryCodes.join(', ')}`,
  badLatitude: 'lat must be a number from -90 to 90',
  badLongitude: 'lng must be a number from -180 to 180',
  missingDetails: 'details are missing',
  longDetails: `details are longer than ${maxDetailsLength} characters`,
  missingRetailer: 'retailer_id is missing',
  unknownRetailer: 'retailer_id is not a known retailer',
  duplicateId: 'the same id appears earlier in this file',
} as const;
export type BinImportReason = keyof typeof binImportReasons;

/** One bin as an operator's file gives it, before validation: every value may be anything. */
export interface RawBinRow {
  id?: unknown;
  country_code?: unknown;
  lat?: unknown;
  lng?: unknown;
  details?: unknown;
  retailer_id?: unknown;
}

export interface ValidBinRow {
  id: string;
  countryCode: (typeof countryCodes)[number];
  lat: number;
  lng: number;
  details: string;
  retailerId: string;
}

function coordinate(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : undefined;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return '';
}

/**
 * Checks one row of an import; every problem of the row is reported, so one pass of fixes is
 * enough. `knownRetailer` says whether a retailer id exists (in the database or the file).
 */
export function validateBinRow(
  row: RawBinRow,
  knownRetailer: (id: string) => boolean,
): { ok: true; bin: ValidBinRow } | { ok: false; reasons: BinImportReason[] } {
  const reasons: BinImportReason[] = [];
  const id = text(row.id).toLowerCase();
  if (id === '') reasons.push('missingId');
  else if (!binIdPattern.test(id)) reasons.push('badId');
  const countryCode = text(row.country_code).toLowerCase();
  const country = countryCodes.find((code) => code === countryCode);
  if (!country) reasons.push('badCountry');
  const lat = coordinate(row.lat);
  if (lat === undefined || lat < -90 || lat > 90) reasons.push('badLatitude');
  const lng = coordinate(row.lng);
  if (lng === undefined || lng < -180 || lng > 180) reasons.push('badLongitude');
  const details = text(row.details);
  if (details === '') reasons.push('missingDetails');
  else if (details.length > maxDetailsLength) reasons.push('longDetails');
  const retailerId = text(row.retailer_id).toLowerCase();
  if (retailerId === '') reasons.push('missingRetailer');
  else if (!knownRetailer(retailerId)) reasons.push('unknownRetailer');
  if (reasons.length > 0 || !country || lat === undefined || lng === undefined) return { ok: false, reasons };
  return { ok: true, bin: { id, countryCode: country, lat, lng, details, retailerId } };
}

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
