import { z } from 'zod';
import type { Currency } from '#domain/markets';
import { moneyFromMinor } from '#domain/money';
import type { ListTotals, PageMeta } from '#domain/schemas/operator-answers';
import type { PageKey } from '../db/page-keys';
import { ApiError } from './api-error';

const microTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
// Any 8-4-4-4-12 hex id: rows keep the ids clients made, of any UUID version. Containers are keyed
// by their code instead (printable ASCII: the codes this server issues, and any imported before).
const keySchemas = {
  uuid: z.tuple([z.string().regex(microTime), z.guid()]),
  code: z.tuple([z.string().regex(microTime), z.string().regex(/^[\x21-\x7e]{1,64}$/)]),
};

/** The cursor a page hands out: where it ended, base64url so that it travels in a query string as it is. */
export function encodePageCursor(key: PageKey): string {
  return Buffer.from(JSON.stringify([key.at, key.id])).toString('base64url');
}

/**
 * The place a cursor names, or undefined for the first page. Anything this server did not hand out
 * (cut short, edited, from another list's shape, a date that does not exist) is 400 INVALID_CURSOR,
 * before it reaches a query.
 */
export function decodePageCursor(cursor: string | undefined, idKind: keyof typeof keySchemas = 'uuid'): PageKey | undefined {
  if (cursor === undefined) return undefined;
  const invalid = () => new ApiError(400, 'INVALID_CURSOR', { cursor: 'invalidValue' });
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const key = keySchemas[idKind].safeParse(parsed);
  if (!key.success) throw invalid();
  const [at, id] = key.data;
  // A day or month out of range would pass the pattern and fail in PostgreSQL: the round trip refuses it here.
  const millis = `${at.slice(0, 23)}Z`;
  const date = new Date(millis);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== millis) throw invalid();
  return { at, id };
}

/**
 * A page out of `limit + 1` rows read: the extra row only tells that there is more, and the
 * cursor names the last row shown.
 */
export function pageOf<Row extends { pageKey: PageKey }>(rows: Row[], limit: number): { items: Row[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodePageCursor(last.pageKey) : null };
}

/** Totals from one grouped query's rows (per currency: how many, how much). */
export function listTotalsFrom(groups: readonly { currency: Currency | null; rows: number; minor: number }[]): ListTotals {
  return {
    count: groups.reduce((sum, group) => sum + group.rows, 0),
    amounts: groups
      .filter((group): group is { currency: Currency; rows: number; minor: number } => group.currency !== null)
      .sort((a, b) => a.currency.localeCompare(b.currency))
      .map((group) => moneyFromMinor(group.minor, group.currency)),
  };
}

export function pageMeta(nextCursor: string | null, totals: ListTotals): PageMeta {
  return { next_cursor: nextCursor, totals };
}
