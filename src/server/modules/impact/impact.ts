import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isCountryCode, markets } from '#domain/markets';
import { moneyFromMinor } from '#domain/money';
import { impactMonths, type Impact } from '#domain/schemas/impact';
import { rowsOf, type Executor } from '../../db/client';
import { creditedReturns } from '../../db/returned-items';

const sourceList = z.array(z.string());

interface Row {
  country_code: string;
  month: string;
  returned_items: number | string;
  earned_minor: number | string;
  balance_minor: number | string;
  total_returned: number | string;
  total_earned_minor: number | string;
  total_withdrawn_minor: number | string;
  packaging_grams: number | string | null;
  packaging_items: number | string;
  packaging_sources: string[] | string | null;
}

/**
 * GET /user/impact in one statement: per month (market time zone) the containers credited, the
 * deposits earned and the balance at the month's end; the totals ever; and the packaging avoided
 * by the returns of products that have an operator's factor, with the factors' sources.
 *
 * Months run from the customer's first check-in or ledger entry (at most `impactMonths` back) to
 * the current month. A dispute credited counts as a return: its scans are returned items (in the
 * month of the credit) and its credit is deposits earned, as the history shows it (docs/product.md,
 * The history accounts for the balance). "Withdrawn" is what payouts actually paid: a pending
 * payout is not money the customer has received yet, and failed or cancelled ones gave it back.
 */
export async function getImpact(db: Executor, userId: string, now: Date): Promise<Impact | undefined> {
  const result = await db.execute(sql`
    with zone as (
      select u.country_code, market_time_zone(u.country_code) as tz, date_trunc('month', ${now.toISOString()}::timestamptz at time zone market_time_zone(u.country_code)) as current_month
      from users u where u.id = ${userId}
    ),
    ledger as (
      select date_trunc('month', l.created_at at time zone z.tz) as month,
        coalesce(sum(l.amount_minor) filter (where l.kind in ('DEPOSIT_CREDIT', 'DEPOSIT_REVERSAL', 'DISPUTE_CREDIT')), 0) as earned,
        sum(l.amount_minor) as net
      from ledger_entries l, zone z where l.user_id = ${userId}
      group by 1
    ),
    credited_scans as (${creditedReturns(userId)}),
    returned as (
      select date_trunc('month', c.credited_at at time zone z.tz) as month, count(*) as items
      from credited_scans c, zone z
      group by 1
    ),
    packaging as (
      select sum(f.packaging_grams) as grams, count(f.product_id) as items,
        json_agg(distinct f.source) filter (where f.source is not null) as sources
      from credited_scans c left join product_impact_factors f on f.product_id = c.product_id
    ),
    paid as (
      select coalesce(sum(w.amount_minor), 0) as minor from withdrawals w where w.user_id = ${userId} and w.status = 'COMPLETED'
    ),
    series as (
      select generate_series(
        greatest(z.current_month - make_interval(months => ${impactMonths - 1}),
                 coalesce(least((select min(month) from ledger), (select min(month) from returned)), z.current_month)),
        z.current_month, interval '1 month') as month
      from zone z
    )
    select z.country_code, to_char(sr.month, 'YYYY-MM') as month,
      coalesce(r.items, 0)::int as returned_items,
      coalesce(l.earned, 0)::bigint as earned_minor,
      (select coalesce(sum(x.net), 0) from ledger x where x.month <= sr.month)::bigint as balance_minor,
      (select coalesce(sum(items), 0) from returned)::int as total_returned,
      (select coalesce(sum(earned), 0) from ledger)::bigint as total_earned_minor,
      (select minor from paid)::bigint as total_withdrawn_minor,
      p.grams::float8 as packaging_grams,
      p.items::int as packaging_items,
      p.sources as packaging_sources
    from series sr
    cross join zone z
    left join ledger l on l.month = sr.month
    left join returned r on r.month = sr.month
    cross join packaging p
    order by sr.month
  `);
  const rows = rowsOf<Row>(result);
  const first = rows[0];
  if (!first || !isCountryCode(first.country_code)) return undefined;
  const currency = markets[first.country_code].currency;
  const money = (minor: number | string) => moneyFromMinor(Number(minor), currency);
  const packagingItems = Number(first.packaging_items ?? 0);
  // json_agg arrives parsed from node-postgres and as text from some PGlite versions.
  const sources = sourceList.parse(
    typeof first.packaging_sources === 'string' ? JSON.parse(first.packaging_sources) : (first.packaging_sources ?? []),
  );
  return {
    returned_items: Number(first.total_returned),
    deposits_earned: money(first.total_earned_minor),
    withdrawn: money(first.total_withdrawn_minor),
    months: rows.map((row) => ({
      month: row.month,
      returned_items: Number(row.returned_items),
      deposits_earned: money(row.earned_minor),
      balance: money(row.balance_minor),
    })),
    packaging:
      packagingItems > 0 && first.packaging_grams !== null
        ? {
            avoided_grams: Math.round(Number(first.packaging_grams) * 10) / 10,
            counted_items: packagingItems,
            sources: [...sources].sort(),
          }
        : null,
  };
}
