import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Where a page of an operator list ends: the last row's time, to the microsecond as the database
 * keeps it (a JavaScript Date keeps milliseconds, and two rows a few microseconds apart would be
 * shown twice or not at all), and its id, which breaks ties. The next page starts after it, so a
 * row added or settled meanwhile never shifts the pages the way an offset does.
 */
export interface PageKey {
  at: string;
  id: string;
}

/** The row's time as text, microseconds kept, in UTC: what a PageKey holds. */
export function pageKeyTime(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The rows after `key` in (time, id) order, ascending or descending; no condition on the first page. */
export function afterPageKey(
  time: AnyPgColumn,
  id: AnyPgColumn,
  key: PageKey | undefined,
  direction: 'asc' | 'desc' = 'asc',
): SQL | undefined {
  if (!key) return undefined;
  // The id compared as the column's own type: a uuid, or a container's code (text).
  const keyId = id.getSQLType() === 'uuid' ? sql`${key.id}::uuid` : sql`${key.id}::text`;
  return direction === 'asc'
    ? sql`(${time}, ${id}) > (${key.at}::timestamptz, ${keyId})`
    : sql`(${time}, ${id}) < (${key.at}::timestamptz, ${keyId})`;
}
