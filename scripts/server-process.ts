// A Node server script of this repository in its own process, for the tools that need a real
// server: the bench, and the build's prerendering.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  /** The server process's id (its CPU time in /proc, for the benches). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Start a Node server script in its own process and wait until it answers on `readyPath`. */
export async function startServer(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  port: number,
  options: { timeoutMs?: number } = {},
): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.resolve(root, script)], {
    cwd: root,
    // Benches and the prerender reach this machine only: no default street map from its public host.
    env: { ...process.env, MAP_STYLE_URL: process.env.MAP_STYLE_URL ?? 'none', ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.resume();
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      const response = await fetch(url + readyPath);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not become ready`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
