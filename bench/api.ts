import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './processes';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface ApiCase {
  name: string;
  database: 'pglite' | 'postgres' | 'none';
  figures: LoadFigures;
  /** requests/s of this case over the baseline's. */
  ratioToBaseline: number | null;
}

const connections = 50;

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v2/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 'bench', email: 'demo.us@roundtrip.example', password: 'roundtrip-demo' }),
  });
  const body: unknown = await response.json();
  if (!response.ok || typeof body !== 'object' || body === null || !('access_token' in body) || typeof body.access_token !== 'string') {
    throw new Error(`demo sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.access_token;
}

/** GET /api/v2/user with a valid token, on each database, next to a bare Fastify route. */
export async function benchApi(options: { seconds: number; postgresUrl: string | undefined }): Promise<ApiCase[]> {
  const cases: ApiCase[] = [];
  const baseline = await startServer('bench/baseline-server.ts', {}, '/constant', 18_090);
  const baselineFigures = await load(`${baseline.url}/constant`, {}, options.seconds);
  await baseline.stop();
  cases.push({ name: 'bare Fastify route (baseline)', database: 'none', figures: baselineFigures, ratioToBaseline: 1 });

  const databases: { kind: 'pglite' | 'postgres'; env: Record<string, string> }[] = [{ kind: 'pglite', env: {} }];
  if (options.postgresUrl) databases.push({ kind: 'postgres', env: { DATABASE_URL: options.postgresUrl } });

  for (const database of databases) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-bench-'));
    const server = await startServer(
      'src/server/main.ts',
      { ...database.env, DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-build') },
      '/readyz',
      18_091,
    );
    try {
      const token = await signIn(server.url);
      const figures = await load(`${server.url}/api/v2/user`, { authorization: `Bearer ${token}` }, options.seconds);
      cases.push({
        name: 'GET /api/v2/user (valid token)',
        database: database.kind,
        figures,
        ratioToBaseline: Number((figures.requestsPerSecond / baselineFigures.requestsPerSecond).toFixed(3)),
      });
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return cases;
}
