import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * The one definition of a returned item, used by every figure that counts them (the balance card's
 * "Items returned", the impact section's months and totals): a scan of the customer that was
 * credited, either checked in at the facility (COMPLETED) or rejected and then credited through a
 * dispute. `credited_at` is when its deposit reached the balance. A scan counts once, however many
 * disputes name it.
 */
export function creditedReturns(userId: Placeholder | string): SQL {
  return sql`
    select s.id, s.product_id,
      case when s.status = 'COMPLETED' then s.resolved_at else credit.resolved_at end as credited_at
    from scans s
    left join lateral (
      select max(d.resolved_at) as resolved_at
      from dispute_scans ds join disputes d on d.id = ds.dispute_id
      where ds.scan_id = s.id and d.status = 'CREDITED'
    ) credit on s.status <> 'COMPLETED'
    where s.user_id = ${userId} and (s.status = 'COMPLETED' or credit.resolved_at is not null)`;
}
