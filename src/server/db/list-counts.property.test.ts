import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Currency } from '#domain/markets';
import { moneyFromMinor } from '#domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeTotals, type DisputeListFilter } from '../modules/disputes/disputes';
import { dataRequestTotals } from '../modules/privacy/dsar';
import { createTestDatabase, databaseKinds } from '../testing/databases';
import { rowsOf, type DatabaseHandle } from './client';

/**
 * The console's totals of disputes and data requests come from counts that triggers keep
 * (migration 0035). Whatever statements change the rows, one row or many at once, the counts are
 * what adding up the rows themselves gives, and so are the totals the lists answer with.
 */

const currencies = ['USD', 'EUR', 'JPY'] as const;
const reasons = ['returned', 'not_damaged', 'wrong_container', 'other'] as const;

const disputeRow = fc.record({
  open: fc.boolean(),
  currency: fc.constantFrom(...currencies),
  reason: fc.constantFrom(...reasons),
  amount: fc.integer({ min: 1, max: 50_000 }),
});

const disputeChange = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), rows: fc.array(disputeRow, { minLength: 1, maxLength: 6 }) }),
  fc.record({ kind: fc.constant('uphold' as const), every: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('reopen' as const), every: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constant('edit' as const),
    every: fc.integer({ min: 1, max: 3 }),
    currency: fc.constantFrom(...currencies),
    reason: fc.constantFrom(...reasons),
    amount: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), every: fc.integer({ min: 1, max: 4 }) }),
);

const requestRow = fc.record({
  // Hours from the start of the measured day: yesterday, today and tomorrow.
  dueHour: fc.integer({ min: -30, max: 50 }),
  closed: fc.boolean(),
});

const requestChange = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), rows: fc.array(requestRow, { minLength: 1, maxLength: 6 }) }),
  fc.record({ kind: fc.constant('close' as const), every: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('reopen' as const), every: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('move' as const), every: fc.integer({ min: 1, max: 3 }), hours: fc.integer({ min: -40, max: 40 }) }),
  fc.record({ kind: fc.constant('delete' as const), every: fc.integer({ min: 1, max: 4 }) }),
);

const dayStart = new Date('2026-11-30T00:00:00.000Z');

