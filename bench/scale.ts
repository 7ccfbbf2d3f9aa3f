// `npm run bench -- --scale`: the same calls at two sizes of a national programme's data
// (bench/scale-fill.ts), to see what grows with the data. Each size gets its own scratch database
// on the PostgreSQL server of BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL, filled in SQL,
// then a server on it: /healthz, the customer calls with 1,000 distinct customers in turn (32
// connections), and every operator list one call at a time (a first page and the page its
// next_cursor names). At the large size the statements each list runs are explained
// (ANALYZE, BUFFERS) from this process, through the list's own code.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rowsOf, type Database } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { createScratchDatabase, scratchDatabaseNamed, type ScratchDatabase } from '../src/server/testing/databases';
import { listApprovals } from '../src/server/modules/audit/approvals';
import { auditPage } from '../src/server/modules/audit/audit';
import { listDisputes, disputeTotals } from '../src/server/modules/disputes/disputes';
import { listOperators } from '../src/server/modules/operators/operators';
import { listAutomationTokens } from '../src/server/modules/operators/tokens';
import { dataRequestTotals, listDataRequests } from '../src/server/modules/privacy/dsar';
import { claimTotals, listClaims } from '../src/server/modules/wallet/claims';
import { unscannedContainers } from '../src/server/modules/wallet/operator-actions';
import { listPendingPayouts, pendingPayoutTotals } from '../src/server/modules/withdrawals/withdrawals';
import { startServer } from '../scripts/server-process';
import { loadFigures, type LoadFigures } from './api';
import { keepAliveAgent, timedCall } from './http-client';
import { customerFillSeconds, filledCustomers, fillScale, hasOperatorWork, perCustomer, scaleToken } from './scale-fill';
import { issueCodesToScan } from './seed-history';
import { latencyOf, round, type Latency } from './stats';

/** Customers the customer calls go round, one after another. */
export const distinctCustomers = 1_000;
const connections = 32;
const operatorKey = 'bench-scale-operator-key-0123456789';
/**
 * Rounds of each list: the first page, and the next one the first names. 500 rounds give each list
 * about 1,000 times, so its p99 is not just its slowest call: with 60 rounds, the growth rule judged
 * the noise of a few milliseconds on pages under 26 ms.
 */
const listRuns = 500;

export interface CustomerCall {
  name: string;
  figures: LoadFigures;
  ratioToHealthz: number;
  /** CPU the server process and its database sessions spent per 2xx answer (ms), from /proc: what a busy machine does not blur. */
  cpuMsPerCall: { server: number; database: number } | null;
}

export interface ListCall {
  name: string;
  path: string;
  /** First page, then the one its next_cursor names (when it names one), taken together. */
  latency: Latency;
  rows: number;
  nextCursor: boolean;
  failures: number;
}

export interface ScaleSize {
  customers: number;
  fillSeconds: number;
  databaseBytes: number;
  rows: Record<string, number>;
  healthz: LoadFigures;
  customerCalls: CustomerCall[];
  lists: ListCall[];
  /** 32 check-ins at once, 10 codes of pending scans each: each one's time to its answer. */
  checkins: { batches: number; codesEach: number; latency: Latency; failures: number };
  explains?: { list: string; plans: string[] }[];
}

/** The bench's own key for the bank details of its throwaway databases (32 bytes, base64). */
const scalePaymentDataKey = createHash('sha256').update('roundtrip scale bench payment-data key').digest('base64');

/** Every operator list the console and the CLI page through, with what the console asks. */
const listPaths = [
  { name: 'payouts', path: '/api/v2/ops/payouts' },
  { name: 'disputes (open)', path: '/api/v2/ops/disputes' },
  { name: 'disputes (all)', path: '/api/v2/ops/disputes?status=all' },
  { name: 'claims (open)', path: '/api/v2/ops/claims' },
  { name: 'claims (all)', path: '/api/v2/ops/claims?status=all' },
  { name: 'approvals', path: '/api/v2/ops/approvals' },
  { name: 'audit', path: '/api/v2/ops/audit' },
  { name: 'audit (one customer)', path: '/api/v2/ops/audit?subject=scale-7%40bench.example' },
  { name: 'operators', path: '/api/v2/ops/operators' },
  { name: 'automation tokens', path: '/api/v2/ops/tokens' },
  { name: 'data requests (open)', path: '/api/v2/ops/dsar' },
  { name: 'data requests (all)', path: '/api/v2/ops/dsar?status=all' },
  { name: 'unscanned codes', path: '/api/v2/ops/containers/unscanned?limit=50' },
];

