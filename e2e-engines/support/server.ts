import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { e2eOperatorKey } from '../../e2e/support/ops';
import { until } from './wait';

/** The server's port of the cross-engine run; each walk takes the next two (its network relay, its driver). */
export const serverPort = Number(process.env.ENGINES_PORT ?? 8491);

export type WalkSlot = 'firefox' | 'webkit-fr' | 'webkit-ja';
const slots: WalkSlot[] = ['firefox', 'webkit-fr', 'webkit-ja'];

export function walkPorts(slot: WalkSlot): { relay: number; driver: number } {
  const base = serverPort + 1 + 2 * slots.indexOf(slot);
  return { relay: base, driver: base + 1 };
}

export const serverOrigin = `http://localhost:${serverPort}`;

/**
 * The server the Chromium suite uses (playwright.config.ts's webServer): the built app, a fresh
 * data directory for this port, the demo data, the operator key and the test rate limits.
 */
export async function startServer(root: string): Promise<ChildProcess> {
  if (!existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('dist/ is missing: run npm run build first');
  const port = serverPort;
  const server = spawn(process.execPath, [path.join(root, 'e2e', 'serve.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      SKIP_BUILD: 'true',
      PORT: String(port),
      DATA_DIR: `.tmp/e2e-data-${port}`,
      PUBLIC_URL: `http://localhost:${port}`,
      OPS_KEY: e2eOperatorKey,
      APPROVAL_LIMITS: '{}',
      LINE_PAY_MARKETS: 'jp',
      RATE_LIMITS: JSON.stringify({
        signUpsPerAddress: { points: 10_000, windowSeconds: 3600 },
        loginPerAddress: { points: 10_000, windowSeconds: 900 },
        loginPerAccount: { points: 1_000, windowSeconds: 900 },
      }),
    },
  });
  await until(
    `the server answers on ${serverOrigin}/healthz`,
    async () => {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      return fetch(`${serverOrigin}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
    },
    (ready) => ready,
    { timeoutMs: 180_000, intervalMs: 300 },
  );
  return server;
}

/** Stops a child and waits until it is gone. */
export async function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const killLater = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killLater);
}
