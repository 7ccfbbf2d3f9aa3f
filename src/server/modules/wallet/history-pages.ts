import { LRUCache } from 'lru-cache';
import type { Language } from '#domain/locales';
import type { Currency } from '#domain/markets';
import type { TransactionsQuery } from '#domain/schemas/wallet';
import type { Database } from '../../db/client';
import { readHistoryRows, toTransaction, type Row } from './history';

/** A row of a kept page: its order key and its JSON, serialised once. */
interface KeptRow {
  id: string;
  createdAt: number;
  json: string;
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
}

function keep(row: Row, currency: Currency): KeptRow {
  const transaction = toTransaction(row, currency);
  return { id: row.id, createdAt: Date.parse(transaction.created_at), json: JSON.stringify(transaction) };
}

function pageJson(rows: readonly KeptRow[], query: TransactionsQuery, total: number): string {
  const meta = { page: query.page, items_per_page: query.items_per_page, total };
  return `{"data":[${rows.map((row) => row.json).join(',')}],"meta":${JSON.stringify(meta)}}`;
}

/**
 * The rows written since `kept` was read, merged into it; undefined when they cannot be merged
 * without the rows beyond the page (then the caller reads the page again):
 * - a row was deleted or left the filter, or a row beyond the page changed: the total then
 *   differs from the kept total plus the rows that are new to the page (each such case takes
 *   one away from the total or adds one to the rows new to the page, and nothing makes up for it);
 * - a kept row moved in the order, or a new row has the creation time of another (the database
 *   breaks that tie by id in its collation, which this does not repeat).
 */
function merge(kept: KeptPage, changed: readonly KeptRow[], total: number, pageSize: number): KeptRow[] | undefined {
  const byId = new Map(changed.map((row) => [row.id, row]));
  let newToPage = changed.length;
  const rows: KeptRow[] = [];
  for (const row of kept.rows) {
    const update = byId.get(row.id);
    if (!update) rows.push(row);
    else {
      if (update.createdAt !== row.createdAt) return undefined;
      rows.push(update);
      byId.delete(row.id);
      newToPage -= 1;
    }
  }
  if (kept.total + newToPage !== total) return undefined;
  const added = [...byId.values()];
  const times = new Set(rows.map((row) => row.createdAt));
  for (const row of added) {
    if (times.has(row.createdAt)) return undefined;
    times.add(row.createdAt);
  }
  // Stable: the kept rows keep the database's order among themselves, ties included.
  rows.push(...added);
  rows.sort((a, b) => b.createdAt - a.createdAt);
  return rows.slice(0, pageSize);
}

/**
 * The first page of the history in the default order (the app's call) kept per customer, query and
 * language: after a write, one read of the rows written since (an index range of the customer's
 * rows, of which only the new ones leave the database) is merged into it, instead of reading and
 * serialising the whole page again. On the embedded database a page of 1,000 costs about 30 ms to
 * read, which blocks every other call; the rows since, about 1 ms. Other pages and orders are read
 * whole.
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

  return {
    async json(db, user, query, language) {
      if (query.page !== 1 || query.sort_by !== '-created_at') {
        const page = await readWhole(db, user, query, language);
        return pageJson(page.rows, query, page.total);
      }
      const key = `${user.id}\u0000${language}\u0000${query.type ?? ''}\u0000${query.status ?? ''}\u0000${query.items_per_page}`;
      const kept = pages.get(key);
      let page: KeptPage | undefined;
      if (kept) {
        const read = await readHistoryRows(db, user.id, query, language, { since: kept.since });
        const rows = merge(
          kept,
          read.rows.map((row) => keep(row, user.currency)),
          read.total,
          query.items_per_page,
        );
        if (rows) page = { rows, total: read.total, since: read.snapshotXmin };
      }
      page ??= await readWhole(db, user, query, language);
      pages.set(key, page);
      return pageJson(page.rows, query, page.total);
    },
  };
}