async function load(url: string, request: autocannon.Request, seconds: number): Promise<LoadFigures> {
  return loadFigures(await autocannon({ url, connections, duration: seconds, excludeErrorStats: true, requests: [request] }));
}

/** Customer ordinal n's Authorization header, for n going round 1..distinctCustomers. */
function inTurn(customers: number) {
  let next = 0;
  const distinct = Math.min(customers, Number(process.env.BENCH_DISTINCT_CUSTOMERS ?? distinctCustomers));
  return () => `Bearer ${scaleToken(1 + (next++ % distinct))}`;
}

/** Each call and /healthz by turns, a slice each, so a machine busier in one slice than the next weighs on both alike. */
const rounds = 4;

function merged(parts: LoadFigures[]): LoadFigures {
  const sum = (pick: (figures: LoadFigures) => number) => parts.reduce((total, figures) => total + pick(figures), 0);
  return {
    requestsPerSecond: Math.round(sum((figures) => figures.requestsPerSecond) / parts.length),
    p50Ms: Math.max(...parts.map((figures) => figures.p50Ms)),
    p99Ms: Math.max(...parts.map((figures) => figures.p99Ms)),
    non2xx: sum((figures) => figures.non2xx),
    errors: sum((figures) => figures.errors),
    timeouts: sum((figures) => figures.timeouts),
  };
}

/** utime + stime of a process, in ms (0 once it is gone). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** The CPU of the server and of the database's sessions on this database, for cpuMsPerCall (Linux, a local server). */
function cpuMeter(serverPid: number | undefined, databaseUrl: string) {
  if (serverPid === undefined || !existsSync(`/proc/${serverPid}/stat`)) return undefined;
  const backends = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const result = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return result.rows.map((row) => row.pid);
    } finally {
      await client.end();
    }
  };
  return async () => {
    const pids = await backends();
    const reading = { server: cpuMsOf(serverPid), database: pids.reduce((total, pid) => total + cpuMsOf(pid), 0) };
    return reading;
  };
}

async function customerCalls(
  url: string,
  customers: number,
  codes: string[],
  seconds: number,
  meter: (() => Promise<{ server: number; database: number }>) | undefined,
): Promise<{ healthz: LoadFigures; calls: CustomerCall[] }> {
  let nextCode = 0;
  const requests: { name: string; request: () => autocannon.Request }[] = [
    { name: 'GET /api/v2/user', request: () => customerGet('/api/v2/user', customers) },
    { name: 'GET /api/v2/user/balance', request: () => customerGet('/api/v2/user/balance', customers) },
    {
      name: 'GET /api/v2/merged_transactions',
      request: () => customerGet('/api/v2/merged_transactions?items_per_page=1000&page=1', customers),
    },
    {
      name: 'POST /api/v2/scans (new code each)',
      request: () => {
        const authorization = inTurn(customers);
        return {
          method: 'POST',
          path: '/api/v2/scans',
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, authorization: authorization(), 'content-type': 'application/json' },
            body: JSON.stringify({ id: randomUUID(), code: codes[nextCode++ % codes.length], scanned_at: new Date().toISOString() }),
          }),
        };
      },
    },
  ];
  const slice = Math.max(1, Math.round(seconds / rounds));
  const healthzParts: LoadFigures[] = [];
  const calls: CustomerCall[] = [];
  for (const { name, request } of requests) {
    // Unmeasured: the first answer of each customer is computed, later ones are kept (until a write).
    await load(url, request(), slice);
    const callParts: LoadFigures[] = [];
    const pairedHealthz: LoadFigures[] = [];
    let cpu = { server: 0, database: 0 };
    for (let round = 0; round < rounds; round += 1) {
      pairedHealthz.push(await load(url, { method: 'GET', path: '/healthz' }, slice));
      const before = await meter?.();
      callParts.push(await load(url, request(), slice));
      const after = await meter?.();
      if (before && after)
        cpu = { server: cpu.server + after.server - before.server, database: cpu.database + after.database - before.database };
    }
    healthzParts.push(...pairedHealthz);
    const figures = merged(callParts);
    const answered = callParts.reduce((total, part) => total + part.requestsPerSecond * slice, 0);
    calls.push({
      name,
      figures,
      ratioToHealthz: Number((figures.requestsPerSecond / merged(pairedHealthz).requestsPerSecond).toFixed(3)),
      cpuMsPerCall: meter && answered > 0 ? { server: round(cpu.server / answered, 3), database: round(cpu.database / answered, 3) } : null,
    });
  }
  return { healthz: merged(healthzParts), calls };
}

