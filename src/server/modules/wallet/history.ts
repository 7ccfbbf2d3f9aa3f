import { pendingProcessingDays } from '#domain/pending-rule';
import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '#domain/locales';
import type { CountryCode, Currency } from '#domain/markets';
import { moneyFromMinor } from '#domain/money';
import type { DisputeReason, DisputeStatus, DisputeSummary } from '#domain/schemas/disputes';
import type { Transaction, TransactionsPage, TransactionsQuery } from '#domain/schemas/wallet';
import type { TransactionCategory, TransactionStatus } from '#domain/transactions';
import { builtOnce, rowsOf, type Database, type Executor } from '../../db/client';
import { productNameColumn } from './catalogue';

export interface Row {
  id: string;
  created_at: Date | string;
  category: TransactionCategory;
  status: TransactionStatus;
  amount_minor: number | string;
  comment: string | null;
  items: { product_id: string; name: string; image_url: string | null; quantity: number; price_minor: number }[] | string | null;
  number_of_scans: number | null;
  fee_minor: number | string | null;
  account_name: string | null;
  account_number: string | null;
  dispute: StoredDispute | string | null;
  disputable: boolean;
  disputable_from: Date | string | null;
  total: number | string;
  /** `since` reads: how many rows of the filter come before this one in the default order. */
  place: number | string | null;
}

/** history_rows.dispute, as the triggers of migration 0012 write it. */
interface StoredDispute {
  id: string;
  status: DisputeStatus;
  reason: DisputeReason;
  answer: string | null;
  amount_minor: number;
  created_at: string;
  resolved_at: string | null;
}

const orderBy: Record<TransactionsQuery['sort_by'], SQL> = {
  '-created_at': sql`h.created_at desc, h.id desc`,
  created_at: sql`h.created_at asc, h.id asc`,
  '-amount': sql`h.amount_minor desc, h.created_at desc, h.id desc`,
  amount: sql`h.amount_minor asc, h.created_at desc, h.id desc`,
};

/**
 * GET /merged_transactions: a page of the customer's history_rows, which triggers keep in step
 * with every write (migration 0010):
 * - pending scans of one day (market time zone): one PENDING SCAN row, amount = deposits at stake
 * - each check-in batch: one COMPLETED SCAN row, items grouped by product and price
 * - each rejected or cancelled scan: a REJECTED / CANCELLED SCAN row, amount 0, comment = reason
 * - each adjustment: a COMPLETED ADJUSTMENT row with its comment
 * - each withdrawal: a WITHDRAWAL row with its status (PENDING, COMPLETED, FAILED, CANCELLED), the
 *   amount that left the balance (negative, also on a FAILED/CANCELLED row, whose money came back),
 *   the fee as `price`, the masked destination, and the failure reason as comment
 * - a disputed scan's row carries its dispute (state, answer, what was credited); rejected and
 *   expired scans' rows without one say they may be disputed
 * - each claim on a container someone else scanned first (migration 0028): PENDING with the
 *   deposit at stake while under review, REJECTED with the reason once dismissed; once awarded its
 *   scan is in the pending day's row
 * Reading is one index range on (user_id, created_at); product names join in the reader's language.
 */
export async function listTransactions(
  db: Database,
  user: { id: string; countryCode: CountryCode; currency: Currency },
  query: TransactionsQuery,
  language: Language,
): Promise<TransactionsPage> {
  const offset = (query.page - 1) * query.items_per_page;
  const { rows, total } = await readHistoryRows(db, user.id, query, language, { offset });
  return {
    data: rows.map((row) => toTransaction(row, user.currency)),
    meta: { page: query.page, items_per_page: query.items_per_page, total },
  };
}

/** What one read of history rows gives: the rows, the filter's total, and where to read changes from. */
export interface HistoryRead {
  rows: Row[];
  total: number;
  /**
   * The oldest transaction still running when this read's snapshot was taken: every row written
   * later than what this read saw has an xmin at or after it (the base of `since` reads).
   */
  snapshotXmin: string;
}

/** The statements of readHistoryRows, one a shape (range, order, filters, language), each built once. */
const historyStatements = new Map<string, (executor: Executor, values: Record<string, unknown>) => Promise<unknown>>();

