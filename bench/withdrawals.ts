import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../scripts/server-process';

/**
 * POST /api/v2/withdrawals per second on PostgreSQL: 50 connections, a new
 * Idempotency-Key on every request, 5.00 USD each against balances that never run out.
 *
 * Two cases: 50 customers (requests spread over their balance rows, the common case) and one
 * customer (every request queues on the same balance row lock: the worst case of the locking).
 * The server runs in its own process on a fresh database created on the PostgreSQL server of
 * BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test, dropped after.
 */

export interface WithdrawalCase {
  name: string;
  customers: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests answered 201 (each one a withdrawal). */
  accepted: number;
  non2xx: number;
  /** After the run: withdrawals in the database == accepted, and no balance below zero. */
  withdrawalsInDatabase: number;
  negativeBalances: number;
}

export interface WithdrawalBench {
  database: 'postgres';
  connections: number;
  seconds: number;
  cases: WithdrawalCase[];
}

const connections = 50;
const opsKey = 'bench-operator-key-0123456789';
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
    headers: { 'x-ops-key': opsKey },
    body: { id: randomUUID(), email, amount: '9000000.00', comment: 'Bench credit' },
  });
  return { token: tokens.access_token, email };
}

async function load(baseUrl: string, customers: Customer[], seconds: number) {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
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
      },
    ],
  });
  const accepted = result.statusCodeStats?.['201']?.count ?? 0;
  return { result, accepted };
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
      OPS_KEY: opsKey,
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
      const before = await database.query<{ count: string }>(
        'select count(*) from withdrawals w join users u on u.id = w.user_id where u.email = any($1)',
        [emails],
      );
      const { result, accepted } = await load(server.url, group.customers, seconds);
      const after = await database.query<{ count: string }>(
        'select count(*) from withdrawals w join users u on u.id = w.user_id where u.email = any($1)',
        [emails],
      );
      const negative = await database.query<{ count: string }>('select count(*) from balances where balance_minor < 0');
      cases.push({
        name: group.name,
        customers: group.customers.length,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        accepted,
        non2xx: result.non2xx,
        withdrawalsInDatabase: Number(after.rows[0]!.count) - Number(before.rows[0]!.count),
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
          `${entry.name}: ${entry.requestsPerSecond} withdrawals/s, p50 ${entry.p50Ms} ms, p99 ${entry.p99Ms} ms, ${entry.accepted} accepted = ${entry.withdrawalsInDatabase} in the database, ${entry.non2xx} non-2xx, ${entry.negativeBalances} negative balances\n`,
        );
      }
    })
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    });
}