function customerGet(pathAndQuery: string, customers: number): autocannon.Request {
  const authorization = inTurn(customers);
  return {
    method: 'GET',
    path: pathAndQuery,
    setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: authorization() } }),
  };
}

async function listCalls(url: string, log: (line: string) => void): Promise<ListCall[]> {
  const agent = keepAliveAgent(1);
  const headers = { 'x-ops-key': operatorKey, 'accept-encoding': 'identity' };
  const calls: ListCall[] = [];
  for (const list of listPaths) {
    const times: number[] = [];
    let rows = 0;
    let nextCursor = false;
    let failures = 0;
    for (let run = 0; run < listRuns + 3; run += 1) {
      const first = await timedCall(agent, `${url}${list.path}`, { headers });
      if (first.kind !== 'answer' || first.answer.status !== 200) {
        failures += 1;
        continue;
      }
      const body = JSON.parse(first.answer.body.toString('utf8')) as {
        data: unknown[];
        meta?: { next_cursor?: string | null };
        next_cursor?: string | null;
      };
      const cursor = body.meta?.next_cursor ?? body.next_cursor ?? null;
      rows = body.data.length;
      nextCursor = cursor !== null;
      if (run >= 3) times.push(first.answer.ms);
      if (cursor) {
        const separator = list.path.includes('?') ? '&' : '?';
        const second = await timedCall(agent, `${url}${list.path}${separator}cursor=${encodeURIComponent(cursor)}`, { headers });
        if (second.kind !== 'answer' || second.answer.status !== 200) failures += 1;
        else if (run >= 3) times.push(second.answer.ms);
      }
    }
    calls.push({ name: list.name, path: list.path, latency: latencyOf(times), rows, nextCursor, failures });
    log(`  ${list.name}: p99 ${calls.at(-1)?.latency.p99Ms} ms, ${failures} failed`);
  }
  agent.destroy();
  return calls;
}

const checkinBatches = 32;
const codesPerCheckin = 10;

/** Pending scans no open claim holds (a claim keeps its container from being credited), for the check-ins. */
async function pendingCodes(db: Database): Promise<string[]> {
  const rows = rowsOf<{ code: string }>(
    // The fill's own pending scans (codes S<customer>-<k>), one customer each: a database measured
    // again (--measure) also holds the pending scans of the last run's POST /scans, a few customers'
    // hundreds, and 32 check-ins of those wait on each other's customer (p99 1.4 s instead of 88 ms).
    await db.execute(sql`select s.container_code as code from scans s
      where s.status = 'PENDING' and s.container_code like 'S%-%' and not exists (select 1 from scan_claims c where c.container_code = s.container_code and c.status = 'OPEN')
      order by s.container_code limit ${checkinBatches * codesPerCheckin}`),
  );
  return rows.map((row) => row.code);
}

async function parallelCheckins(url: string, codes: string[]): Promise<ScaleSize['checkins']> {
  // A tiny fill has fewer pending scans than 32 × 10: fewer codes each, then fewer batches.
  const batches = Math.min(checkinBatches, codes.length);
  const codesEach = Math.min(codesPerCheckin, Math.floor(codes.length / Math.max(1, batches)));
  const agent = keepAliveAgent(batches);
  const outcomes = await Promise.all(
    Array.from({ length: batches }, (_, batch) =>
      timedCall(agent, `${url}/api/v2/ops/checkins`, {
        method: 'POST',
        headers: { 'x-ops-key': operatorKey, 'content-type': 'application/json' },
        body: JSON.stringify({ codes: codes.slice(batch * codesEach, (batch + 1) * codesEach) }),
        timeoutMs: 30_000,
      }),
    ),
  );
  agent.destroy();
  const answered = outcomes.flatMap((outcome) => (outcome.kind === 'answer' && outcome.answer.status === 200 ? [outcome.answer.ms] : []));
  return { batches, codesEach, latency: latencyOf(answered), failures: batches - answered.length };
}