describe.each(databaseKinds)('list counts kept by triggers (%s)', (kind) => {
  let handle: DatabaseHandle;
  let userId: string;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [user] = rowsOf<{ id: string }>(
      await handle.db.execute(sql`insert into users (country_code, locale) values ('us', 'en-US') returning id::text`),
    );
    userId = user!.id;
  });
  afterAll(async () => {
    await handle?.close();
  });

  const applyDisputeChange = async (change: DisputeChange) => {
    const db = handle.db;
    switch (change.kind) {
      case 'insert':
        await db.execute(sql`insert into disputes (id, user_id, status, reason, amount_minor, currency, answer, resolved_at)
          select gen_random_uuid(), ${userId}::uuid, case when r.open then 'OPEN' else 'UPHELD' end, r.reason, r.amount, r.currency,
            case when r.open then null else 'No' end, case when r.open then null else now() end
          from jsonb_to_recordset(${JSON.stringify(change.rows)}::jsonb) as r(open boolean, currency text, reason text, amount int)`);
        return;
      case 'uphold':
        await db.execute(sql`update disputes set status = 'UPHELD', answer = 'No', resolved_at = now()
          where status = 'OPEN' and get_byte(uuid_send(id), 15) % ${change.every} = 0`);
        return;
      case 'reopen':
        await db.execute(sql`update disputes set status = 'OPEN', resolved_at = null
          where status = 'UPHELD' and get_byte(uuid_send(id), 15) % ${change.every} = 0`);
        return;
      case 'edit':
        await db.execute(sql`update disputes set currency = ${change.currency}, reason = ${change.reason}, amount_minor = ${change.amount}
          where get_byte(uuid_send(id), 14) % ${change.every} = 0`);
        return;
      case 'delete':
        await db.execute(sql`delete from disputes where get_byte(uuid_send(id), 13) % ${change.every} = 0`);
        return;
    }
  };

  it('dispute_counts and the disputes list totals add up what the disputes hold, after any statements', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(disputeChange, { minLength: 1, maxLength: 8 }), async (changes) => {
        await handle.db.execute(sql`delete from disputes`);
        for (const change of changes) await applyDisputeChange(change);
        const counted = rowsOf<{ open: boolean; currency: string; reason: string; disputes: string; minor: string }>(
          await handle.db.execute(sql`select open, currency, reason, disputes::text, amount_minor::text as minor from dispute_counts
            where disputes <> 0 or amount_minor <> 0 order by 1, 2, 3`),
        );
        const summed = rowsOf<{ open: boolean; currency: string; reason: string; disputes: string; minor: string }>(
          await handle.db
            .execute(sql`select status = 'OPEN' as open, currency, reason, count(*)::text as disputes, sum(amount_minor)::text as minor
            from disputes group by 1, 2, 3 order by 1, 2, 3`),
        );
        expect(counted).toEqual(summed);
        const filters: DisputeListFilter[] = [
          {},
          { status: 'resolved' },
          { status: 'all' },
          { status: 'open', currency: 'EUR' },
          { status: 'all', reason: 'other' },
        ];
        for (const filter of filters) {
          const fromCounts = await disputeTotals(handle.db, filter);
          const fromRows = rowsOf<{ currency: Currency; count: number; minor: string }>(
            await handle.db.execute(sql`select currency, count(*)::int as count, sum(amount_minor)::text as minor from disputes where
              (${filter.status ?? 'open'} = 'all' or (status = 'OPEN') = (${filter.status ?? 'open'} = 'open'))
              and (${filter.currency ?? null}::text is null or currency = ${filter.currency ?? null})
              and (${filter.reason ?? null}::text is null or reason = ${filter.reason ?? null})
              group by currency order by currency`),
          );
          expect(fromCounts.count).toBe(fromRows.reduce((sum, row) => sum + row.count, 0));
          expect(fromCounts.amounts).toEqual(fromRows.map((row) => moneyFromMinor(Number(row.minor), row.currency)));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('data_request_counts and the data requests totals (overdue included) add up what the requests hold', async () => {
    const now = new Date(dayStart.getTime() + 10 * 3_600_000 + 17 * 60_000);
    await fc.assert(
      fc.asyncProperty(fc.array(requestChange, { minLength: 1, maxLength: 8 }), async (changes) => {
        await handle.db.execute(sql`delete from dsar_requests`);
        for (const change of changes) {
          switch (change.kind) {
            case 'insert':
              await handle.db.execute(sql`insert into dsar_requests (kind, country_code, locale, received_at, due_at, closed_at)
                select 'access', 'us', 'en-US', ${dayStart.toISOString()}::timestamptz - interval '30 days',
                  ${dayStart.toISOString()}::timestamptz + make_interval(hours => r.due_hour, mins => 7),
                  case when r.closed then ${dayStart.toISOString()}::timestamptz else null end
                from jsonb_to_recordset(${JSON.stringify(change.rows.map((row) => ({ due_hour: row.dueHour, closed: row.closed })))}::jsonb)
                  as r(due_hour int, closed boolean)`);
              break;
            case 'close':
              await handle.db.execute(sql`update dsar_requests set closed_at = ${dayStart.toISOString()}::timestamptz
                where closed_at is null and get_byte(uuid_send(id), 15) % ${change.every} = 0`);
              break;
            case 'reopen':
              await handle.db.execute(sql`update dsar_requests set closed_at = null
                where closed_at is not null and get_byte(uuid_send(id), 15) % ${change.every} = 0`);
              break;
            case 'move':
              await handle.db.execute(sql`update dsar_requests set due_at = due_at + make_interval(hours => ${change.hours})
                where get_byte(uuid_send(id), 14) % ${change.every} = 0`);
              break;
            case 'delete':
              await handle.db.execute(sql`delete from dsar_requests where get_byte(uuid_send(id), 13) % ${change.every} = 0`);
              break;
          }
        }
        const counted = rowsOf<{ due_on: string; open: boolean; requests: string }>(
          await handle.db.execute(
            sql`select due_on::text, open, requests::text from data_request_counts where requests <> 0 order by 1, 2`,
          ),
        );
        const summed = rowsOf<{ due_on: string; open: boolean; requests: string }>(
          await handle.db
            .execute(sql`select (due_at at time zone 'UTC')::date::text as due_on, closed_at is null as open, count(*)::text as requests
            from dsar_requests group by 1, 2 order by 1, 2`),
        );
        expect(counted).toEqual(summed);
        const [expected] = rowsOf<{ open: number; all: number; overdue: number }>(
          await handle.db.execute(sql`select count(*) filter (where closed_at is null)::int as open, count(*)::int as all,
            count(*) filter (where closed_at is null and due_at < ${now.toISOString()}::timestamptz)::int as overdue from dsar_requests`),
        );
        const open = await dataRequestTotals(handle.db, { includeClosed: false, now });
        const all = await dataRequestTotals(handle.db, { includeClosed: true, now });
        expect([open.totals.count, open.overdue]).toEqual([expected!.open, expected!.overdue]);
        expect([all.totals.count, all.overdue]).toEqual([expected!.all, expected!.overdue]);
      }),
      { numRuns: 25 },
    );
  });
});

type DisputeChange = typeof disputeChange extends fc.Arbitrary<infer Change> ? Change : never;
