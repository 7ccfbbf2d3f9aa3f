import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../scripts/server-process';
import { loadFigures, type LoadFigures } from './api';

/**
 * POST /api/v2/withdrawals per second on PostgreSQL: 50 connections, a new
 * Idempotency-Key on every request, 5.00 USD each against balances that never run out.
 *
 * After each case the database's new withdrawals are compared with the accepted answers, one by one.
 *
 * Two cases: 50 customers (requests spread over their balance rows, the common case) and one
 * customer (every request queues on the same balance row lock: the worst case of the locking).
 * The server runs in its own process on a fresh database created on the PostgreSQL server of
 * BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test, dropped after.
 */

export interface WithdrawalCase extends LoadFigures {
  name: string;
  customers: number;
  /** Requests answered 201 (each one a withdrawal). */
  accepted: number;
  /** Withdrawals the run left in the database. */
  withdrawalsInDatabase: number;
  /** Accepted answers whose withdrawal is not in the database: any one fails `--check`. */
  acceptedNotInDatabase: number;
  /**
   * Withdrawals in the database that no answer accepted: requests still open when the load
   * stopped (autocannon drops them unanswered, the server commits them). At most one per
   * connection; more fails `--check`.
   */
  unansweredInDatabase: number;
  negativeBalances: number;
}

export interface WithdrawalBench {
  database: 'postgres';
  connections: number;
  seconds: number;
  cases: WithdrawalCase[];
}

const connections = 50;
const operatorKey = 'bench-operator-key-0123456789';
const password = 'bench password 1';

interface Customer {
  token: string;
  email: string;
}

async function call(url: string, init: { method: string; body?: unknown; headers?: Record<string, string> }) {
  const response = await fetch(url, {
    method: init.method,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** A verified customer with PayPal on file and a large balance. Each comes from its own address (X-Forwarded-For, TRUST_PROXY) so sign-up limits per address do not apply. */
async function makeCustomer(baseUrl: string, database: pg.Client, index: number): Promise<Customer> {
  const email = `bench.${index}.${randomBytes(4).toString('hex')}@example.com`;
  const address = { 'x-forwarded-for': `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}` };
  await call(`${baseUrl}/api/v2/user`, {
    method: 'POST',
    headers: address,
    body: { email, password, name: 'Bench Customer', country_code: 'us', locale: 'en-US', zip_code: '97205', terms_accepted: true },
  });
  await database.query('update users set email_verified_at = now() where email = $1', [email]);
  const tokens = (await call(`${baseUrl}/api/v2/oauth/token`, {
    method: 'POST',
    headers: address,
    body: { grant_type: 'password', client_id: 'bench', country_code: 'us', email, password },
  })) as { access_token: string };
  const auth = { authorization: `Bearer ${tokens.access_token}` };
  await call(`${baseUrl}/api/v2/payment_methods/PAYPAL`, { method: 'POST', headers: auth, body: { email: `payee.${index}@example.com` } });
  await call(`${baseUrl}/api/v2/ops/adjustments`, {
    method: 'POST',
    headers: { 'x-ops-key': operatorKey },
    body: { id: randomUUID(), email, amount: '9000000.00', comment: 'Bench credit' },
  });
  return { token: tokens.access_token, email };
}

/** The withdrawal id of a 201 answer's `{ data: { id } }`. */
function withdrawalIdOf(body: string): string | undefined {
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed !== 'object' || parsed === null || !('data' in parsed)) return undefined;
  const { data } = parsed;
  return typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'string' ? data.id : undefined;
}

async function load(baseUrl: string, customers: Customer[], seconds: number) {
  let next = 0;
  const acceptedIds = new Set<string>();
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    excludeErrorStats: true,
    requests: [
      {
        method: 'POST',
        path: '/api/v2/withdrawals',
        setupRequest: (request) => {
          const customer = customers[next++ % customers.length]!;
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}`, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ amount: '5.00' }),
          };
        },
        onResponse: (status, body) => {
          const id = status === 201 ? withdrawalIdOf(body) : undefined;
          if (id) acceptedIds.add(id);
        },
      },
    ],
  });
  return { result, acceptedIds };
}

export async function benchWithdrawals(options: { seconds?: number; adminUrl?: string } = {}): Promise<WithdrawalBench> {
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const adminUrl =
    options.adminUrl ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `roundtrip_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-bench-withdrawals-'));
  const server = await startServer(
    'src/server/main.ts',
    {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-build'),
      SEED_DEMO: 'false',
      OPS_KEY: operatorKey,
      // Set-up credits of millions: no second operator in a bench.
      APPROVAL_LIMITS: '{}',
      TRUST_PROXY: 'true',
    },
    '/readyz',
    18_095,
  );
  const database = new pg.Client({ connectionString: url.toString() });
  await database.connect();
  const cases: WithdrawalCase[] = [];
  try {
    const customers: Customer[] = [];
    for (let index = 0; index < 50; index += 1) customers.push(await makeCustomer(server.url, database, index));
    for (const group of [
      { name: '50 customers, one request each in turn', customers },
      { name: 'one customer (every request on one balance row)', customers: customers.slice(0, 1) },
    ]) {
      const emails = group.customers.map((customer) => customer.email);
      const idsInDatabase = async () =>
        new Set(
          (
            await database.query<{ id: string }>(
              'select w.id from withdrawals w join users u on u.id = w.user_id where u.email = any($1)',
              [emails],
            )
          ).rows.map((row) => row.id),
        );
      const before = await idsInDatabase();
      const { result, acceptedIds } = await load(server.url, group.customers, seconds);
      // The requests cut off at the end may still be committing.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const made = new Set([...(await idsInDatabase())].filter((id) => !before.has(id)));
      const negative = await database.query<{ count: string }>('select count(*) from balances where balance_minor < 0');
      cases.push({
        name: group.name,
        customers: group.customers.length,
        ...loadFigures(result),
        accepted: acceptedIds.size,
        withdrawalsInDatabase: made.size,
        acceptedNotInDatabase: [...acceptedIds].filter((id) => !made.has(id)).length,
        unansweredInDatabase: [...made].filter((id) => !acceptedIds.has(id)).length,
        negativeBalances: Number(negative.rows[0]!.count),
      });
    }
  } finally {
    await database.end();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  }
  return { database: 'postgres', connections, seconds, cases };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchWithdrawals()
    .then((figures) => {
      process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
      for (const entry of figures.cases) {
        process.stdout.write(
          `${entry.name}: ${entry.requestsPerSecond} withdrawals/s, p50 ${entry.p50Ms} ms, p99 ${entry.p99Ms} ms, ${entry.accepted} accepted, ${entry.withdrawalsInDatabase} in the database (${entry.acceptedNotInDatabase} accepted but missing, ${entry.unansweredInDatabase} never answered), ${entry.non2xx} non-2xx, ${entry.errors} errors, ${entry.timeouts} timeouts, ${entry.negativeBalances} negative balances\n`,
        );
      }
    })
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    });
}
