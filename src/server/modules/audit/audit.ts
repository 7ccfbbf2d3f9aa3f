import { sql } from 'drizzle-orm';
import type { Currency } from '#domain/markets';
import type { AuditEntry, AuditProblem, AuditVerdict as AuditTrailVerdict, OperatorRole } from '#domain/schemas/operators';
import { rowsOf, type Executor } from '../../db/client';
import { auditEntries } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { AuditAnchor, Checkpoint } from './anchor';

/**
 * Who makes an operator call: a signed-in operator, an automation token (a deployment's OPS_KEY is
 * one, named `OPS_KEY`), or the ops CLI on the server's machine (`cli@<host>`). Its name is what
 * the audit trail records; customers never see it.
 */
export interface Actor {
  kind: 'operator' | 'token' | 'cli';
  /** The operator's or token's id; null for OPS_KEY and the CLI. */
  id: string | null;
  name: string;
  /**
   * The person answerable for the call, which two-person approval compares: `operator:<id>` for an
   * operator and for a token an operator made; the key's own name for a deployment key or the CLI.
   */
  person: string;
  roles: readonly OperatorRole[];
  /** Where the call came from (the socket's address, or the proxy's word for it); null for the CLI. */
  address: string | null;
}

/** One change, as the audit trail records it: what, on which record, and the money it moved. */
export interface AuditChange {
  action: string;
  recordType: string;
  recordId: string;
  amountMinor?: number;
  currency?: Currency;
  detail?: Record<string, unknown>;
}

/**
 * Writes the entry for a change. Call it with the transaction that makes the change, so that the
 * two commit or roll back together; the database chains the entry (migration 0018).
 */
export async function recordAudit(db: Executor, actor: Actor, change: AuditChange): Promise<void> {
  // Named, so PostgreSQL parses and plans it once a connection: every change of money sends it.
  await db
    .insert(auditEntries)
    .values({
      actor: actor.name,
      actorId: actor.id,
      action: change.action,
      recordType: change.recordType,
      recordId: change.recordId,
      amountMinor: change.amountMinor ?? null,
      currency: change.currency ?? null,
      address: actor.address,
      detail: change.detail ?? null,
    })
    .prepare('roundtrip_record_audit')
    .execute();
}

interface AuditRow {
  seq: string | number;
  at: Date | string;
  actor: string;
  action: string;
  record_type: string;
  record_id: string;
  amount_minor: string | number | null;
  currency: string | null;
  address: string | null;
  hash: string;
}

function entryOf(row: AuditRow): AuditEntry {
  return {
    seq: Number(row.seq),
    at: new Date(row.at).toISOString(),
    actor: row.actor,
    action: row.action,
    record_type: row.record_type,
    record_id: row.record_id,
    amount_minor: row.amount_minor === null ? null : Number(row.amount_minor),
    currency: row.currency,
    address: row.address,
    hash: row.hash,
  };
}

export interface AuditFilter {
  recordType?: string;
  recordId?: string;
  actor?: string;
  /** Entries before this sequence number (the next page of a long trail). */
  before?: number;
  limit: number;
}

/** The trail, newest first: of one record, of one person, or all. */
export async function listAuditEntries(db: Executor, filter: AuditFilter): Promise<AuditEntry[]> {
  const conditions = [sql`true`];
  if (filter.recordType !== undefined) conditions.push(sql`record_type = ${filter.recordType}`);
  if (filter.recordId !== undefined) conditions.push(sql`record_id = ${filter.recordId}`);
  if (filter.actor !== undefined) conditions.push(sql`lower(actor) = lower(${filter.actor})`);
  if (filter.before !== undefined) conditions.push(sql`seq < ${filter.before}`);
  const result = await db.execute(sql`
    SELECT seq, at, actor, action, record_type, record_id, amount_minor, currency, address, hash
      FROM audit_entries WHERE ${sql.join(conditions, sql` AND `)}
     ORDER BY seq DESC LIMIT ${filter.limit}`);
  return rowsOf<AuditRow>(result).map(entryOf);
}

export type AuditVerdict =
  | { ok: true; entries: number; head: string | null }
  /** `hash`: the entry's fields no longer give its digest (edited); `link`: it does not follow the entry before it (one removed or put in). */
  | { ok: false; entries: number; brokenAt: number; reason: 'hash' | 'link' };

const genesis = '0'.repeat(64);
const verifyPage = 5_000;

interface ChainRow {
  seq: number;
  prev_hash: string;
  hash: string;
  /** The digest the entry's fields give now. */
  recomputed: string;
}

/** Every entry of the trail in order, as the chain checks read it: by pages of the primary key. */
async function* chainRows(db: Executor): AsyncGenerator<ChainRow> {
  let after = 0;
  for (;;) {
    const rows = rowsOf<{ seq: string | number; prev_hash: string; hash: string; recomputed: string }>(
      await db.execute(sql`
        SELECT a.seq, a.prev_hash, a.hash, audit_entry_digest(a) AS recomputed
          FROM audit_entries a WHERE a.seq > ${after} ORDER BY a.seq LIMIT ${verifyPage}`),
    );
    for (const row of rows) {
      after = Number(row.seq);
      yield { ...row, seq: after };
    }
    if (rows.length < verifyPage) return;
  }
}

/**
 * Recomputes every entry's digest and checks each names the one before it. An entry changed
 * behind the triggers' back (by the table's owner with the triggers off) breaks its own digest;
 * one deleted or inserted breaks the link. The head it reports, noted somewhere else, also shows
 * a trail rewritten from some entry to the end.
 */
