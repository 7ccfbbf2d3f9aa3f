import { readFileSync } from 'node:fs';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalsPageQuery } from '../modules/audit/approvals';
import { auditPageQuery } from '../modules/audit/audit';
import { operatorsPageQuery } from '../modules/operators/operators';
import { dataRequestsPageQuery, dataRequestTotalsQuery } from '../modules/privacy/dsar';
import { disputeScansQuery, disputesPageQuery, disputeTotalsQuery } from '../modules/disputes/disputes';
import { unscannedContainersQuery } from '../modules/wallet/operator-actions';
import { claimsPageQuery } from '../modules/wallet/claims';
import { pendingPayoutTotalsQuery, pendingPayoutsQuery } from '../modules/withdrawals/withdrawals';
import { createTestDatabase } from '../testing/databases';
import { rowsOf, type DatabaseHandle } from './client';

/** The tables that grow with the programme: a list must never read one of them whole. */
const bigTables = [
  'withdrawals',
  'disputes',
  'dispute_scans',
  'scan_claims',
  'scans',
  'users',
  'operator_approvals',
  'operators',
  'dsar_requests',
  'audit_entries',
  'containers',
];
/** What each list's pages are asked for with in the console (the routes' default page size). */
const pageSize = 50;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * PostgreSQL's plans depend on how many rows there are: on a few dozen it reads tables whole,
 * which is right there and says nothing. So these run on a national programme's volumes
 * (src/server/testing/ops-lists-fill.sql, analyzed), on PostgreSQL only (PGlite plans alike, but
 * the point is the server a programme runs), and look at the plan of the very query each list runs.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('operator lists read index ranges, not whole tables (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase('postgres');
    await handle.db.execute(sql.raw(readFileSync(new URL('../testing/ops-lists-fill.sql', import.meta.url), 'utf8')));
    // Autovacuum keeps a running server's visibility map; right after a bulk load only VACUUM does, and
    // without it PostgreSQL rightly prices an index-only scan like one that visits every row.
    await handle.db.execute(sql`vacuum analyze withdrawals`);
  }, 300_000);
  afterAll(async () => {
    await handle?.close();
  });

  const planOf = async (query: SQLWrapper) => {
    const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(await handle.db.execute(sql`explain (format json) ${query}`));
    const nodes = nodesOf(row!['QUERY PLAN'][0].Plan);
    return {
      wholeTables: nodes.filter((node) => node['Node Type'] === 'Seq Scan' && bigTables.includes(node['Relation Name'] ?? '')),
      indexes: nodes.map((node) => node['Index Name']).filter((name) => name !== undefined),
      indexOnly: nodes.filter((node) => node['Node Type'] === 'Index Only Scan').map((node) => node['Index Name']),
      relations: nodes.map((node) => node['Relation Name']).filter((name) => name !== undefined),
    };
  };
  const middleKey = async (table: string, where: string) => {
    const [row] = rowsOf<{ at: string; id: string }>(
      await handle.db.execute(
        sql.raw(
          `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text from ${table} where ${where} order by created_at, id offset 300 limit 1`,
        ),
      ),
    );
    return row!;
  };

  it('GET /ops/payouts: withdrawals_pending_idx, first page, a later page, one currency', async () => {
    const after = await middleKey('withdrawals', "status = 'PENDING'");
    for (const options of [{}, { after }, { after, currency: 'JPY' as const }]) {
      const plan = await planOf(pendingPayoutsQuery(handle.db, { limit: pageSize, ...options }));
      expect(plan.wholeTables).toEqual([]);
      expect(plan.indexes).toContain('withdrawals_pending_idx');
    }
  });

  it('GET /ops/payouts?status=settled: withdrawals_settled_idx, first page, a later page, one currency', async () => {
    const [row] = rowsOf<{ at: string; id: string }>(
      await handle.db.execute(
        sql.raw(
          `select to_char(resolved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text from withdrawals where status <> 'PENDING' order by resolved_at desc, id desc offset 300 limit 1`,
        ),
      ),
    );
    for (const options of [{}, { after: row! }, { after: row!, currency: 'JPY' as const }]) {
      const plan = await planOf(pendingPayoutsQuery(handle.db, { status: 'settled', limit: pageSize, ...options }));
      expect(plan.wholeTables).toEqual([]);
      expect(plan.indexes).toContain('withdrawals_settled_idx');
    }
  });

  it('GET /ops/payouts totals: an index-only scan of withdrawals_pending_totals_idx, all currencies and one', async () => {
    for (const options of [{}, { currency: 'JPY' as const }]) {
      const plan = await planOf(pendingPayoutTotalsQuery(handle.db, options));
      expect(plan.wholeTables).toEqual([]);
      expect(plan.indexOnly).toEqual(['withdrawals_pending_totals_idx']);
    }
  });

  it('GET /ops/disputes: disputes_open_idx (or disputes_created_idx, disputes_resolved_idx), and the page scans through dispute_scans_dispute_scan_idx', async () => {
    const after = await middleKey('disputes', "status = 'OPEN'");
    const open = await planOf(disputesPageQuery(handle.db, { limit: pageSize, after }));
    expect(open.wholeTables).toEqual([]);
    expect(open.indexes).toContain('disputes_open_idx');
    const all = await planOf(disputesPageQuery(handle.db, { status: 'all', limit: pageSize, after }));
    expect(all.wholeTables).toEqual([]);
    expect(all.indexes).toContain('disputes_created_idx');
    const resolved = await planOf(disputesPageQuery(handle.db, { status: 'resolved', limit: pageSize, after }));
    expect(resolved.wholeTables).toEqual([]);
    expect(resolved.indexes).toContain('disputes_resolved_idx');

    const page = rowsOf<{ id: string }>(
      await handle.db.execute(sql`select id::text from disputes where status = 'OPEN' order by created_at, id limit ${pageSize}`),
    );
    const scansOfPage = await planOf(
      disputeScansQuery(
        handle.db,
        page.map((row) => row.id),
      ),
    );
    expect(scansOfPage.wholeTables).toEqual([]);
    expect(scansOfPage.indexes).toContain('dispute_scans_dispute_scan_idx');
  });

  it('GET /ops/claims: scan_claims_open_idx (or scan_claims_created_idx, scan_claims_resolved_idx)', async () => {
    const after = await middleKey('scan_claims', "status = 'OPEN'");
    const open = await planOf(claimsPageQuery(handle.db, { limit: pageSize, after }));
    expect(open.wholeTables).toEqual([]);
    expect(open.indexes).toContain('scan_claims_open_idx');
    const all = await planOf(claimsPageQuery(handle.db, { status: 'all', limit: pageSize }));
    expect(all.wholeTables).toEqual([]);
    expect(all.indexes).toContain('scan_claims_created_idx');
    const resolved = await planOf(claimsPageQuery(handle.db, { status: 'resolved', limit: pageSize }));
    expect(resolved.wholeTables).toEqual([]);
    expect(resolved.indexes).toContain('scan_claims_resolved_idx');
  });

  it('GET /ops/approvals: operator_approvals_pending_idx (or operator_approvals_created_idx), newest first', async () => {
    const pending = await planOf(approvalsPageQuery(handle.db, { status: 'PENDING', limit: pageSize }));
    expect(pending.wholeTables).toEqual([]);
    expect(pending.indexes).toContain('operator_approvals_pending_idx');
    const all = await planOf(approvalsPageQuery(handle.db, { status: 'ALL', limit: pageSize }));
    expect(all.wholeTables).toEqual([]);
    expect(all.indexes).toContain('operator_approvals_created_idx');
  });

  it("GET /ops/audit?subject=<email>: the customer's entries through audit_entries_subject_idx, the customer by users_email_key", async () => {
    const plan = await planOf(auditPageQuery({ subject: 'Bench7@example.com', limit: 100 }));
    expect(plan.wholeTables).toEqual([]);
    expect(plan.indexes).toEqual(expect.arrayContaining(['audit_entries_subject_idx', 'users_email_key', 'operators_email_key']));
  });

  it('GET /ops/operators: operators_created_idx, first page and a later page', async () => {
    const after = await middleKey('operators', 'true');
    for (const options of [{}, { after }]) {
      const plan = await planOf(operatorsPageQuery(handle.db, { limit: pageSize, ...options }));
      expect(plan.wholeTables).toEqual([]);
      expect(plan.indexes).toContain('operators_created_idx');
    }
  });

  it('GET /ops/dsar: dsar_requests_open_due_idx (or dsar_requests_due_idx for all), and its totals from the open ones only', async () => {
    const now = new Date();
    const [row] = rowsOf<{ at: string; id: string }>(
      await handle.db.execute(
        sql.raw(
          `select to_char(due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text from dsar_requests where closed_at is null order by due_at, id offset 300 limit 1`,
        ),
      ),
    );
    const open = await planOf(dataRequestsPageQuery(handle.db, { includeClosed: false, now, limit: pageSize, after: row! }));
    expect(open.wholeTables).toEqual([]);
    expect(open.indexes).toContain('dsar_requests_open_due_idx');
    const all = await planOf(dataRequestsPageQuery(handle.db, { includeClosed: true, now, limit: pageSize, after: row! }));
    expect(all.wholeTables).toEqual([]);
    expect(all.indexes).toContain('dsar_requests_due_idx');
    for (const includeClosed of [false, true]) {
      const totals = await planOf(dataRequestTotalsQuery(handle.db, { includeClosed, now }));
      expect(totals.wholeTables).toEqual([]);
      expect(totals.relations).toContain('data_request_counts');
      // Only today's open requests are read, as a range of the open ones' deadlines.
      expect(totals.relations.filter((name) => name === 'dsar_requests')).toHaveLength(1);
      expect(totals.indexes).toContain('dsar_requests_open_due_idx');
    }
  });

  it("GET /ops/disputes' totals: the few rows of dispute_counts, never the disputes, for every filter but a search", async () => {
    for (const filter of [
      {},
      { status: 'all' as const },
      { status: 'resolved' as const, currency: 'EUR' as const },
      { reason: 'other' as const },
    ]) {
      const totals = await planOf(disputeTotalsQuery(handle.db, filter));
      expect(totals.relations).toEqual(['dispute_counts']);
    }
  });

  it('GET /ops/containers/unscanned: containers_unscanned_idx, first page, a later page, one country; the scans are not read', async () => {
    const [row] = rowsOf<{ at: string; id: string }>(
      await handle.db.execute(
        sql.raw(
          `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, code as id from containers where first_scanned_at is null order by created_at, code offset 300 limit 1`,
        ),
      ),
    );
    for (const options of [{}, { after: row! }, { after: row!, countryCode: 'uk' }]) {
      const plan = await planOf(unscannedContainersQuery(handle.db, { limit: pageSize + 1, ...options }));
      expect(plan.wholeTables).toEqual([]);
      expect(plan.indexes).toContain('containers_unscanned_idx');
      expect(plan.relations).not.toContain('scans');
    }
  });
});