type HistoryShape = Pick<TransactionsQuery, 'sort_by'> & { range: 'offset' | 'since'; type: boolean; status: boolean; language: Language };

function historyStatement(shape: HistoryShape) {
  const key = `${shape.range} ${shape.sort_by} ${shape.type} ${shape.status} ${shape.language}`;
  let statement = historyStatements.get(key);
  if (!statement) {
    // A page's plan depends on how many rows the customer has; the rows since a write, an index
    // range on the customer's rows, do not.
    const name = shape.range === 'since' ? `roundtrip_history_since_${historyStatements.size + 1}` : undefined;
    statement = builtOnce(name, () => historySql(shape));
    historyStatements.set(key, statement);
  }
  return statement;
}

/** The customer's rows of `alias` in the query's filter: each value a placeholder or the value itself, a filter left out when undefined. */
function historyFilter(alias: string, values: { userId: unknown; type: unknown; status: unknown }): SQL {
  const table = sql.raw(alias);
  const filters: SQL[] = [sql`${table}.user_id = ${values.userId}`];
  if (values.type !== undefined) filters.push(sql`${table}.category = ${values.type}`);
  if (values.status !== undefined) filters.push(sql`${table}.status = ${values.status}`);
  return sql.join(filters, sql` and `);
}

/** The text of a history read of this shape; its values are the placeholders userId, type, status, limit, offset, since. */
function historySql(shape: HistoryShape): SQL {
  const name = sql.raw(`p.${productNameColumn[shape.language]}`);
  const filtersOn = (alias: string) =>
    historyFilter(alias, {
      userId: sql.placeholder('userId'),
      type: shape.type ? sql.placeholder('type') : undefined,
      status: shape.status ? sql.placeholder('status') : undefined,
    });
  const where = filtersOn('h');
  // A changed row's place in the default order, numbered by the database (it alone knows how its
  // collation orders ids of the same instant) in one pass over the customer's rows in index order.
  // Counting the rows before each changed row instead made PostgreSQL's estimate of the statement
  // (a third of the rows changed, each with its count) pass jit_above_cost: about 35 ms of JIT
  // compiling for a statement that runs in 1 ms, under the row lock of every writer of the customer.
  const source =
    shape.range === 'offset'
      ? sql`history_rows h`
      : sql`(select r.*, r.xmin as row_xmin, row_number() over (order by r.created_at desc, r.id desc) - 1 as place
               from history_rows r where ${filtersOn('r')}) h`;
  // age() counts back from the current transaction, so the comparison holds across xid wraparound.
  const selected =
    shape.range === 'offset'
      ? sql`where ${where} order by ${orderBy[shape.sort_by]} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`
      : sql`where age(h.row_xmin) <= age(${sql.placeholder('since')}::text::xid)`;
  const place = shape.range === 'since' ? sql`h.place` : sql`null`;
  return sql`
    select h.id, h.created_at, h.category, h.status, h.amount_minor, h.comment, h.number_of_scans, h.fee_minor,
           h.account_name, h.account_number, h.dispute, h.disputable,
           -- A pending day may be disputed once all its scans have been held ${sql.raw(String(pendingProcessingDays))} days since the server received them.
           case when h.id like 'scan-pending:%' then (
             select max(s.created_at) + make_interval(days => ${sql.raw(String(pendingProcessingDays))})
               from scans s join users u on u.id = s.user_id
              where s.user_id = h.user_id and s.status = 'PENDING'
                and (s.scanned_at at time zone market_time_zone(u.country_code))::date = substr(h.id, 14)::date
           ) end as disputable_from,
           (select count(*) from history_rows h where ${where}) as total, ${place} as place,
           ${snapshotXmin} as snapshot_xmin,
           (select json_agg(json_build_object('product_id', p.id, 'name', ${name}, 'image_url', p.image_url,
                                              'quantity', (item->>'quantity')::int,
                                              'price_minor', coalesce((item->>'price_minor')::int, p.deposit_minor))
                            order by p.sort_order, p.id, (item->>'price_minor')::int)
              from jsonb_array_elements(h.items) as item join products p on p.id = item->>'product_id') as items
    from ${source}
    ${selected}
  `;
}