export async function verifyAuditChain(db: Executor): Promise<AuditVerdict> {
  let previous = genesis;
  let count = 0;
  for await (const row of chainRows(db)) {
    if (row.prev_hash !== previous) return { ok: false, entries: count, brokenAt: row.seq, reason: 'link' };
    if (row.recomputed !== row.hash) return { ok: false, entries: count, brokenAt: row.seq, reason: 'hash' };
    previous = row.hash;
    count += 1;
  }
  return { ok: true, entries: count, head: count === 0 ? null : previous };
}

/**
 * At most this many breaks of the chain, and as many unusable checkpoint records, are listed: the
 * first ones say where to look, and the answer stays small whatever was done to the table or store.
 */
const listedLimit = 20;

/**
 * `audit verify`: the chain recomputed as verifyAuditChain does (every problem listed, not only
 * the first), then held against every checkpoint of the anchor, then a new checkpoint of the head
 * it read is signed and stored. A table rewritten and re-chained with the database's own digest
 * function is consistent in itself; only a signed checkpoint from before shows that it changed
 * (a hash at a checkpoint's entry that is not the signed one) or lost entries (a checkpoint
 * naming an entry the table no longer has). Entries newer than the last checkpoint are vouched
 * for by nothing but the chain (docs/operators.md, The audit trail's anchor).
 */
export async function verifyAuditTrail(db: Executor, anchor: AuditAnchor, now: Date): Promise<AuditTrailVerdict> {
  const problems: AuditProblem[] = [];
  const records = await unlessStoreFails(anchor.read());
  const valid: Checkpoint[] = [];
  let badRecords = 0;
  for (const record of records) {
    if (record.valid) valid.push(record.checkpoint);
    else if (badRecords++ < listedLimit)
      problems.push({
        kind: 'bad_checkpoint',
        ref: record.ref,
        reason: record.reason,
        checkpoint: record.checkpoint ? { seq: record.checkpoint.seq, at: record.checkpoint.at } : null,
      });
  }
  // The entries the checkpoints name, and what the table holds there: its hash, or the last entry kept before it.
  const named = [...new Set(valid.map((checkpoint) => checkpoint.seq))].sort((a, b) => a - b);
  const found = new Map<number, { hash: string } | { missingAfter: number }>();
  let nextNamed = 0;

  let previous = genesis;
  let count = 0;
  let after = 0;
  let chainProblems = 0;
  for await (const row of chainRows(db)) {
    const seq = row.seq;
    while (nextNamed < named.length && named[nextNamed]! < seq) found.set(named[nextNamed++]!, { missingAfter: after });
    if (named[nextNamed] === seq) found.set(named[nextNamed++]!, { hash: row.hash });
    if (chainProblems < listedLimit) {
      if (row.prev_hash !== previous) {
        problems.push({ kind: 'unlinked', seq });
        chainProblems += 1;
      } else if (row.recomputed !== row.hash) {
        problems.push({ kind: 'changed', from: seq, seq, checkpoint: null });
        chainProblems += 1;
      }
    }
    // The next link is checked against what this entry claims, so one break is reported once.
    previous = row.hash;
    count += 1;
    after = seq;
  }
  while (nextNamed < named.length) found.set(named[nextNamed++]!, { missingAfter: after });

  // Each checkpoint the table still agrees with bounds where a later disagreement can have started.
  const missing = new Map<number, Checkpoint>();
  const changed = new Map<number, Checkpoint>();
  let agreedBelow = 0;
  let agreedHere = 0;
  let current = 0;
  for (const checkpoint of [...valid].sort((a, b) => a.seq - b.seq || a.at.localeCompare(b.at))) {
    if (checkpoint.seq !== current) {
      agreedBelow = Math.max(agreedBelow, agreedHere);
      current = checkpoint.seq;
    }
    const there = found.get(checkpoint.seq)!;
    if ('missingAfter' in there) {
      // One report per gap, naming the checkpoint that reaches furthest into it.
      const known = missing.get(there.missingAfter);
      if (!known || checkpoint.seq > known.seq) missing.set(there.missingAfter, checkpoint);
    } else if (there.hash === checkpoint.head) {
      agreedHere = checkpoint.seq;
    } else if (!changed.has(agreedBelow)) {
      // One report per stretch, bounded by the last agreeing checkpoint before it and the first that disagrees.
      changed.set(agreedBelow, checkpoint);
    }
  }
  for (const [afterSeq, checkpoint] of missing) problems.push({ kind: 'missing', after: afterSeq, checkpoint: refOf(checkpoint) });
  for (const [agreed, checkpoint] of changed) {
    problems.push({ kind: 'changed', from: agreed + 1, seq: checkpoint.seq, checkpoint: refOf(checkpoint) });
  }

  const head = count === 0 ? null : { seq: after, hash: previous };
  // Written whatever was found: it records what the table holds now, and the older checkpoints
  // that disagree stay in the store to say so again at the next check.
  const written = head ? { seq: head.seq, head: head.hash, at: now.toISOString() } : null;
  if (written) await unlessStoreFails(anchor.write(written));
  return {
    ok: problems.length === 0,
    entries: count,
    head_seq: head?.seq ?? null,
    head: head?.hash ?? null,
    checkpoints: valid.length,
    problems,
    checkpoint_written: written ? refOf(written) : null,
  };
}

/**
 * A store that cannot be read or written (a full disk, a folder gone, storage down) leaves the
 * trail unanchored: the caller is told so in their language, and the problem is logged apart.
 */
async function unlessStoreFails<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw new ApiError(503, 'AUDIT_CHECKPOINTS_UNAVAILABLE', undefined, undefined, undefined, { cause: error });
  }
}

function refOf(checkpoint: Checkpoint) {
  return { seq: checkpoint.seq, at: checkpoint.at };
}
