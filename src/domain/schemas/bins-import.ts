import { z } from 'zod';
import { languages, type Language } from '../locales';
import { countryCodes } from '../markets';

// The operators' bins import (POST /ops/bins/import, the CLI's bins import), kept apart from
// src/domain/bins.ts, which the customers' map loads: they never need these rules, schemas and
// texts. The console reads the reasons' codes from here; were they in bins.ts, that module would
// be shared with the console, in a chunk of its own with the reasons' English texts, which every
// customer would precache.

/** Ids are chosen by operators (stable across imports, so a second import moves a bin). */
export const binIdPattern = /^[a-z0-9][a-z0-9._-]{0,63}$/;
export const retailerIdPattern = binIdPattern;
export const maxDetailsLength = 500;
/** The columns a CSV import's header row names (any order; other columns are ignored). */
export const binsCsvColumns = ['id', 'country_code', 'lat', 'lng', 'details', 'retailer_id'] as const;
/**
 * The bin's description in each language, beside `details` (its own text, the one answered when the
 * reader's language has none): optional columns (CSV) or properties (GeoJSON). A Canadian bin gives
 * details_en and details_fr.
 */
export const binDetailsColumns = {
  en: 'details_en',
  fr: 'details_fr',
  ja: 'details_ja',
} as const satisfies Record<Language, string>;

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
  details_en?: unknown;
  details_fr?: unknown;
  details_ja?: unknown;
  retailer_id?: unknown;
}

export interface ValidBinRow {
  id: string;
  countryCode: (typeof countryCodes)[number];
  lat: number;
  lng: number;
  details: string;
  /** The description per language, when the file gives it: an import replaces the bin's texts with these. */
  texts: Partial<Record<Language, string>>;
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
  const texts: Partial<Record<Language, string>> = {};
  for (const language of languages) {
    const translated = text(row[binDetailsColumns[language]]);
    if (translated.length > maxDetailsLength) {
      if (!reasons.includes('longDetails')) reasons.push('longDetails');
    } else if (translated !== '') texts[language] = translated;
  }
  const retailerId = text(row.retailer_id).toLowerCase();
  if (retailerId === '') reasons.push('missingRetailer');
  else if (!knownRetailer(retailerId)) reasons.push('unknownRetailer');
  if (reasons.length > 0 || !country || lat === undefined || lng === undefined) return { ok: false, reasons };
  return { ok: true, bin: { id, countryCode: country, lat, lng, details, texts, retailerId } };
}

/** The file's text at most (about 20,000 bins); the route's body limit leaves room for JSON escapes. */
export const maxBinsFileLength = 2_000_000;

export const binsImportBody = z.strictObject({
  file_name: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(200, { error: 'tooLong' })
    .refine((name) => /\.(csv|geojson)$/i.test(name), { error: 'invalidValue' }),
  content: z.string({ error: 'required' }).min(1, { error: 'required' }).max(maxBinsFileLength, { error: 'tooLong' }),
  dry_run: z.boolean({ error: 'invalidValue' }).default(false),
});
export type BinsImportBody = z.infer<typeof binsImportBody>;

export const binImportReasonSchema = z.enum(Object.keys(binImportReasons) as [BinImportReason, ...BinImportReason[]]);

export const binsImportReportSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  /** `row`: the CSV line, or the GeoJSON feature's number (from 1); `id`: null when the row has none. */
  rejected: z.array(z.object({ row: z.number().int(), id: z.string().nullable(), reasons: z.array(binImportReasonSchema) })),
  /** True: nothing was written, the counts say what an import would do. */
  dry_run: z.boolean(),
});
export type BinsImportReport = z.infer<typeof binsImportReportSchema>;

/** Why a file cannot be read as bins at all (rows that fail validation are reasons, above). */
export type BinsFileProblem =
  | { kind: 'empty' }
  | { kind: 'unclosedQuote'; line: number }
  | { kind: 'missingColumns'; columns: string[] }
  | { kind: 'notJson' }
  | { kind: 'notFeatureCollection' }
  | { kind: 'unknownExtension' };

/** The problem said in the caller's language: the CLI prints the English, the API answers the request's. */
export const binsFileProblemTexts: Record<Language, (problem: BinsFileProblem) => string> = {
  en: (problem) => {
    switch (problem.kind) {
      case 'empty':
        return 'The file is empty.';
      case 'unclosedQuote':
        return `Line ${problem.line}: a quoted field is not closed.`;
      case 'missingColumns':
        return `The header row lacks the column(s) ${problem.columns.join(', ')} (expected ${binsCsvColumns.join(',')}).`;
      case 'notJson':
        return 'The file is not valid JSON.';
      case 'notFeatureCollection':
        return 'The file is not a GeoJSON FeatureCollection.';
      case 'unknownExtension':
        return 'The file name must end in .csv, .geojson or .json.';
    }
  },
  fr: (problem) => {
    switch (problem.kind) {
      case 'empty':
        return 'Le fichier est vide.';
      case 'unclosedQuote':
        return `Ligne ${problem.line}\u202F: un champ entre guillemets n’est pas refermé.`;
      case 'missingColumns':
        return `La ligne d’en-tête n’a pas la ou les colonnes ${problem.columns.join(', ')} (attendu\u202F: ${binsCsvColumns.join(',')}).`;
      case 'notJson':
        return 'Le fichier n’est pas du JSON valide.';
      case 'notFeatureCollection':
        return 'Le fichier n’est pas une FeatureCollection GeoJSON.';
      case 'unknownExtension':
        return 'Le nom du fichier doit finir par .csv, .geojson ou .json.';
    }
  },
  ja: (problem) => {
    switch (problem.kind) {
      case 'empty':
        return 'ファイルが空です。';
      case 'unclosedQuote':
        return `${problem.line}行目：引用符で囲まれた項目が閉じられていません。`;
      case 'missingColumns':
        return `見出し行に列 ${problem.columns.join(', ')} がありません（必要な列：${binsCsvColumns.join(',')}）。`;
      case 'notJson':
        return 'ファイルが正しいJSONではありません。';
      case 'notFeatureCollection':
        return 'ファイルがGeoJSONのFeatureCollectionではありません。';
      case 'unknownExtension':
        return 'ファイル名は .csv、.geojson、.json のいずれかで終わる必要があります。';
    }
  },
};
