import { randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/client';
import { demoCustomer, signIn } from './browser';
import { startServer } from '../scripts/server-process';
import { freshDatabase } from './databases';
import { issueCodesToScan, seedLongHistory } from './seed-history';

export interface LoadFigures {
  /** 2xx answers a second: a refusal or a failure is not work done. */
  requestsPerSecond: number;
  /** Latency of the 2xx answers. */
  p50Ms: number;
  p99Ms: number;
  /** Counted apart, never in the figures above: any one fails `--check`. */
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface ApiCase {
  name: string;
  database: 'pglite' | 'postgres' | 'none';
  /** 32, or 1 for the one-client-at-a-time latency of a call. */
  connections: number;
  figures: LoadFigures;
  /** requests/s of this case over the bare Fastify route's. */
  ratioToBaseline: number | null;
  /** requests/s of this case over the same server's /healthz, measured just before it (same process, same run). */
  ratioToHealthz: number | null;
}

/** A shop's drop-off queue, or a phone's start with its handful of calls times many customers. */
const connections = 32;
/** Enough never-scanned codes that every POST /scans of a run records a new scan. */
const codesToScan = 40_000;

type Request = {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  setupRequest?: (request: { body?: string }) => { body?: string };
};

/**
 * One client sends the call for a second before each load, and that second is not counted. A
 * server's first calls of a path are slow (its code not yet compiled, the database's plans and
 * trigger functions not yet cached), and in a run of POST /scans the first burst of 32 was more
 * than 1 % of the calls, so it alone set the p99 (figures: bench/results/history.md, 2026-11-30
 * 18:35). One client, so that the warm-up leaves at most one call in the server's queue when the
 * load starts.
 */
const warmUpSeconds = 1;

async function load(baseUrl: string, request: Request, seconds: number, clients = connections): Promise<LoadFigures> {
  const run = (runClients: number, duration: number) =>
    autocannon({
      url: baseUrl,
      connections: runClients,
      duration,
      excludeErrorStats: true,
      // Keys left undefined make autocannon's workers hang: set only the ones this request has.
      requests: [
        {
          method: request.method ?? 'GET',
          path: request.path,
          ...(request.headers ? { headers: request.headers } : {}),
          ...(request.setupRequest ? { setupRequest: request.setupRequest as never } : {}),
        },
      ],
    });
  await run(1, warmUpSeconds);
  return loadFigures(await run(clients, seconds));
}

/** autocannon's result with the failed calls taken out of the throughput and counted apart. */
export function loadFigures(result: autocannon.Result): LoadFigures {
  return {
    requestsPerSecond: Math.round(result['2xx'] / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    // autocannon counts its timeouts among its errors.
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
}

/**
 * Each customer call at 50 connections on each database, next to a bare Fastify route measured
 * in the same run: GET /user, GET /user/balance, GET /merged_transactions (the app's page of 1,000
 * for a customer with about 10,000 rows) and POST /scans (a new code each time).
 */
export async function benchApi(options: {
  seconds: number;
  postgresUrl: string | undefined;
  log: (line: string) => void;
}): Promise<ApiCase[]> {
  const cases: ApiCase[] = [];
  options.log('api: bare Fastify baseline');
  const baseline = await startServer('bench/baseline-server.ts', {}, '/constant', 18_090);
  const baselineFigures = await load(baseline.url, { path: '/constant' }, options.seconds);
  await baseline.stop();
  cases.push({
    name: 'bare Fastify route (baseline)',
    database: 'none',
    connections,
    figures: baselineFigures,
    ratioToBaseline: 1,
    ratioToHealthz: null,
  });

  const kinds: ('pglite' | 'postgres')[] = options.postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) {
    const database = await freshDatabase(kind, options.postgresUrl);
    // One customer sends every scan here: lift the per-person scan limit so the run measures recording, not 429s.
    const serverEnv = {
      ...database.env,
      STATIC_DIR: path.join(database.dataDir, 'no-build'),
      SEED_DEMO: 'true',
      MAX_PENDING_SCANS: '100000000',
      RATE_LIMITS: JSON.stringify({ scansPerUser: { points: 100_000_000, windowSeconds: 60 } }),
    };
    try {
      options.log(`api (${kind}): migrations and demo data`);
      const first = await startServer('src/server/main.ts', serverEnv, '/readyz', 18_091);
      await first.stop();
      options.log(`api (${kind}): 10,000 history rows and ${codesToScan} codes to scan`);
      // The server has stopped: the seeding may open the embedded folder now (its lock says who holds it).
      const handle = await openDatabase(database.target);
      let codes: string[];
      try {
        await seedLongHistory(handle.db, demoCustomer.email);
        codes = await issueCodesToScan(handle.db, codesToScan);
      } finally {
        await handle.close();
      }
      const server = await startServer('src/server/main.ts', serverEnv, '/readyz', 18_091);
      try {
        const { access_token: token } = await signIn(server.url);
        const authorization = `Bearer ${token}`;
        let next = 0;
        const requests: { name: string; request: Request }[] = [
          { name: 'GET /api/v2/user', request: { path: '/api/v2/user', headers: { authorization } } },
          { name: 'GET /api/v2/user/balance', request: { path: '/api/v2/user/balance', headers: { authorization } } },
          {
            name: 'GET /api/v2/merged_transactions (1,000 of 10,000)',
            request: { path: '/api/v2/merged_transactions?items_per_page=1000&page=1', headers: { authorization } },
          },
          {
            name: 'POST /api/v2/scans (new code each)',
            request: {
              method: 'POST',
              path: '/api/v2/scans',
              headers: { authorization, 'content-type': 'application/json' },
              setupRequest: (request) => ({
                ...request,
                body: JSON.stringify({ id: randomUUID(), code: codes[next++ % codes.length], scanned_at: new Date().toISOString() }),
              }),
            },
          },
        ];
        const ratio = (value: number, to: number) => Number((value / to).toFixed(3));
        options.log(`api (${kind}): GET /healthz`);
        const healthz = await load(server.url, { path: '/healthz' }, options.seconds);
        cases.push({
          name: 'GET /healthz (this server)',
          database: kind,
          connections,
          figures: healthz,
          ratioToBaseline: ratio(healthz.requestsPerSecond, baselineFigures.requestsPerSecond),
          ratioToHealthz: 1,
        });
        for (const { name, request } of requests) {
          options.log(`api (${kind}): ${name}`);
          const figures = await load(server.url, request, options.seconds);
          cases.push({
            name,
            database: kind,
            connections,
            figures,
            ratioToBaseline: ratio(figures.requestsPerSecond, baselineFigures.requestsPerSecond),
            ratioToHealthz: ratio(figures.requestsPerSecond, healthz.requestsPerSecond),
          });
          if (name.startsWith('GET /api/v2/merged_transactions')) {
            options.log(`api (${kind}): ${name}, one client at a time`);
            const single = await load(server.url, request, options.seconds, 1);
            cases.push({ name, database: kind, connections: 1, figures: single, ratioToBaseline: null, ratioToHealthz: null });
          }
        }
        if (next > codes.length) options.log(`api (${kind}): ran out of fresh codes after ${codes.length} scans; later scans were retries`);
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  }
  return cases;
}
