// A national programme's data, generated in SQL: customers with a past, each with a live session
// whose token the bench knows, and the operators' work in the proportions such a programme has
// after a year at 1,000,000 customers (pending payouts, open disputes and claims, audit entries,
// operators, data requests). Every constraint stays on, and every trigger but one: the rows go in set-based, a chunk
// of customers per transaction, so the statement-level triggers (versions, news) run once a chunk; the history lines of
// the customers' past scans are written by the loader itself (`HistoryWriter`).
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/server/db/client';
import { seedCatalogue } from '../src/server/modules/wallet/catalogue';

/** What the fill writes for every customer; `perCustomer` documents it for the results file. */
export const perCustomer = {
  /** Check-in batches of two completed scans, each with its DEPOSIT_CREDIT. */
  batches: 6,
  rejected: 4,
  cancelled: 2,
  adjustments: 2,
  /** One PENDING scan every `pendingEvery` customers, one claim on it every `claimEvery`. */
  pendingEvery: 10,
};

/** The operators' work, per 1,000,000 customers (a national programme after a year). */
const perMillion = {
  pendingPayouts: 50_000,
  openDisputes: 20_000,
  openClaims: 5_000,
  auditEntries: 500_000,
  dataRequests: 20_000,
  operators: 300,
};

/** How many of a per-million figure a fill of `customers` gets (at least one). */
export const share = (customers: number, perMillionCount: number) => Math.max(1, Math.round((perMillionCount * customers) / 1_000_000));

/** The bearer token of customer `ordinal` (1-based): the fill stores its SHA-256 hex as the server does. */
export const scaleToken = (ordinal: number) => `scale-token-${ordinal}`;

/**
 * The fill's ids: a uuid whose first 32 bits are the customer's ordinal (then a hash of the row's
 * kind and part), so that a chunk's rows land side by side in every index keyed by them. With ids
 * drawn at random as the server draws them, each of a customer's two hundred index entries fell on
 * a page of its own: once the indexes outgrew PostgreSQL's buffers, every one was a read, a write
 * and a full-page image in the WAL, and the fill slowed from 270 customers a second to under 120.
 * The server's reads find rows by key either way; only the fill's writes cared.
 */
const scaleIdFunction = sql`create or replace function scale_id(kind text, ordinal int, part int default 0) returns uuid
  language sql immutable parallel safe
  as $$ select (lpad(to_hex(ordinal), 8, '0') || substr(md5(kind || '-' || ordinal || '-' || part), 9))::uuid $$`;