// The oldest transaction still running when this read was taken, as an xid: what the next read's
// `since` starts from, so a write that commits after this read is never missed.
const snapshotXmin = sql`(pg_snapshot_xmin(pg_current_snapshot())::text::bigint % 4294967296)::text`;

/**
 * The query's rows in its order. `offset`: a page's rows (limit items_per_page). `since`: every
 * row of the filter written (inserted or updated) at or after that transaction, however many,
 * in no particular page. Both give the filter's total from the same snapshot.
 */
export async function readHistoryRows(
  db: Executor,
  userId: string,
  query: TransactionsQuery,
  language: Language,
  range: { offset: number } | { since: string },
): Promise<HistoryRead> {
  const shape: HistoryShape = {
    range: 'offset' in range ? 'offset' : 'since',
    sort_by: query.sort_by,
    type: query.type !== undefined,
    status: query.status !== undefined,
    language,
  };
  const result = await historyStatement(shape)(db, {
    userId,
    type: query.type,
    status: query.status,
    limit: query.items_per_page,
    offset: 'offset' in range ? range.offset : 0,
    since: 'since' in range ? range.since : '0',
  });
  const rows = rowsOf<Row & { snapshot_xmin: string }>(result);
  if (rows.length > 0) return { rows, total: Number(rows[0]!.total), snapshotXmin: rows[0]!.snapshot_xmin };
  // No row to carry the count and the snapshot: ask apart (a page past the end, or nothing new).
  const where = historyFilter('h', { userId, type: query.type, status: query.status });
  const empty = await db.execute(sql`select count(*)::int as total,
    ${snapshotXmin} as snapshot_xmin from history_rows h where ${where}`);
  const [row] = rowsOf<{ total: number | string; snapshot_xmin: string }>(empty);
  return { rows: [], total: Number(row?.total ?? 0), snapshotXmin: row?.snapshot_xmin ?? '0' };
}

/** The rows migration 0028 writes for a claim: `claim:<id>`, PENDING while open, REJECTED once dismissed. */
const claimRowPrefix = 'claim:';

/** A history row as the API shows it. */
export function toTransaction(row: Row, currency: Currency): Transaction {
  const money = (minor: number) => moneyFromMinor(minor, currency);
  const items = typeof row.items === 'string' ? (JSON.parse(row.items) as Exclude<Row['items'], string>) : row.items;
  return {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    category: row.category,
    status: row.status,
    amount: money(Number(row.amount_minor)),
    comment: row.comment,
    items: (items ?? []).map((entry) => ({
      product_id: entry.product_id,
      image_url: entry.image_url,
      name: entry.name,
      quantity: Number(entry.quantity),
      price: money(Number(entry.price_minor)),
    })),
    number_of_scans: row.number_of_scans === null ? null : Number(row.number_of_scans),
    // A fee only where one was taken (Japan below 8,800 JPY).
    price: row.fee_minor === null || Number(row.fee_minor) === 0 ? null : money(Number(row.fee_minor)),
    account_name: row.account_name,
    account_number: row.account_number,
    dispute: disputeSummary(row.dispute, money),
    disputable: row.disputable === true,
    disputable_from: row.disputable_from === null || row.disputable_from === undefined ? null : new Date(row.disputable_from).toISOString(),
    claim: row.id.startsWith(claimRowPrefix) ? (row.status === 'PENDING' ? 'OPEN' : 'DISMISSED') : null,
  };
}

function disputeSummary(stored: Row['dispute'], money: (minor: number) => Transaction['amount']): DisputeSummary | null {
  const dispute = typeof stored === 'string' ? (JSON.parse(stored) as StoredDispute) : stored;
  if (!dispute) return null;
  return {
    id: dispute.id,
    status: dispute.status,
    reason: dispute.reason,
    answer: dispute.answer,
    credited: dispute.status === 'CREDITED' ? money(Number(dispute.amount_minor)) : null,
    created_at: new Date(dispute.created_at).toISOString(),
    resolved_at: dispute.resolved_at === null ? null : new Date(dispute.resolved_at).toISOString(),
  };
}
