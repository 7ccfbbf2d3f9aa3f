import { binsCsvColumns, type RawBinRow } from '#domain/schemas/bins-import';
import { binsFileProblemTexts, type BinsFileProblem } from '#domain/schemas/bins-import';
import type { NumberedRow } from './service';

/**
 * A file that cannot be read as bins at all (as opposed to rows that fail validation). Its message
 * is the English text the CLI prints; the API says `problem` in the caller's language.
 */
export class BinsFileError extends Error {
  override name = 'BinsFileError';
  constructor(readonly problem: BinsFileProblem) {
    super(binsFileProblemTexts.en(problem));
  }
}

export const csvColumns = binsCsvColumns;

/** RFC 4180 records, each with the line it starts on (quoted fields may hold commas, quotes and line breaks). */
function csvRecords(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]!.trim() === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (quoted) throw new BinsFileError({ kind: 'unclosedQuote', line: recordLine });
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/**
 * CSV with a header row naming at least the columns in `csvColumns` (any order), and optionally the
 * descriptions per language (details_en, details_fr, details_ja); other columns are ignored.
 */
export function parseBinsCsv(text: string): NumberedRow[] {
  const [header, ...records] = csvRecords(text.replace(/^\uFEFF/, ''));
  if (!header) throw new BinsFileError({ kind: 'empty' });
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const missing = csvColumns.filter((column) => !names.includes(column));
  if (missing.length > 0) throw new BinsFileError({ kind: 'missingColumns', columns: missing });
  return records.map(({ line, fields }) => {
    const values: Record<string, string | undefined> = {};
    names.forEach((name, index) => {
      values[name] = fields[index];
    });
    return { row: line, values: values satisfies RawBinRow };
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A GeoJSON FeatureCollection of Points; properties carry country_code, details (and, optional,
 * details_en, details_fr, details_ja), retailer_id and the id (or the feature's own id). Rows are numbered by feature, from 1.
 */
export function parseBinsGeoJson(text: string): NumberedRow[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new BinsFileError({ kind: 'notJson' });
  }
  if (!isRecord(document) || document.type !== 'FeatureCollection' || !Array.isArray(document.features)) {
    throw new BinsFileError({ kind: 'notFeatureCollection' });
  }
  return document.features.map((feature: unknown, index: number) => {
    const properties = isRecord(feature) && isRecord(feature.properties) ? feature.properties : {};
    const geometry = isRecord(feature) && isRecord(feature.geometry) ? feature.geometry : {};
    const coordinates = geometry.type === 'Point' && Array.isArray(geometry.coordinates) ? geometry.coordinates : [];
    const featureId =
      isRecord(feature) && (typeof feature.id === 'string' || typeof feature.id === 'number') ? String(feature.id) : undefined;
    return {
      row: index + 1,
      values: {
        id: properties.id ?? featureId,
        country_code: properties.country_code,
        lng: coordinates[0],
        lat: coordinates[1],
        details: properties.details,
        details_en: properties.details_en,
        details_fr: properties.details_fr,
        details_ja: properties.details_ja,
        retailer_id: properties.retailer_id,
      } satisfies RawBinRow,
    };
  });
}

/** By the file name's extension: .csv, or .geojson / .json. */
export function parseBinsFile(fileName: string, text: string): NumberedRow[] {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return parseBinsCsv(text);
  if (lower.endsWith('.geojson') || lower.endsWith('.json')) return parseBinsGeoJson(text);
  throw new BinsFileError({ kind: 'unknownExtension' });
}
