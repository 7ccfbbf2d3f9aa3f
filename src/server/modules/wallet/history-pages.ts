import { LRUCache } from 'lru-cache';
import type { Language } from '#domain/locales';
import type { Currency } from '#domain/markets';
import type { TransactionsQuery } from '#domain/schemas/wallet';
import type { Database, Executor } from '../../db/client';
import { readHistoryRows, toTransaction, type Row } from './history';

/** A row of a kept page, serialised once. */
interface KeptRow {
  id: string;
  json: string;
}

/** A row written since the page was kept, and its place in the default order (HistoryRow.place). */
interface ChangedRow extends KeptRow {
  place: number;
}

/** The first page of a query as last read: patched with what changed since, not read again. */
interface KeptPage {
  rows: KeptRow[];
  total: number;
  /** The base of the next read of changes (HistoryRead.snapshotXmin). */
  since: string;
}

export interface HistoryPages {
  /** The JSON of GET /merged_transactions for this customer, query and language, as of now. */
  json(db: Database, user: { id: string; currency: Currency }, query: TransactionsQuery, language: Language): Promise<string>;
  /**
   * Inside a writer's transaction: the page as that transaction sees it, when a page of this query
   * is kept and the rows written since patch it (undefined otherwise: a writer reads no whole
   * page). `keep` makes it the kept page: call it only once the transaction committed.
   */
  patched(
    executor: Executor,
    user: { id: string; currency: Currency },
    query: TransactionsQuery,
    language: Language,
  ): Promise<{ json: string; keep(): void } | undefined>;
}

const keep = (row: Row, currency: Currency): KeptRow => ({ id: row.id, json: JSON.stringify(toTransaction(row, currency)) });

function pageJson(rows: readonly KeptRow[], query: TransactionsQuery, total: number): string {
  const meta = { page: query.page, items_per_page: query.items_per_page, total };
  return `{"data":[${rows.map((row) => row.json).join(',')}],"meta":${JSON.stringify(meta)}}`;
}

/**
 * The rows written since `kept` was read, each at the place the database gave it, and the kept
 * rows that did not change filling the other places in their order (rows that did not change
 * keep their order among themselves, and every one beyond the kept page comes after all the
 * kept ones). Undefined when that is not enough to know the page (the caller reads it again):
 * - a row was deleted or left the filter, or a row beyond the page changed: the total then
 *   differs from the kept total plus the rows new to the page (each such case takes one away from
 *   the total or adds one to the rows new to the page, and nothing makes up for it);
 * - kept rows moved out of the page, and too few are left to fill it.
 */
function merge(kept: KeptPage, changed: readonly ChangedRow[], total: number, pageSize: number): KeptRow[] | undefined {
  const changedIds = new Set(changed.map((row) => row.id));
  const unchanged = kept.rows.filter((row) => !changedIds.has(row.id));
  const newToPage = changed.length - (kept.rows.length - unchanged.length);
  if (kept.total + newToPage !== total) return undefined;
  const size = Math.min(total, pageSize);
  const rows: (KeptRow | undefined)[] = new Array<KeptRow | undefined>(size).fill(undefined);
  for (const row of changed) if (row.place < size) rows[row.place] = { id: row.id, json: row.json };
  let next = 0;
  for (let index = 0; index < size; index += 1) {
    if (rows[index]) continue;
    const filler = unchanged[next++];
    if (!filler) return undefined;
    rows[index] = filler;
  }
  return rows.filter((row) => row !== undefined);
}

/**
 * The first page of the history in the default order (the app's call) kept per customer, query and
 * language: after a write, one read of the rows written since (an index range of the customer's
 * rows, of which only the new ones leave the database) is merged into it, instead of reading and
 * serialising the whole page again. On the embedded database reading a page of 1,000 blocks every
 * other call for far longer than reading the rows since. Other pages and orders are read whole.
 */
export function createHistoryPages(limits: { maxBytes: number } = { maxBytes: 64 * 1024 * 1024 }): HistoryPages {
  const pages = new LRUCache<string, KeptPage>({
    maxSize: limits.maxBytes,
    sizeCalculation: (page) => page.rows.reduce((sum, row) => sum + row.json.length + 64, 64),
  });

  async function readWhole(db: Database, user: { id: string; currency: Currency }, query: TransactionsQuery, language: Language) {
    const offset = (query.page - 1) * query.items_per_page;
    const read = await readHistoryRows(db, user.id, query, language, { offset });
    return { rows: read.rows.map((row) => keep(row, user.currency)), total: read.total, since: read.snapshotXmin };
  }

  const patchable = (query: TransactionsQuery) => query.page === 1 && query.sort_by === '-created_at';
  const keyOf = (userId: string, query: TransactionsQuery, language: Language) =>
    `${userId}\u0000${language}\u0000${query.type ?? ''}\u0000${query.status ?? ''}\u0000${query.items_per_page}`;

  async function patch(
    executor: Executor,
    user: { id: string; currency: Currency },
    query: TransactionsQuery,
    language: Language,
    kept: KeptPage,
  ) {
    const read = await readHistoryRows(executor, user.id, query, language, { since: kept.since });
    const changed = read.rows.map((row) => ({ ...keep(row, user.currency), place: Number(row.place) }));
    const rows = merge(kept, changed, read.total, query.items_per_page);
    return rows && { rows, total: read.total, since: read.snapshotXmin };
  }

  return {
    async json(db, user, query, language) {
      if (!patchable(query)) {
        const page = await readWhole(db, user, query, language);
        return pageJson(page.rows, query, page.total);
      }
      const key = keyOf(user.id, query, language);
      const kept = pages.get(key);
      const page = (kept && (await patch(db, user, query, language, kept))) || (await readWhole(db, user, query, language));
      pages.set(key, page);
      return pageJson(page.rows, query, page.total);
    },

    async patched(executor, user, query, language) {
      if (!patchable(query)) return undefined;
      const key = keyOf(user.id, query, language);
      const kept = pages.get(key);
      const page = kept && (await patch(executor, user, query, language, kept));
      if (!page) return undefined;
      return { json: pageJson(page.rows, query, page.total), keep: () => pages.set(key, page) };
    },
  };
}
