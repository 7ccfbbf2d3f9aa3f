/**
 * npm run soak: one server on PostgreSQL with Redis, 60 s of mixed customer traffic at a steady
 * rate (SOAK_SECONDS, SOAK_RATE per second), Redis restarted a third of the way in and every
 * PostgreSQL connection of the server dropped two thirds of the way in. It prints requests,
 * answers by class, p50/p99, the server's memory at start and end, and checks that every
 * balance equals the sum of its ledger entries. Exits non-zero on a 5xx, a network error or a
 * balance that does not add up. Not part of npm test.
 *
 * Phone notifications ride along: every customer but one subscribes to a push service on a local
 * port (the test push service, which checks the VAPID token and decrypts what a phone would
 * show), and that one customer holds 300 addresses of a listener that accepts connections and never
 * answers (299 of them written straight to the table, as an older server without the cap of 10
 * let them in). The soak fails when another customer's first news took more than 15 s to reach
 * their push service, or never did: one account's dead addresses must cost only its own pushes.
 *
 * Needs SOAK_DATABASE_URL or TEST_DATABASE_URL (a server where it may create and drop a
 * database) and redis-server on the PATH (it runs its own, on a port of its own).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { createScratchDatabase } from '../src/server/testing/databases';
import { startTestPushService } from '../src/server/testing/push-service';
import { seedCatalogue } from '../src/server/modules/wallet/catalogue';
import { issueContainers } from '../src/server/modules/wallet/operator-actions';
import { testActor } from '../src/server/testing/actor';

const seconds = Number(process.env.SOAK_SECONDS ?? 60);
const ratePerSecond = Number(process.env.SOAK_RATE ?? 40);
const adminUrl = process.env.SOAK_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = Number(process.env.SOAK_PORT ?? 18_316);
const redisPort = Number(process.env.SOAK_REDIS_PORT ?? 16_391);
const operatorKey = `soak-ops-key-${randomBytes(8).toString('hex')}`;
const password = 'soak test passphrase';
const customerCount = 20;
const deadPushAddresses = Number(process.env.SOAK_DEAD_PUSH_ADDRESSES ?? 300);
/** The longest another customer's first news may take to reach their phone. */
const pushGoalSeconds = 15;

interface Customer {
  email: string;
  access: string;
  refresh: string;
  refreshing: boolean;
  scanned: string[];
  userId: string;
  /** The test push service's name for this customer's subscription (none for the stalled customer). */
  pushName?: string;
}

interface Sample {
  kind: string;
  status: number;
  ms: number;
  atSecond: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!);
}

