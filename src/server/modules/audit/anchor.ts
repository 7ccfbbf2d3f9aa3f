import { sign, verify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import { rowsOf, type Executor } from '../../db/client';
import { openCheckpointStore, type CheckpointStore } from './checkpoint-store';
import { resolveAuditSigningKey, type AuditKeySource, type AuditSigningKey } from './signing-key';

/** A checkpoint: the trail's last entry (its number and hash) at a moment. */
export interface Checkpoint {
  seq: number;
  head: string;
  at: string;
}

/** A record of the store, read back: a checkpoint whose signature holds, or why it cannot be used. */
export type ReadCheckpoint =
  | { ref: string; valid: true; checkpoint: Checkpoint }
  | { ref: string; valid: false; reason: 'unreadable' | 'other_key' | 'signature'; checkpoint: Checkpoint | null };

const checkpointRecord = z.strictObject({
  v: z.literal(1),
  seq: z.number().int().positive(),
  head: z.string().regex(/^[0-9a-f]{64}$/),
  at: z.iso.datetime(),
  /** The signing key's fingerprint: says which key to check it with after a rotation. */
  key: z.string().regex(/^[0-9a-f]{64}$/),
  sig: z.string().min(1),
});

/**
 * The exact bytes signed: a fixed text form, so that anyone holding the public key can check a
 * record with their own tools (docs/operators.md, The audit trail's anchor).
 */
export function checkpointMessage(checkpoint: Checkpoint): Buffer {
  return Buffer.from(`roundtrip audit checkpoint v1\n${checkpoint.seq}\n${checkpoint.head}\n${checkpoint.at}\n`, 'utf8');
}

/**
 * The trail's anchor outside the database: the signing key and the store. It remembers when it
 * last wrote, so the hourly schedule counts the checkpoints `audit verify` writes too.
 */
export interface AuditAnchor {
  readonly key: AuditSigningKey;
  readonly store: CheckpointStore;
  /** Signs a checkpoint and appends it to the store. */
  write(checkpoint: Checkpoint): Promise<void>;
  /** Every record of the store, each with its signature checked against this key. */
  read(): Promise<ReadCheckpoint[]>;
  /** When this process last wrote a checkpoint (by the injected clock). */
  lastWrittenAt(): Date | undefined;
}

export function createAuditAnchor(key: AuditSigningKey, store: CheckpointStore): AuditAnchor {
  let lastWritten: Date | undefined;
  return {
    key,
    store,
    async write(checkpoint) {
      const sig = sign(null, checkpointMessage(checkpoint), key.privateKey).toString('base64');
      const record: z.infer<typeof checkpointRecord> = { v: 1, ...checkpoint, key: key.fingerprint, sig };
      await store.append(JSON.stringify(record));
      lastWritten = new Date(checkpoint.at);
    },
    async read() {
      return (await store.readAll()).map(({ ref, text }): ReadCheckpoint => {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          return { ref, valid: false, reason: 'unreadable', checkpoint: null };
        }
        const parsed = checkpointRecord.safeParse(json);
        if (!parsed.success) return { ref, valid: false, reason: 'unreadable', checkpoint: null };
        const record = parsed.data;
        const checkpoint = { seq: record.seq, head: record.head, at: record.at };
        if (record.key !== key.fingerprint) return { ref, valid: false, reason: 'other_key', checkpoint };
        const holds = verify(null, checkpointMessage(checkpoint), key.publicKey, Buffer.from(record.sig, 'base64'));
        return holds ? { ref, valid: true, checkpoint } : { ref, valid: false, reason: 'signature', checkpoint };
      });
    },
    lastWrittenAt: () => lastWritten,
  };
}

/**
 * The anchor the configuration names: its key (AUDIT_SIGNING_KEY, AUDIT_SIGNING_KEY_FILE, or
 * on a local address one kept in DATA_DIR) and its store. Throws ConfigError on a public
 * address without a key.
 */
export function openAuditAnchor(config: Config): { anchor: AuditAnchor; source: AuditKeySource } {
  const { key, source } = resolveAuditSigningKey(config);
  return { anchor: createAuditAnchor(key, openCheckpointStore(config)), source };
}

/** The trail's last entry, or null while it is empty. */
export async function auditHead(db: Executor): Promise<{ seq: number; hash: string } | null> {
  const [row] = rowsOf<{ seq: string | number; hash: string }>(
    await db.execute(sql`SELECT seq, hash FROM audit_entries ORDER BY seq DESC LIMIT 1`),
  );
  return row ? { seq: Number(row.seq), hash: row.hash } : null;
}

/** Signs the current head; an empty trail has nothing to anchor. */
export async function checkpointHead(db: Executor, anchor: AuditAnchor, now: Date): Promise<Checkpoint | null> {
  const head = await auditHead(db);
  if (!head) return null;
  const checkpoint = { seq: head.seq, head: head.hash, at: now.toISOString() };
  await anchor.write(checkpoint);
  return checkpoint;
}

export const checkpointRules = {
  /** A checkpoint at least this often: entries newer than the last one are what the anchor cannot vouch for. */
  everySeconds: 3_600,
  /** How often the schedule looks: a checkpoint is written when the hour would pass before the next look. */
  pollSeconds: 60,
};

export interface CheckpointSchedule {
  /** Writes a checkpoint if none was written in the last hour (by the injected clock); answers it, or null. */
  runDue(): Promise<Checkpoint | null>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The hourly checkpoint of a running server. Each instance keeps its own schedule: two instances
 * write two checkpoints of (nearly) the same head, which verify reads as two agreeing anchors.
 */
export function createCheckpointSchedule(options: {
  db: Executor;
  anchor: AuditAnchor;
  now: () => Date;
  log: { error(details: object, message: string): void };
}): CheckpointSchedule {
  const { db, anchor, now, log } = options;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;

  async function runDue(): Promise<Checkpoint | null> {
    const last = anchor.lastWrittenAt();
    const at = now();
    const dueWithin = (checkpointRules.everySeconds - checkpointRules.pollSeconds) * 1000;
    if (last && at.getTime() - last.getTime() < dueWithin) return null;
    return checkpointHead(db, anchor, at);
  }

  const tick = () => {
    if (running) return;
    running = runDue()
      .catch((error: unknown) => log.error({ err: error, store: anchor.store.location }, 'audit checkpoint could not be written'))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    runDue,
    start() {
      timer = setInterval(tick, checkpointRules.pollSeconds * 1000);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
