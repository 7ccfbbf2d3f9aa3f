import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';

/**
 * PGlite has one writer: the process that opened its folder. Two processes on one folder each
 * keep their own copy in memory and overwrite each other's writes on disk, and PGlite itself
 * takes no lock. So whoever opens an embedded database first writes `<folder>.lock` with who it
 * is; anyone else is refused at once with that holder named. The server also writes its address
 * there, so the operator CLI can send its commands to the server instead of opening the folder.
 */
export interface DataDirHolder {
  pid: number;
  host: string;
  /** What holds it: `server`, `ops`, `bench`… */
  role: string;
  startedAt: string;
  /** Set by a listening server: where the operator CLI reaches it. */
  url?: string;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly folder: string,
    readonly holder: DataDirHolder,
  ) {
    const what = holder.role === 'server' ? 'a Roundtrip server' : `npm run ${holder.role}`;
    super(
      `${folder} is in use by ${what} (process ${holder.pid} on ${holder.host}` +
        `${holder.url ? `, ${holder.url}` : ''}, since ${holder.startedAt}). ` +
        'An embedded database has one writer: stop that process first' +
        (holder.role === 'server' ? ', or use `npm run ops`, which sends its commands to the running server.' : '.'),
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Rewrite the holder's record (a server adds its URL once it listens). */
  update(extra: Partial<Pick<DataDirHolder, 'url'>>): void;
  release(): void;
}

export function lockFileOf(folder: string): string {
  return `${folder.replace(/[\\/]+$/, '')}.lock`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): DataDirHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<DataDirHolder>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string' || typeof value.role !== 'string') return undefined;
    return {
      pid: value.pid,
      host: value.host,
      role: value.role,
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : 'an unknown time',
      ...(typeof value.url === 'string' ? { url: value.url } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * The live holder of a folder, if any. A record left by a process that died (power cut, kill -9)
 * on this machine is stale and ignored; one written on another host is taken as live, since we
 * cannot check it (a shared network folder).
 */
export function readDataDirHolder(folder: string): DataDirHolder | undefined {
  let text: string;
  try {
    text = readFileSync(lockFileOf(folder), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const holder = parseHolder(text);
  // A half-written record (its writer died between open and write) holds nothing.
  if (!holder) return undefined;
  if (holder.host === os.hostname() && !isAlive(holder.pid)) return undefined;
  return holder;
}

function writeRecord(file: string, holder: DataDirHolder) {
  // Written beside, then renamed over: a reader never sees half a record.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(holder), { mode: 0o600 });
  renameSync(temporary, file);
}

/** Take the folder for this process, or throw DataDirLockedError naming who has it. */
export function acquireDataDirLock(folder: string, role: string): DataDirLock {
  const file = lockFileOf(folder);
  const holder: DataDirHolder = { pid: process.pid, host: os.hostname(), role, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const descriptor = openSync(file, 'wx', 0o600);
      try {
        writeSync(descriptor, JSON.stringify(holder));
      } finally {
        closeSync(descriptor);
      }
      let released = false;
      return {
        file,
        update(extra) {
          if (released) return;
          Object.assign(holder, extra);
          writeRecord(file, holder);
        },
        release() {
          if (released) return;
          released = true;
          const current = readDataDirHolder(folder);
          if (!current || (current.pid === process.pid && current.host === holder.host)) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readDataDirHolder(folder);
    if (current) throw new DataDirLockedError(folder, current);
    // Stale (its process is gone): clear it and try again. Two processes clearing it at once
    // both retry the exclusive create above, and only one of them wins it.
    rmSync(file, { force: true });
  }
  const current = readDataDirHolder(folder);
  if (current) throw new DataDirLockedError(folder, current);
  throw new Error(`could not take ${file}`);
}