async function startRedis(): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], {
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await sleep(100);
    try {
      const socket = await import('node:net').then((net) => net.createConnection({ port: redisPort, host: '127.0.0.1' }));
      await once(socket, 'connect');
      socket.destroy();
      return child;
    } catch {
      // not listening yet
    }
  }
  throw new Error('redis-server did not start');
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** A "push service" that takes every connection and never answers: the dead addresses. */
async function startSilentListener(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the silent listener has no port');
  return {
    port: address.port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function api(url: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function main() {
  const scratch = await createScratchDatabase(adminUrl, 'roundtrip_soak');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-soak-'));
  let redis = await startRedis();
  const push = await startTestPushService();
  const silent = await startSilentListener();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: scratch.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-build'),
      PUBLIC_URL: base,
      SEED_DEMO: 'false',
      OPS_KEY: operatorKey,
      // Set-up credits above the approval limit: no second operator in a soak.
      APPROVAL_LIMITS: '{}',
      LOG_LEVEL: 'warn',
      // Many customers share one address here; the per-customer scan limit is what real phones meet.
      RATE_LIMITS: JSON.stringify({
        loginPerAddress: { points: 100_000, windowSeconds: 60 },
        signUpsPerAddress: { points: 100_000, windowSeconds: 60 },
      }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const serverLog: string[] = [];
  for (const stream of [server.stdout, server.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => serverLog.push(...chunk.split('\n').filter((line) => line.trim() !== '')));
  }

  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  try {
    for (let attempt = 0; ; attempt += 1) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${serverLog.join('\n')}`);
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (attempt > 300) throw new Error('the server did not become ready');
      await sleep(200);
    }
    await seedCatalogue(database.db);
    const codes = await issueContainers(
      database.db,
      testActor,
      'us-oat-milk-1l',
      Math.ceil(seconds * ratePerSecond * 0.3) + 100,
      new Date(),
    );

    const customers: Customer[] = [];
    for (let index = 0; index < customerCount; index += 1) {
      const email = `soak.${index}.${randomBytes(3).toString('hex')}@example.com`;
      const signUp = await api(`${base}/api/v2/user`, {
        method: 'POST',
        body: { email, password, name: `Soak ${index}`, country_code: 'us', locale: 'en-US', zip_code: '97205', terms_accepted: true },
      });
      if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${JSON.stringify(signUp.body)}`);
      await database.db.execute(sql`update users set email_verified_at = now() where email = ${email}`);
      const tokens = await api(`${base}/api/v2/oauth/token`, { method: 'POST', body: { grant_type: 'password', email, password } });
      const pair = tokens.body as { access_token: string; refresh_token: string };
      const [registered] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!registered) throw new Error(`no user row for ${email}`);
      const stalled = index === 0;
      const subscription = push.subscribe(`customer-${index}`).json;
      const subscribed = await api(`${base}/api/v2/user/push_subscriptions`, {
        method: 'POST',
        token: pair.access_token,
        body: stalled ? { ...subscription, endpoint: `http://127.0.0.1:${silent.port}/dead/0` } : subscription,
      });
      if (subscribed.status !== 201) throw new Error(`push subscription: ${subscribed.status} ${JSON.stringify(subscribed.body)}`);
      if (stalled) {
        await database.db.execute(sql`
          insert into push_subscriptions (user_id, session_family_id, endpoint, p256dh, auth)
          select user_id, session_family_id, ${`http://127.0.0.1:${silent.port}/dead/`} || n, p256dh, auth
          from push_subscriptions, generate_series(1, ${deadPushAddresses - 1}) as n
          where user_id = ${registered.id}`);
      }
      const credit = await api(`${base}/api/v2/ops/adjustments`, {
        method: 'POST',
        headers: { 'x-ops-key': operatorKey },
        body: { id: randomUUID(), email, amount: '100.00', comment: 'Soak credit' },
      });
      if (credit.status !== 201) throw new Error(`credit: ${credit.status}`);
      const method = await api(`${base}/api/v2/payment_methods/PAYPAL`, {
        method: 'POST',
        token: pair.access_token,
        body: { email: `payee.${index}@example.com` },
      });
      if (method.status !== 200) throw new Error(`payment method: ${method.status} ${JSON.stringify(method.body)}`);
      customers.push({
        email,
        access: pair.access_token,
        refresh: pair.refresh_token,
        refreshing: false,
        scanned: [],
        userId: registered.id,
        ...(index === 0 ? {} : { pushName: `customer-${index}` }),
      });
    }

    const samples: Sample[] = [];
    const networkErrors: string[] = [];
    const events: string[] = [];
    const memoryStart = rssMiB(server.pid!);
    const started = performance.now();
    let codeIndex = 0;
    let inFlight = 0;
    const pick = () => customers[Math.floor(Math.random() * customers.length)]!;

    const fire = async (kind: string, run: () => Promise<{ status: number }>) => {
      inFlight += 1;
      const at = performance.now();
      try {
        const { status } = await run();
        samples.push({ kind, status, ms: performance.now() - at, atSecond: Math.floor((at - started) / 1000) });
      } catch (error) {
        networkErrors.push(`${kind} at ${((at - started) / 1000).toFixed(1)} s: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        inFlight -= 1;
      }
    };

    const oneRequest = () => {
      const roll = Math.random();
      const customer = pick();
      if (roll < 0.3) return fire('GET /user', () => api(`${base}/api/v2/user`, { token: customer.access }));
      if (roll < 0.5) return fire('GET /user/balance', () => api(`${base}/api/v2/user/balance`, { token: customer.access }));
      if (roll < 0.6) return fire('GET /merged_transactions', () => api(`${base}/api/v2/merged_transactions`, { token: customer.access }));
      if (roll < 0.8) {
        const code = codes[codeIndex++ % codes.length]!;
        return fire('POST /scans', async () => {
          const answer = await api(`${base}/api/v2/scans`, {
            method: 'POST',
            token: customer.access,
            body: { id: randomUUID(), code, scanned_at: new Date().toISOString() },
          });
          if (answer.status === 201) customer.scanned.push(code);
          return answer;
        });
      }
      if (roll < 0.85) {
        return fire('POST /withdrawals', () =>
          api(`${base}/api/v2/withdrawals`, {
            method: 'POST',
            token: customer.access,
            headers: { 'idempotency-key': randomUUID() },
            body: { amount: '5.00' },
          }),
        );
      }
      if (roll < 0.9) {
        if (customer.refreshing) return fire('GET /user', () => api(`${base}/api/v2/user`, { token: customer.access }));
        customer.refreshing = true;
        return fire('POST /oauth/token (refresh)', async () => {
          try {
            const answer = await api(`${base}/api/v2/oauth/token`, {
              method: 'POST',
              body: { grant_type: 'refresh_token', refresh_token: customer.refresh },
            });
            if (answer.status === 200) {
              const pair = answer.body as { access_token: string; refresh_token: string };
              customer.access = pair.access_token;
              customer.refresh = pair.refresh_token;
            }
            return answer;
          } finally {
            customer.refreshing = false;
          }
        });
      }
      const batch = customer.scanned.splice(0, 5);
      return fire('POST /ops/checkins', () =>
        api(`${base}/api/v2/ops/checkins`, {
          method: 'POST',
          headers: { 'x-ops-key': operatorKey },
          body: { codes: batch.length ? batch : [codes[0]] },
        }),
      );
    };

    const disruptions = (async () => {
      await sleep((seconds / 3) * 1000);
      events.push(`${((performance.now() - started) / 1000).toFixed(1)} s: Redis stopped`);
      await stopProcess(redis);
      await sleep(3000);
      redis = await startRedis();
      events.push(`${((performance.now() - started) / 1000).toFixed(1)} s: Redis started again`);
      await sleep((seconds / 3) * 1000 - 3000);
      const dropped = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and application_name <> 'soak-check'`,
        [scratch.name],
      );
      events.push(`${((performance.now() - started) / 1000).toFixed(1)} s: ${dropped.rowCount} PostgreSQL connections dropped`);
    })();

    const interval = 1000 / ratePerSecond;
    let next = performance.now();
    const pending: Promise<void>[] = [];
    while (performance.now() - started < seconds * 1000) {
      // A steady rate: a slow answer does not slow the next request down (at most 200 at once).
      if (inFlight < 200) pending.push(oneRequest());
      next += interval;
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
    }
    await Promise.all(pending);
    await disruptions;
    const memoryEnd = rssMiB(server.pid!);

    // The checks' own connection, which the dropped-connections disruption leaves alone.
    const check = new pg.Client({ connectionString: scratch.url, application_name: 'soak-check' });
    await check.connect();

    // Phone notifications: each other customer's first news reached their push service within the goal.
    const subscribed = customers.filter((customer) => customer.pushName !== undefined);
    const firstNewsOf = async () =>
      new Map(
        (
          await check.query<{ user_id: string; first: Date }>(
            'select user_id, min(created_at) as first from customer_news group by user_id',
          )
        ).rows.map((row) => [row.user_id, row.first.getTime()]),
      );
    const firstPushOf = (customer: Customer) => push.received.find((message) => message.subscription === customer.pushName)?.receivedAt;
    const waitUntil = performance.now() + (pushGoalSeconds + 5) * 1000;
    let newsAt = await firstNewsOf();
    while (performance.now() < waitUntil && subscribed.some((customer) => newsAt.has(customer.userId) && !firstPushOf(customer))) {
      await sleep(500);
      newsAt = await firstNewsOf();
    }
    /** Per other customer: ms from their first news to its push. */
    const delays: number[] = [];
    const notReached: string[] = [];
    for (const customer of subscribed) {
      const newsTime = newsAt.get(customer.userId);
      if (newsTime === undefined) continue;
      const pushTime = firstPushOf(customer);
      if (pushTime === undefined) notReached.push(customer.email);
      else delays.push(Math.max(0, pushTime - newsTime));
    }
    const stalledUser = customers[0]!;

    // Every balance is the sum of its ledger entries, and none is below zero.
    const ledger = await check.query<{ users: string; mismatched: string; negative: string; entries: string }>(`
      select count(*) as users,
             count(*) filter (where b.balance_minor <> coalesce(l.total, 0)) as mismatched,
             count(*) filter (where b.balance_minor < 0) as negative,
             coalesce(sum(l.entries), 0) as entries
      from balances b left join (select user_id, sum(amount_minor) as total, count(*) as entries from ledger_entries group by user_id) l on l.user_id = b.user_id`);
    await check.end();

    const byClass = (low: number, high: number) => samples.filter((sample) => sample.status >= low && sample.status < high).length;
    const statusCounts: Record<string, number> = {};
    for (const sample of samples)
      statusCounts[`${sample.kind} ${sample.status}`] = (statusCounts[`${sample.kind} ${sample.status}`] ?? 0) + 1;
    const latencies = samples.map((sample) => sample.ms);
    const row = ledger.rows[0]!;
    const result = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      seconds,
      ratePerSecond,
      requests: samples.length + networkErrors.length,
      answers: { '2xx': byClass(200, 300), '4xx': byClass(400, 500), '5xx': byClass(500, 600), networkErrors: networkErrors.length },
      latencyMs: { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: Math.round(Math.max(0, ...latencies)) },
      memoryMiB: { start: memoryStart, end: memoryEnd },
      ledger: {
        balances: Number(row.users),
        entries: Number(row.entries),
        mismatched: Number(row.mismatched),
        negative: Number(row.negative),
      },
      events,
      // The log lines about the disruptions, one of each (the JSON log keeps its message only).
      serverLog: [
        ...new Set(
          serverLog.filter((line) => /Redis|PostgreSQL|unhandled/.test(line)).map((line) => /"msg":"([^"]*)"/.exec(line)?.[1] ?? line),
        ),
      ],
      push: {
        goalSeconds: pushGoalSeconds,
        stalledCustomer: { email: stalledUser.email, deadAddresses: deadPushAddresses, connectionsToDeadAddresses: silent.connections() },
        otherCustomersWithNews: delays.length + notReached.length,
        reachedWithinGoal: delays.filter((delay) => delay <= pushGoalSeconds * 1000).length,
        notReached,
        firstPushMs: { p50: percentile(delays, 0.5), max: Math.round(Math.max(0, ...delays)) },
        pushesReceived: push.received.length,
        refusedByPushService: push.refused.slice(0, 10),
      },
      statusCounts,
      networkErrors: networkErrors.slice(0, 10),
      fiveHundreds: samples.filter((sample) => sample.status >= 500).slice(0, 10),
    };
    const resultsDir = path.join('bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `soak-${result.date.slice(0, 19).replace(/[:]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n\nwritten to ${file}\n`);
    const pushFailed =
      notReached.length > 0 || delays.some((delay) => delay > pushGoalSeconds * 1000) || push.refused.length > 0 || delays.length === 0;
    const failed =
      result.answers['5xx'] > 0 || networkErrors.length > 0 || result.ledger.mismatched > 0 || result.ledger.negative > 0 || pushFailed;
    process.exitCode = failed ? 1 : 0;
  } finally {
    await database.close();
    await stopProcess(server);
    await stopProcess(redis);
    await push.close();
    await silent.close();
    await admin.end();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