/** What each list's code sends, explained with ANALYZE and BUFFERS on the filled database. */
async function explainLists(url: string): Promise<{ list: string; plans: string[] }[]> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const seen: { query: string; params: unknown[] }[] = [];
  const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => seen.push({ query, params }) } }) satisfies Database;
  const lists: { list: string; run: () => Promise<unknown> }[] = [
    { list: 'payouts', run: async () => [await listPendingPayouts(db, { limit: 50 }), await pendingPayoutTotals(db)] },
    { list: 'disputes (open)', run: async () => [await listDisputes(db, { limit: 50 }), await disputeTotals(db)] },
    { list: 'claims (open)', run: async () => [await listClaims(db, { limit: 50 }), await claimTotals(db)] },
    { list: 'approvals', run: () => listApprovals(db, { status: 'PENDING', limit: 50 }) },
    { list: 'audit', run: () => auditPage(db, { limit: 100 }) },
    { list: 'operators', run: () => listOperators(db) },
    { list: 'automation tokens', run: () => listAutomationTokens(db) },
    {
      list: 'data requests (open)',
      run: async () => [
        await listDataRequests(db, { includeClosed: false, now: new Date() }),
        await dataRequestTotals(db, { includeClosed: false, now: new Date() }),
      ],
    },
    { list: 'unscanned codes', run: () => unscannedContainers(db, { limit: 51 }) },
  ];
  const explained: { list: string; plans: string[] }[] = [];
  const client = await pool.connect();
  try {
    for (const { list, run } of lists) {
      seen.length = 0;
      await run();
      const statements = [...seen];
      const plans: string[] = [];
      for (const statement of statements) {
        const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.query}`, statement.params);
        plans.push(`${statement.query}\n\n${result.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      }
      explained.push({ list, plans });
    }
  } finally {
    client.release();
    await pool.end();
  }
  return explained;
}

async function rowCounts(db: Database): Promise<{ bytes: number; rows: Record<string, number> }> {
  const tables = [
    'users',
    'scans',
    'ledger_entries',
    'history_rows',
    'withdrawals',
    'disputes',
    'scan_claims',
    'audit_entries',
    'operators',
    'dsar_requests',
  ];
  const rows: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: string | number }>(await db.execute(sql.raw(`select count(*) as n from ${table}`)));
    rows[table] = Number(row?.n ?? 0);
  }
  const [size] = rowsOf<{ bytes: string | number }>(await db.execute(sql`select pg_database_size(current_database()) as bytes`));
  return { bytes: Number(size?.bytes ?? 0), rows };
}

/** A size filled and waiting to be measured: its scratch database and what the measure needs of it. */
export interface FilledSize {
  customers: number;
  scratch: ScratchDatabase;
  fillSeconds: number;
  counts: { bytes: number; rows: Record<string, number> };
  codes: string[];
  toCheckIn: string[];
}

/** What the measure needs of a filled database: codes to scan, pending codes to check in, its size. */
async function readyToMeasure(db: Database): Promise<Pick<FilledSize, 'codes' | 'toCheckIn' | 'counts'>> {
  return { codes: await issueCodesToScan(db, 20_000), toCheckIn: await pendingCodes(db), counts: await rowCounts(db) };
}