/** Customers written so far (their ordinals are 1..n). */
export async function filledCustomers(db: Database): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from users where email like 'scale-%@bench.example'`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Who writes the history lines of the customers' past check-ins and refusals. The scans' statement
 * trigger rebuilds them one check-in and one refused scan at a time (a loop over each customer's
 * rows): 37 of the 53 s a chunk of 10,000 customers took. The loader writes the same lines in two
 * set-based statements, the trigger off for those two inserts only, inside the chunk's transaction;
 * `scale-fill.test.ts` fills with each and compares every derived row.
 */
export type HistoryWriter = 'loader' | 'trigger';

/** Customers `from`..`to` (inclusive ordinals) with their sessions and past, in one transaction. */
async function fillCustomerChunk(db: Database, from: number, to: number, history: HistoryWriter): Promise<void> {
  const { batches, rejected, cancelled, adjustments, pendingEvery } = perCustomer;
  const scansEach = 2 * batches + rejected + cancelled;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into users (id, email, name, country_code, locale, zip_code, email_verified_at, terms_accepted_at, created_at, updated_at)
      select scale_id('user', i), 'scale-' || i || '@bench.example', 'Scale customer ' || i, 'us', 'en-US', '97205',
        now() - interval '400 days', now() - interval '400 days', now() - interval '400 days', now() - interval '400 days'
      from generate_series(${from}::int, ${to}::int) i`);
    await tx.execute(sql`insert into session_families (id, user_id, client_id, created_at)
      select scale_id('family', i), scale_id('user', i), 'bench', now() from generate_series(${from}::int, ${to}::int) i`);
    await tx.execute(sql`insert into access_tokens (token_hash, family_id, user_id, expires_at, created_at)
      select encode(sha256(convert_to('scale-token-' || i, 'UTF8')), 'hex'), scale_id('family', i), scale_id('user', i),
        now() + interval '7 days', now()
      from generate_series(${from}::int, ${to}::int) i`);
    // Containers S<i>-<k>: 1..2·batches completed, then rejected, then cancelled, then the pending one.
    await tx.execute(sql`insert into containers (code, product_id)
      select 'S' || i || '-' || k, (array['us-oat-milk-1l','us-peanut-butter-450','us-coffee-cup-16oz','us-ice-cream-pint'])[1 + (i + k) % 4]
      from generate_series(${from}::int, ${to}::int) i cross join generate_series(1, ${scansEach + 1}::int) k`);
    await tx.execute(sql`insert into checkin_batches (id, created_at, checked_in_by)
      select scale_id('batch', i, b), now() - ((b * 40 + i % 40) || ' days')::interval, 'bench'
      from generate_series(${from}::int, ${to}::int) i cross join generate_series(1, ${batches}::int) b`);
    if (history === 'loader') await tx.execute(sql`alter table scans disable trigger scans_insert_rebuilds_history`);
    await tx.execute(sql`insert into scans (id, user_id, container_code, product_id, status, scanned_at, credited_minor, checkin_batch_id, resolved_at)
      select scale_id('scan', i, k), scale_id('user', i), c.code, c.product_id, 'COMPLETED',
        now() - ((((k + 1) / 2) * 40 + i % 40 + 1) || ' days')::interval, 50,
        scale_id('batch', i, (k + 1) / 2), now() - ((((k + 1) / 2) * 40 + i % 40) || ' days')::interval
      from generate_series(${from}::int, ${to}::int) i cross join generate_series(1, ${2 * batches}::int) k
      join containers c on c.code = 'S' || i || '-' || k`);
    await tx.execute(sql`insert into scans (id, user_id, container_code, product_id, status, scanned_at, reason, resolved_at)
      select scale_id('scan', i, k), scale_id('user', i), c.code, c.product_id,
        case when k <= ${2 * batches + rejected}::int then 'REJECTED' else 'CANCELLED' end,
        now() - ((k * 7 + i % 7) || ' days')::interval, 'Broken', now() - ((k * 7 + i % 7 - 1) || ' days')::interval
      from generate_series(${from}::int, ${to}::int) i cross join generate_series(${2 * batches + 1}::int, ${scansEach}::int) k
      join containers c on c.code = 'S' || i || '-' || k`);
    if (history === 'loader') {
      await tx.execute(sql`alter table scans enable trigger scans_insert_rebuilds_history`);
      await writeScanHistory(tx, from, to);
    }
    await tx.execute(sql`insert into ledger_entries (user_id, amount_minor, currency, kind, checkin_batch_id, created_at)
      select scale_id('user', i), 100, 'USD', 'DEPOSIT_CREDIT', scale_id('batch', i, b),
        now() - ((b * 40 + i % 40) || ' days')::interval
      from generate_series(${from}::int, ${to}::int) i cross join generate_series(1, ${batches}::int) b`);
    await tx.execute(sql`insert into scans (id, user_id, container_code, product_id, status, scanned_at)
      select scale_id('scan', i, ${scansEach + 1}::int), scale_id('user', i), c.code, c.product_id, 'PENDING',
        now() - ((i % 20) || ' hours')::interval
      from generate_series(${from}::int, ${to}::int) i
      join containers c on c.code = 'S' || i || '-' || ${scansEach + 1}::int
      where i % ${pendingEvery}::int = 0`);
    await tx.execute(sql`insert into ledger_entries (user_id, amount_minor, currency, kind, comment, idempotency_key, created_at)
      select scale_id('user', i), 25, 'USD', 'ADJUSTMENT', 'Goodwill', 'scale-adjustment-' || i || '-' || a,
        now() - ((a * 90 + i % 30) || ' days')::interval
      from generate_series(${from}::int, ${to}::int) i cross join generate_series(1, ${adjustments}::int) a`);
    // A past is news told long ago: left undelivered, the server would spend the bench delivering it.
    await tx.execute(sql`update customer_news set read_at = coalesce(read_at, now()), push_handled_at = coalesce(push_handled_at, now()),
        mail_handled_at = coalesce(mail_handled_at, now())
      where user_id in (select scale_id('user', i) from generate_series(${from}::int, ${to}::int) i)`);
  });
}

/**
 * The lines `history_refresh_batch` and `history_refresh_scan` (migrations) write for the chunk's
 * completed and refused scans, for all of them at once. No dispute exists yet when the customers
 * are filled: a refused scan's line has no dispute and credits nothing.
 */
