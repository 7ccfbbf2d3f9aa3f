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
  fee_minor: number | string | null;
  account_name: string | null;
  account_number: string | null;
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
 * - each withdrawal: a WITHDRAWAL row with its status (PENDING, COMPLETED, FAILED, CANCELLED), the
 *   amount that left the balance (negative, also on a FAILED/CANCELLED row, whose money came back),
 *   the fee as `price`, the masked destination, and the failure reason as comment
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

  // The merged rows without their items: cheap aggregates over the customer's own rows.
  const statement = sql`
    with merged as (
      select 'pending' as kind, 'scan-pending:' || day::text as id, day, null::uuid as batch_id, null::uuid as scan_id,
             max(scanned_at) as created_at, 'SCAN' as category, 'PENDING' as status,
             sum(deposit_minor)::int as amount_minor, null::text as comment, count(*)::int as number_of_scans,
             null::int as fee_minor, null::text as account_name, null::text as account_number
      from (
        select (s.scanned_at at time zone ${zone})::date as day, s.scanned_at, p.deposit_minor
        from scans s join products p on p.id = s.product_id
        where s.user_id = ${userId} and s.status = 'PENDING'
      ) as pending_scans
      group by day
      union all
      select 'batch', 'scan-batch:' || s.checkin_batch_id::text, null::date, s.checkin_batch_id, null::uuid,
             max(s.resolved_at), 'SCAN', 'COMPLETED', sum(s.credited_minor)::int, null::text, count(*)::int,
             null::int, null::text, null::text
      from scans s
      where s.user_id = ${userId} and s.status = 'COMPLETED'
      group by s.checkin_batch_id
      union all
      select 'scan', 'scan:' || s.id::text, null::date, null::uuid, s.id,
             coalesce(s.resolved_at, s.created_at), 'SCAN', s.status, 0, s.reason, 1,
             null::int, null::text, null::text
      from scans s
      where s.user_id = ${userId} and s.status in ('REJECTED', 'CANCELLED')
      union all
      select 'adjustment', 'adjustment:' || e.id::text, null::date, null::uuid, null::uuid,
             e.created_at, 'ADJUSTMENT', 'COMPLETED', e.amount_minor, e.comment, null::int,
             null::int, null::text, null::text
      from ledger_entries e
      where e.user_id = ${userId} and e.kind = 'ADJUSTMENT'
      union all
      select 'withdrawal', 'withdrawal:' || w.id::text, null::date, null::uuid, null::uuid,
             w.created_at, 'WITHDRAWAL', w.status, -w.amount_minor, w.reason, null::int,
             w.fee_minor, w.account_name, w.account_number
      from withdrawals w
      where w.user_id = ${userId}
    )
    select kind, id, day, batch_id, scan_id, created_at, category, status, amount_minor, comment, number_of_scans,
           fee_minor, account_name, account_number, count(*) over () as total
    from merged
    ${where}
  `;
  // Items only for the rows of the page, each from an index (batch, pending day, scan id).
  const page = sql`
    with page as (
      ${statement}
      order by ${orderBy[query.sort_by]}
      limit ${query.items_per_page} offset ${offset}
    )
    select page.*, coalesce(items.list, '[]'::json) as items
    from page
    left join lateral (
      select json_agg(json_build_object('product_id', p.id, 'name', ${name}, 'image_url', p.image_url,
                                        'quantity', g.quantity, 'price_minor', coalesce(g.price, p.deposit_minor))
                      order by p.sort_order, p.id, g.price) as list
      from (
        select s.product_id, s.credited_minor as price, count(*)::int as quantity
        from scans s
        where page.kind = 'batch' and s.user_id = ${userId} and s.checkin_batch_id = page.batch_id and s.status = 'COMPLETED'
        group by 1, 2
        union all
        select s.product_id, null::int, count(*)::int
        from scans s
        where page.kind = 'pending' and s.user_id = ${userId} and s.status = 'PENDING'
          and (s.scanned_at at time zone ${zone})::date = page.day
        group by 1
        union all
        select s.product_id, null::int, 1
        from scans s
        where page.kind = 'scan' and s.id = page.scan_id
      ) as g
      join products p on p.id = g.product_id
    ) as items on true
    order by ${orderBy[query.sort_by]}
  `;
  const result = await db.execute(page);
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
      // A fee only where one was taken (Japan below 8,800 JPY).
      price: row.fee_minor === null || Number(row.fee_minor) === 0 ? null : money(Number(row.fee_minor)),
      account_name: row.account_name,
      account_number: row.account_number,
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