/** One size's scratch database, filled in SQL (dropped again if the fill fails). */
export async function fillScaleSize(adminUrl: string, customers: number, log: (line: string) => void): Promise<FilledSize> {
  const scratch = await createScratchDatabase(adminUrl, 'roundtrip_scale');
  try {
    const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
    try {
      log(`scale ${customers.toLocaleString('en')}: filling ${scratch.name}`);
      const fill = await fillScale(handle.db, customers, log);
      const ready = await readyToMeasure(handle.db);
      log(`scale ${customers.toLocaleString('en')}: filled in ${fill.seconds} s, ${Math.round(ready.counts.bytes / 2 ** 20)} MB`);
      return { customers, scratch, fillSeconds: fill.seconds, ...ready };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

/**
 * A size an earlier run filled and left behind (stopped part-way once the machine's time ran out:
 * its chunks are whole, each a transaction): its size is the customers it holds, and the operators'
 * work is written for them if the fill had not reached that step. Its fill time is the span of its
 * customers' chunks.
 */
export async function reuseScaleSize(adminUrl: string, name: string, log: (line: string) => void): Promise<FilledSize> {
  const scratch = scratchDatabaseNamed(adminUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
  try {
    const customers = await filledCustomers(handle.db);
    if (customers === 0) throw new Error(`${name} holds no customers of the scale fill`);
    let fillSeconds = await customerFillSeconds(handle.db);
    if (!(await hasOperatorWork(handle.db))) {
      log(`scale ${customers.toLocaleString('en')}: ${name} stopped before the operators' work; writing it`);
      fillSeconds += (await fillScale(handle.db, customers, log)).seconds;
    }
    const ready = await readyToMeasure(handle.db);
    log(`scale ${customers.toLocaleString('en')}: ${name} as it stands, ${Math.round(ready.counts.bytes / 2 ** 20)} MB`);
    return { customers, scratch, fillSeconds, ...ready };
  } finally {
    await handle.close();
  }
}

/**
 * One filled size measured through the server; its database is the caller's to drop. The sizes are
 * filled first and measured one after the other, so that the figures compared come from the same
 * minutes of the machine (a million customers take most of an hour to fill).
 */
export async function measureScaleSize(
  filled: FilledSize,
  options: { seconds: number; explain: boolean; log: (line: string) => void },
): Promise<ScaleSize> {
  const { customers, scratch, codes, toCheckIn, counts } = filled;
  const { log } = options;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-scale-'));
  try {
    const server = await startServer(
      'src/server/main.ts',
      {
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        // One payment-data key for every measurement: the first server on a database records the key
        // it started with, and a kept database (--keep, --measure) refuses any other.
        PAYMENT_DATA_KEY: scalePaymentDataKey,
        STATIC_DIR: path.join(dataDir, 'no-build'),
        OPS_KEY: operatorKey,
        // The measured programme is the fill's customers. The demo accounts' seeding looks for an unscanned
        // code per market through every container (2 s a market at 150,000 customers, past the minute a
        // start had at 1,000,000).
        SEED_DEMO: 'false',
        // Check-ins of codes issued today wait for a second operator under approval limits: measured here is the check-in itself.
        APPROVAL_LIMITS: '{}',
        MAX_PENDING_SCANS: '100000000',
        RATE_LIMITS: JSON.stringify({ scansPerUser: { points: 100_000_000, windowSeconds: 60 } }),
      },
      '/readyz',
      18_095,
      // A server's start on a large database is not what is measured; it is given more than the default minute.
      { timeoutMs: 900_000 },
    );
    try {
      log(`scale ${customers.toLocaleString('en')}: /healthz and the customer calls`);
      const { healthz, calls } = await customerCalls(server.url, customers, codes, options.seconds, cpuMeter(server.pid, scratch.url));
      for (const call of calls)
        log(
          `  ${call.name}: ${call.figures.requestsPerSecond}/s, ${call.ratioToHealthz} of /healthz (${healthz.requestsPerSecond}/s), CPU ms/call ${JSON.stringify(call.cpuMsPerCall)}`,
        );
      log(`scale ${customers.toLocaleString('en')}: operator lists`);
      const lists = process.env.BENCH_SCALE_SKIP_LISTS ? [] : await listCalls(server.url, log);
      log(`scale ${customers.toLocaleString('en')}: ${checkinBatches} check-ins at once`);
      const checkins = await parallelCheckins(server.url, toCheckIn);
      log(`  check-ins: p99 ${checkins.latency.p99Ms} ms, ${checkins.failures} failed`);
      const explains = options.explain ? await explainLists(scratch.url) : undefined;
      return {
        customers,
        fillSeconds: filled.fillSeconds,
        databaseBytes: counts.bytes,
        rows: counts.rows,
        healthz,
        customerCalls: calls,
        lists,
        checkins,
        ...(explains ? { explains } : {}),
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export { perCustomer };