async function writeScanHistory(tx: Pick<Database, 'execute'>, from: number, to: number): Promise<void> {
  await tx.execute(sql`insert into history_rows (user_id, id, created_at, category, status, amount_minor, number_of_scans, items)
    select g.user_id, 'scan-batch:' || g.checkin_batch_id::text, max(g.last_resolved), 'SCAN', 'COMPLETED', sum(g.credited)::int, sum(g.quantity)::int,
      jsonb_agg(jsonb_build_object('product_id', g.product_id, 'quantity', g.quantity, 'price_minor', g.price))
    from (select s.user_id, s.checkin_batch_id, s.product_id, s.credited_minor as price, count(*)::int as quantity,
            sum(s.credited_minor) as credited, max(s.resolved_at) as last_resolved
          from generate_series(${from}::int, ${to}::int) i
          join users u on u.id = scale_id('user', i) and u.deleted_at is null
          join scans s on s.user_id = u.id
          where s.status = 'COMPLETED' and s.checkin_batch_id is not null
          group by s.user_id, s.checkin_batch_id, s.product_id, s.credited_minor) g
    group by g.user_id, g.checkin_batch_id`);
  await tx.execute(sql`insert into history_rows (user_id, id, created_at, category, status, amount_minor, comment, number_of_scans, items, dispute, disputable)
    select s.user_id, 'scan:' || s.id::text, coalesce(s.resolved_at, s.created_at), 'SCAN', s.status, 0, s.reason, 1,
      jsonb_build_array(jsonb_build_object('product_id', s.product_id, 'quantity', 1, 'price_minor', null)),
      null, scan_disputable(s.status, s.scanned_at, s.resolved_at)
    from generate_series(${from}::int, ${to}::int) i
    join users u on u.id = scale_id('user', i) and u.deleted_at is null
    join scans s on s.user_id = u.id
    where s.status not in ('PENDING', 'COMPLETED')`);
}

/**
 * The operators' work for `customers` customers: pending payouts (each with its WITHDRAWAL entry),
 * open disputes over completed scans, open claims on pending scans, audit entries through the
 * chain trigger, operators and data requests. Written once, after the customers.
 */
async function fillOperatorWork(db: Database, customers: number): Promise<void> {
  const payouts = share(customers, perMillion.pendingPayouts);
  const disputes = share(customers, perMillion.openDisputes);
  const pendingScans = Math.floor(customers / perCustomer.pendingEvery);
  const claims = Math.min(pendingScans, share(customers, perMillion.openClaims));
  const stride = (count: number) => Math.max(1, Math.floor(customers / count));
  await db.transaction(async (tx) => {
    // A payout of 2.00 USD from customer i·stride (their balance holds 6.50).
    await tx.execute(sql`insert into withdrawals (id, user_id, idempotency_key, amount_minor, currency, method, status, account_name, account_number, created_at)
      select scale_id('payout', p), scale_id('user', 1 + (p - 1) * ${stride(payouts)}::int), 'scale-payout-' || p, 200, 'USD',
        'PAYPAL', 'PENDING', 'Scale customer', 's***@bench.example', now() - ((p % 1440) || ' minutes')::interval
      from generate_series(1, ${payouts}::int) p`);
    await tx.execute(sql`insert into ledger_entries (user_id, amount_minor, currency, kind, idempotency_key, created_at)
      select w.user_id, -w.amount_minor, w.currency, 'WITHDRAWAL', 'withdrawal:' || w.id, w.created_at
      from withdrawals w where w.idempotency_key like 'scale-payout-%'`);
    // A dispute about the customer's rejected scan: the deposit of one scan at stake.
    await tx.execute(sql`insert into disputes (id, user_id, status, reason, note, amount_minor, currency, created_at)
      select scale_id('dispute', d), scale_id('user', 1 + (d - 1) * ${stride(disputes)}::int), 'OPEN', 'not_damaged',
        'It was not broken', 50, 'USD', now() - ((d % 2000) || ' minutes')::interval
      from generate_series(1, ${disputes}::int) d`);
    await tx.execute(sql`insert into dispute_scans (scan_id, dispute_id)
      select scale_id('scan', 1 + (d - 1) * ${stride(disputes)}::int, ${2 * perCustomer.batches + 1}::int), scale_id('dispute', d)
      from generate_series(1, ${disputes}::int) d`);
    // A second person scanned a container someone else's pending scan holds.
    await tx.execute(sql`insert into scan_claims (container_code, pending_scan_id, user_id, scanned_at, created_at)
      select s.container_code, s.id, scale_id('user', case when q.owner = 1 then 2 else q.owner - 1 end), now() - interval '1 hour',
        now() - ((q.c % 3000) || ' minutes')::interval
      from (select c, c * ${perCustomer.pendingEvery * Math.max(1, Math.floor(pendingScans / claims))}::int as owner from generate_series(1, ${claims}::int) c) q
      join scans s on s.id = scale_id('scan', q.owner, ${2 * perCustomer.batches + perCustomer.rejected + perCustomer.cancelled + 1}::int)`);
    await tx.execute(sql`insert into audit_entries (actor, action, record_type, record_id, amount_minor, currency, detail, subject_type, subject_id)
      select 'bench@roundtrip.test', 'balance.adjust', 'ledger_entry', g::text, 100 + g % 900, 'USD',
        jsonb_build_object('user_id', scale_id('user', 1 + g % ${customers}::int)), 'customer', scale_id('user', 1 + g % ${customers}::int)::text
      from generate_series(1, ${share(customers, perMillion.auditEntries)}::int) g`);
    await tx.execute(sql`insert into operators (email, name, roles, status, totp_secret, language)
      select 'scale-operator-' || o || '@bench.example', 'Scale operator ' || o, array['care']::text[], 'INVITED', 'JBSWY3DPEHPK3PXP', 'en'
      from generate_series(1, ${share(customers, perMillion.operators)}::int) o`);
    await tx.execute(sql`insert into dsar_requests (kind, name, email, country_code, locale, message, received_at, due_at, closed_at)
      select (array['access','deletion','rectification','other'])[1 + r % 4], 'Scale customer ' || r, 'scale-' || r || '@bench.example', 'us', 'en-US',
        'Please send my data', now() - ((r % 60) || ' days')::interval, now() + ((30 - r % 60) || ' days')::interval,
        case when r % 5 = 0 then null else now() - ((r % 30) || ' days')::interval end
      from generate_series(1, ${share(customers, perMillion.dataRequests)}::int) r`);
  });
}

