import path from 'node:path';
import { z } from 'zod';
import type { DataDirHolder } from '../db/data-dir-lock';
import { localOperatorKeyPath, readLocalOperatorKey } from './local-key';
import type { CliCommandResult } from './commands-route';

const resultSchema = z.object({
  data: z.object({
    exit_code: z.number().int(),
    stdout: z.string(),
    stderr: z.string(),
    files: z.array(
      z.object({ name: z.string().min(1), content: z.string(), encoding: z.enum(['utf-8', 'base64']).optional(), mode: z.number().int() }),
    ),
  }),
});

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export interface ServerTarget {
  dataDir: string;
  /** The PGlite folder the server holds, and its lock record (with the address it listens on). */
  folder: string;
  holder: DataDirHolder & { url: string };
}

export type SendAnswer = { ok: true; result: CliCommandResult } | { ok: false; message: string };

/** How long a server that holds the folder has to show it is alive, before the operator is told it is stuck. */
const probeTimeoutMs = 10_000;

function describe(target: ServerTarget): string {
  return `the Roundtrip server holding ${target.folder} (process ${target.holder.pid}, ${target.holder.url})`;
}

function causeOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause;
    if (cause instanceof Error) return 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message;
    return error.name === 'TimeoutError' ? `no answer in ${probeTimeoutMs / 1000} s` : error.message;
  }
  return String(error);
}

/** `http://127.x.x.x:port` or `http://[::1]:port`, nothing more: no name to resolve, no user, no path. */
export function isLoopbackServerUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  const loopbackHost = /^127(\.\d{1,3}){3}$/.test(url.hostname) || url.hostname === '[::1]';
  return (
    url.protocol === 'http:' &&
    loopbackHost &&
    url.username === '' &&
    url.password === '' &&
    (url.pathname === '/' || url.pathname === '') &&
    url.search === '' &&
    url.hash === ''
  );
}

/**
 * A file the server answers with is written only under the operator's working folder, or at a
 * path the operator named on the command line (`--out /elsewhere/sheet.svg`).
 */
export function isWritableOutput(name: string, argv: readonly string[], cwd: string): boolean {
  const resolved = path.resolve(cwd, name);
  if (resolved.startsWith(`${path.resolve(cwd)}${path.sep}`)) return true;
  return argv.some((argument) => path.resolve(cwd, argument) === resolved);
}

/**
 * Send one command line to the server that holds the PGlite folder. The key: OPS_KEY when set,
 * else the local key the server keeps in DATA_DIR; when one is refused the other is tried (a
 * server started with OPS_KEY makes no local key, and an older local key file may linger).
 */
export async function sendCliCommand(
  target: ServerTarget,
  body: { argv: string[]; files: Record<string, string>; binary_files?: Record<string, string>; cwd: string },
): Promise<SendAnswer> {
  // The lock file names the server; whoever can write that file must not receive our key: only a
  // plain loopback address of this machine is spoken to.
  if (!isLoopbackServerUrl(target.holder.url)) {
    return {
      ok: false,
      message: `${describe(target)} is not at a loopback address of this machine: no command (and no key) was sent. Stop that process, or remove the lock file if it is not Roundtrip.`,
    };
  }
  // Only the local key runs commands on the server (OPS_KEY is refused there), so only it is sent.
  const keys = [readLocalOperatorKey(target.dataDir)].filter((key): key is string => key !== undefined);
  if (keys.length === 0) {
    return {
      ok: false,
      message: `${describe(target)} made no ${localOperatorKeyPath(target.dataDir)}: restart it with this version, which makes the key the CLI needs.`,
    };
  }
  // A live process that does not answer (stopped, stuck) would leave the operator waiting with no word: ask first, briefly.
  try {
    await fetch(`${target.holder.url}/healthz`, { signal: AbortSignal.timeout(probeTimeoutMs) });
  } catch (error) {
    return {
      ok: false,
      message: `Cannot reach ${describe(target)}: ${causeOf(error)}. Nothing was changed; check that server, or stop it and run the command again.`,
    };
  }

  let refused = '';
  for (const key of keys) {
    let response: Response;
    try {
      response = await fetch(`${target.holder.url}/api/v2/ops/commands`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ops-key': key },
        body: JSON.stringify(body),
      });
    } catch (error) {
      return {
        ok: false,
        message: `Lost ${describe(target)} while it ran the command: ${causeOf(error)}. Check with a read command (list, show) whether it was done.`,
      };
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (response.ok) {
      const parsed = resultSchema.safeParse(payload);
      if (parsed.success) return { ok: true, result: parsed.data.data };
      return { ok: false, message: `${describe(target)} gave an answer this CLI does not understand (a different version?).` };
    }
    const error = errorSchema.safeParse(payload);
    const code = error.success ? error.data.error.code : '';
    if (response.status === 403 || response.status === 404) {
      refused = `${describe(target)} refused this machine's key (${response.status}${code ? ` ${code}` : ''}): restart it, so that it reads ${localOperatorKeyPath(target.dataDir)} again.`;
      continue;
    }
    return {
      ok: false,
      message: `${describe(target)} answered ${response.status}${code ? ` ${code}` : ''}${error.success ? `: ${error.data.error.message}` : ''}.`,
    };
  }
  return { ok: false, message: refused };
}
