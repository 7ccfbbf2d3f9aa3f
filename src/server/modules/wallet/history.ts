import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../domain/locales';
import type { CountryCode, Currency } from '../../../domain/markets';
import { moneyFromMinor } from '../../../domain/money';
import type { Transaction, TransactionCategory, TransactionsPage, TransactionsQuery, TransactionStatus } from '../../../domain/schemas/wallet';
import type { Database } from '../../db/client';
import { productNameColumn } from './catalogue';

/** Pending scans are grouped by the customer's calendar day: the market's time zone. */
export const marketTimeZone: Record<CountryCode, string> = {
  us: 'America/New_York',
  ca: 'America/Toronto',
  uk: 'Europe/London',
  fr: 'Europe/Paris',
  jp: 'Asia/Tokyo',
};

interface Row {
  id: string;
  created_at: Date | string;
  category: TransactionCategory;
  status: TransactionStatus;
  amount_minor: number | string;
  comment: string | null;
  items: { product_id: string; name: string; image_url: string | null; quantity: number; price_minor: number }[] | string;
  number_of_scans: number | null;
  total: number | string;
}

const orderBy: Record<TransactionsQuery['sort_by'], SQL> = {
  '-created_at': sql`created_at desc, id desc`,
  created_at: sql`created_at asc, id asc`,
  '-amount': sql`amount_minor desc, created_at desc, id desc`,
  amount: sql`amount_minor asc, created_at desc, id desc`,
};

/**
 * GET /merged_transactions: the customer's history merged in SQL (DESIGN.md §3).
 * - pending scans of one day (market time zone): one PENDING SCAN row, amount = deposits at stake
 * - each check-in batch: one COMPLETED SCAN row, items grouped by product and price
 * - each rejected or cancelled scan: a REJECTED / CANCELLED SCAN row, amount 0, comment = reason
 * - each adjustment: a COMPLETED ADJUSTMENT row with its comment
 * Withdrawals (issue 7) join as one more branch of `merged` with the same columns.
 * Every branch starts from an index on user_id, so the work is bounded by the
 * customer's own rows; paging happens in the database.
 */
export async function listTransactions(
  db: Database,
  user: { id: string; countryCode: CountryCode; currency: Currency },
  query: TransactionsQuery,
  language: Language,
): Promise<TransactionsPage> {
  const name = sql.raw(`p.${productNameColumn[language]}`);
  const zone = marketTimeZone[user.countryCode];
  const userId = user.id;
  const filters: SQL[] = [];
  if (query.type) filters.push(sql`category = ${query.type}`);
  if (query.status) filters.push(sql`status = ${query.status}`);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const offset = (query.page - 1) * query.items_per_page;
  const item = (quantity: SQL, price: SQL) =>
    sql`json_build_object('product_id', p.id, 'name', ${name}, 'image_url', p.image_url, 'quantity', ${quantity}, 'price_minor', ${price})`;

  const statement = sql`
    with pending_items as (
      select (s.scanned_at at time zone ${zone})::date as day, s.product_id, count(*)::int as quantity, max(s.scanned_at) as last_at
      from scans s
      where s.user_id = ${userId} and s.status = 'PENDING'
      group by 1, 2
    ),
    completed_items as (
      select s.checkin_batch_id, s.product_id, s.credited_minor, count(*)::int as quantity
      from scans s
      where s.user_id = ${userId} and s.status = 'COMPLETED'
      group by 1, 2, 3
    ),
    merged as (
      select 'scan-pending:' || pi.day::text as id, max(pi.last_at) as created_at, 'SCAN' as category, 'PENDING' as status,
             sum(pi.quantity * p.deposit_minor)::int as amount_minor, null::text as comment,
             json_agg(${item(sql`pi.quantity`, sql`p.deposit_minor`)} order by p.sort_order, p.id) as items,
             sum(pi.quantity)::int as number_of_scans
      from pending_items pi join products p on p.id = pi.product_id
      group by pi.day
      union all
      select 'scan-batch:' || b.id::text, b.created_at, 'SCAN', 'COMPLETED',
             sum(ci.quantity * ci.credited_minor)::int, null::text,
             json_agg(${item(sql`ci.quantity`, sql`ci.credited_minor`)} order by p.sort_order, p.id, ci.credited_minor),
             sum(ci.quantity)::int
      from completed_items ci join checkin_batches b on b.id = ci.checkin_batch_id join products p on p.id = ci.product_id
      group by b.id, b.created_at
      union all
      select 'scan:' || s.id::text, coalesce(s.resolved_at, s.created_at), 'SCAN', s.status,
             0, s.reason, json_build_array(${item(sql`1`, sql`p.deposit_minor`)}), 1
      from scans s join products p on p.id = s.product_id
      where s.user_id = ${userId} and s.status in ('REJECTED', 'CANCELLED')
      union all
      select 'adjustment:' || e.id::text, e.created_at, 'ADJUSTMENT', 'COMPLETED',
             e.amount_minor, e.comment, '[]'::json, null::int
      from ledger_entries e
      where e.user_id = ${userId} and e.kind = 'ADJUSTMENT'
    )
    select id, created_at, category, status, amount_minor, comment, items, number_of_scans, count(*) over () as total
    from merged
    ${where}
  `;
  const result = await db.execute(sql`${statement} order by ${orderBy[query.sort_by]} limit ${query.items_per_page} offset ${offset}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && offset > 0) total = await countMerged(db, statement);
  const money = (minor: number) => moneyFromMinor(minor, user.currency);
  const data: Transaction[] = rows.map((row) => {
    const items = typeof row.items === 'string' ? (JSON.parse(row.items) as Exclude<Row['items'], string>) : row.items;
    return {
      id: row.id,
      created_at: new Date(row.created_at).toISOString(),
      category: row.category,
      status: row.status,
      amount: money(Number(row.amount_minor)),
      comment: row.comment,
      items: items.map((entry) => ({
        product_id: entry.product_id,
        image_url: entry.image_url,
        name: entry.name,
        quantity: Number(entry.quantity),
        price: money(Number(entry.price_minor)),
      })),
      number_of_scans: row.number_of_scans === null ? null : Number(row.number_of_scans),
      price: null,
      account_name: null,
      account_number: null,
    };
  });
  return { data, meta: { page: query.page, items_per_page: query.items_per_page, total } };
}

/** A page past the end has no row to carry the window count: count apart (rare). */
async function countMerged(db: Database, statement: SQL): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as total from (${statement}) as all_rows`);
  const [row] = (result as unknown as { rows: { total: number | string }[] }).rows;
  return Number(row?.total ?? 0);
}