/**
 * Grows the database in place to `customers` customers (a second call with a larger figure adds the
 * difference), then writes the operators' work for the new total and analyzes.
 */
export async function fillScale(
  db: Database,
  customers: number,
  log: (line: string) => void = () => {},
  chunk = 10_000,
  history: HistoryWriter = 'loader',
): Promise<{ customers: number; seconds: number }> {
  const started = performance.now();
  // The products the server seeds at its start: the fill may run before the server ever did.
  await seedCatalogue(db);
  await db.execute(scaleIdFunction);
  const existing = await filledCustomers(db);
  for (let from = existing + 1; from <= customers; from += chunk) {
    const to = Math.min(customers, from + chunk - 1);
    await fillCustomerChunk(db, from, to, history);
    if (to % (chunk * 10) === 0 || to === customers)
      log(`scale: ${to.toLocaleString('en')} customers (${Math.round((performance.now() - started) / 1000)} s)`);
  }
  await clearOperatorWork(db);
  await fillOperatorWork(db, customers);
  await db.execute(sql`update notification_settings set due_at = null, attempts = 0`);
  // A year's tables have been through autovacuum; rows written a minute ago have not, and until a
  // vacuum marks their pages all-visible the planner cannot count on an index-only scan (the
  // payouts' totals read 26,000 rows from the table at 520,000 customers instead of their index).
  // The customers' tables met autovacuum while they grew; the operators' work is the fill's last step.
  // Containers too: a chunk's scans mark its containers scanned a moment after they were written
  // (migration 0036), and until a vacuum the unscanned codes' index still walks those entries (a
  // first page of them took 74 ms at p99 at 10,000 customers before, 0.3 ms after).
  // Their statistics come from the analyze of every table below.
  await db.execute(sql`vacuum containers, withdrawals, disputes, dispute_scans, scan_claims, audit_entries, dsar_requests, operators`);
  await db.execute(sql`analyze`);
  return { customers, seconds: Math.round((performance.now() - started) / 1000) };
}

/** Whether the fill wrote the operators' work (its last step before analyzing). */
export async function hasOperatorWork(db: Database): Promise<boolean> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from withdrawals where idempotency_key like 'scale-payout-%'`),
  );
  return Number(row?.n ?? 0) > 0;
}

/** Seconds from the first chunk of customers to the last (each chunk's users are created at its transaction's time). */
export async function customerFillSeconds(db: Database): Promise<number> {
  const [row] = rowsOf<{ seconds: string | number | null }>(
    await db.execute(
      sql`select extract(epoch from max(created_at) - min(created_at)) as seconds from users where email like 'scale-%@bench.example'`,
    ),
  );
  return Math.round(Number(row?.seconds ?? 0));
}

/** The previous size's operator work, so a grown database has the proportions of its new size. */
async function clearOperatorWork(db: Database): Promise<void> {
  if (await hasOperatorWork(db))
    throw new Error('this database already holds operator work of a smaller size: fill sizes into separate databases');
}
