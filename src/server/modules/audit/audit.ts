import { sql, type SQL } from 'drizzle-orm';
import { isCurrency, moneyFromMinor } from '#domain/money';
import type { Currency } from '#domain/markets';
import type {
  AuditDirection,
  AuditEntry,
  AuditProblem,
  AuditQuery,
  AuditVerdict as AuditTrailVerdict,
  OperatorRole,
} from '#domain/schemas/operators';
import { rowsOf, type Executor } from '../../db/client';
import { containingPattern, likeLiteral } from '../../db/text-match';
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

/**
 * Whom an entry is about (docs/operators.md, The audit trail): `customer` (their id), `operator`,
 * `automation_token`, or the record itself for an entry that concerns no person.
 */
export interface AuditSubjectRef {
  type: string;
  id: string;
}

/** One change, as the audit trail records it: what, on which record, about whom, and the money it moved. */
export interface AuditChange {
  action: string;
  recordType: string;
  recordId: string;
  /**
   * Whom it is about, when the fields do not say it: without it, a `user_id` in the detail names
   * the customer, an operator or token record names itself, and anything else names its record.
   */
  subject?: AuditSubjectRef;
  amountMinor?: number;
  currency?: Currency;
  detail?: Record<string, unknown>;
}

/** The subject a change names without being told (see AuditChange.subject). */
export function subjectOf(change: AuditChange): AuditSubjectRef {
  if (change.subject) return change.subject;
  const userId = change.detail?.['user_id'];
  if (typeof userId === 'string' && userId !== '') return { type: 'customer', id: userId };
  return { type: change.recordType, id: change.recordId };
}

/**
 * Writes the entry for a change. Call it with the transaction that makes the change, so that the
 * two commit or roll back together; the database chains the entry (migration 0018).
 */
export async function recordAudit(db: Executor, actor: Actor, change: AuditChange): Promise<void> {
  const subject = subjectOf(change);
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
      subjectType: subject.type,
      subjectId: subject.id,
    })
    .prepare('roundtrip_record_audit')
    .execute();
}

/**
 * Which way an entry's money went for the customer. Payouts are stored as the positive sum paid
 * out, so their action says it: a completed or exported payout left the customer, a failed or
 * cancelled one came back to them. Anything else goes by its sign (an adjustment's debit is negative).
 */
export function auditDirection(action: string, amountMinor: number | null): AuditDirection | null {
  if (amountMinor === null || amountMinor === 0) return null;
  if (action === 'payout.complete' || action === 'payouts.export' || action === 'payouts.reexport') return 'debit';
  if (action === 'payout.fail' || action === 'payout.cancel') return 'credit';
  return amountMinor > 0 ? 'credit' : 'debit';
}

interface AuditRow {
  seq: string | number;
  at: Date | string;
  actor: string;
  actor_name: string | null;
  action: string;
  record_type: string;
  record_id: string;
  subject_type: string | null;
  subject_id: string | null;
  subject_label: string | null;
  amount_minor: string | number | null;
  currency: string | null;
  address: string | null;
  detail: unknown;
  hash: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function entryOf(row: AuditRow): AuditEntry {
  const amount = row.amount_minor === null ? null : Number(row.amount_minor);
  // PGlite answers jsonb parsed; a text answer is parsed here.
  const detail: unknown = typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail;
  return {
    seq: Number(row.seq),
    at: new Date(row.at).toISOString(),
    actor: row.actor,
    actor_name: row.actor_name,
    action: row.action,
    record_type: row.record_type,
    record_id: row.record_id,
    subject: {
      type: row.subject_type ?? row.record_type,
      id: row.subject_id ?? row.record_id,
      label: row.subject_label,
    },
    amount_minor: amount === null ? null : Math.abs(amount),
    currency: row.currency,
    direction: auditDirection(row.action, amount),
    address: row.address,
    detail: isRecord(detail) ? detail : null,
    hash: row.hash,
  };
}

export interface AuditFilter {
  /** A customer's or operator's email or id. */
  subject?: string;
  /** Any part of the actor's email, token name or operator name, any case. */
  actor?: string;
  /** An action, or its family (`payout` for `payout.*`). */
  action?: string;
  /** A record's id, a payout's reference, a dispute's id. */
  record?: string;
  recordType?: string;
  recordId?: string;
  /** Entries at or after this moment, and before `to`. */
  from?: Date;
  to?: Date;
  /** Entries before this sequence number (the next page of a long trail). */
  before?: number;
  limit: number;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The same, as PostgreSQL matches ids the database wrote (lower case): a cast is tried only on what passes. */
const uuidText = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

function conditionsOf(filter: AuditFilter): SQL[] {
  const conditions = [sql`true`];
  if (filter.recordType !== undefined) conditions.push(sql`a.record_type = ${filter.recordType}`);
  if (filter.recordId !== undefined) conditions.push(sql`a.record_id = ${filter.recordId}`);
  if (filter.subject !== undefined) {
    const subject = filter.subject;
    conditions.push(
      uuidPattern.test(subject)
        ? sql`a.subject_id = ${subject.toLowerCase()}`
        : // A customer's email is stored lower-cased (emailField), so its unique index finds it; an
          // operator's has an index on lower(email). The subject's type leads audit_entries_subject_idx:
          // named, a customer's page is an index range, where lower(email) over users read every
          // customer (338 ms a page at 520,000 customers, bench/results).
          sql`(a.subject_type, a.subject_id) IN (SELECT 'customer', id::text FROM users WHERE email = lower(${subject})
                               UNION ALL SELECT 'operator', id::text FROM operators WHERE lower(email) = lower(${subject}))`,
    );
  }
  if (filter.actor !== undefined) {
    const pattern = containingPattern(filter.actor);
    conditions.push(sql`(a.actor ILIKE ${pattern}
      OR a.actor_id IN (SELECT id::text FROM operators WHERE name ILIKE ${pattern} OR email ILIKE ${pattern}))`);
  }
  if (filter.action !== undefined)
    conditions.push(sql`(a.action = ${filter.action} OR a.action LIKE ${`${likeLiteral(filter.action)}.%`})`);
  if (filter.record !== undefined) {
    const record = filter.record;
    // A payout's reference stands for its id; a record among several (a batch of scans or bins), or named in a detail, counts too.
    const ids = sql`(SELECT ${record} UNION ALL SELECT id::text FROM withdrawals WHERE payout_reference = ${record})`;
    conditions.push(sql`(a.record_id IN ${ids}
      OR a.detail->>'record_id' IN ${ids}
      OR a.detail->>'payout_reference' = ${record}
      OR (a.record_id LIKE ${containingPattern(record)} AND ${record} = ANY(string_to_array(a.record_id, ',')))
      OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(a.detail->'payout_ids') = 'array' THEN a.detail->'payout_ids' ELSE '[]'::jsonb END) p(id) WHERE p.id IN ${ids}))`);
  }
  if (filter.from !== undefined) conditions.push(sql`a.at >= ${filter.from.toISOString()}`);
  if (filter.to !== undefined) conditions.push(sql`a.at < ${filter.to.toISOString()}`);
  if (filter.before !== undefined) conditions.push(sql`a.seq < ${filter.before}`);
  return conditions;
}

/**
 * The filter a query of GET /ops/audit (or the CLI's options) names. A day (`2026-11-28`) is a UTC
 * day: `from` starts it, `to` takes it whole.
 */
export function auditFilterOf(query: Omit<AuditQuery, 'limit' | 'cursor'>): Omit<AuditFilter, 'limit'> {
  const moment = (value: string, wholeDay: boolean) => {
    if (value.length > 10) return new Date(value);
    const day = new Date(`${value}T00:00:00.000Z`);
    return wholeDay ? new Date(day.getTime() + 86_400_000) : day;
  };
  return {
    ...(query.subject === undefined ? {} : { subject: query.subject }),
    ...(query.actor === undefined ? {} : { actor: query.actor }),
    ...(query.action === undefined ? {} : { action: query.action }),
    ...(query.record === undefined ? {} : { record: query.record }),
    ...(query.record_type === undefined ? {} : { recordType: query.record_type }),
    ...(query.record_id === undefined ? {} : { recordId: query.record_id }),
    ...(query.from === undefined ? {} : { from: moment(query.from, false) }),
    ...(query.to === undefined ? {} : { to: moment(query.to, true) }),
  };
}

/** The trail, newest first, narrowed by the filter; `more` says a next page exists. */
export async function listAuditEntries(db: Executor, filter: AuditFilter): Promise<AuditEntry[]> {
  return (await auditPage(db, filter)).entries;
}

/**
 * A page of the trail, newest first: the entries and whether older ones match too (keyset on
 * the sequence number, so a page costs the same deep in a long trail).
 */
export async function auditPage(db: Executor, filter: AuditFilter): Promise<{ entries: AuditEntry[]; more: boolean }> {
  const rows = rowsOf<AuditRow>(await db.execute(auditPageQuery(filter)));
  return { entries: rows.slice(0, filter.limit).map(entryOf), more: rows.length > filter.limit };
}

/** The statement of a page of the trail (one more row than the page, to tell whether more follow). */
export function auditPageQuery(filter: AuditFilter) {
  return sql`
    SELECT a.seq, a.at, a.actor, ao.name AS actor_name, a.action, a.record_type, a.record_id,
           a.subject_type, a.subject_id,
           CASE a.subject_type WHEN 'customer' THEN u.email WHEN 'operator' THEN so.email || ' (' || so.name || ')' WHEN 'automation_token' THEN t.name END AS subject_label,
           a.amount_minor, a.currency, a.address, a.detail, a.hash
      FROM audit_entries a
      LEFT JOIN operators ao ON ao.id = CASE WHEN a.actor_id ~ ${uuidText} THEN a.actor_id::uuid END
      LEFT JOIN users u ON u.id = CASE WHEN a.subject_type = 'customer' AND a.subject_id ~ ${uuidText} THEN a.subject_id::uuid END
      LEFT JOIN operators so ON so.id = CASE WHEN a.subject_type = 'operator' AND a.subject_id ~ ${uuidText} THEN a.subject_id::uuid END
      LEFT JOIN automation_tokens t ON t.id = CASE WHEN a.subject_type = 'automation_token' AND a.subject_id ~ ${uuidText} THEN a.subject_id::uuid END
     WHERE ${sql.join(conditionsOf(filter), sql` AND `)}
     ORDER BY a.seq DESC LIMIT ${filter.limit + 1}`;
}

/** Columns of the CSV export, in order (docs/api.md, The audit trail). */
const csvColumns = [
  'seq',
  'at',
  'actor',
  'actor_name',
  'action',
  'subject_type',
  'subject_id',
  'subject',
  'record_type',
  'record_id',
  'direction',
  'amount',
  'currency',
  'address',
  'detail',
  'hash',
] as const;

/** One CSV field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function csvLine(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * Every entry the filter matches, newest first, as CSV (RFC 4180: CRLF lines, a header). Amounts
 * are decimal strings in the currency's units with their direction's sign, as a spreadsheet reads them.
 */
export async function auditCsv(db: Executor, filter: Omit<AuditFilter, 'limit' | 'before'>): Promise<string> {
  const lines = [csvLine(csvColumns)];
  let before: number | undefined;
  for (;;) {
    const page = await auditPage(db, { ...filter, limit: 1_000, ...(before === undefined ? {} : { before }) });
    for (const entry of page.entries) {
      const signed = entry.amount_minor === null ? null : entry.direction === 'debit' ? -entry.amount_minor : entry.amount_minor;
      lines.push(
        csvLine([
          String(entry.seq),
          entry.at,
          entry.actor,
          entry.actor_name ?? '',
          entry.action,
          entry.subject.type,
          entry.subject.id,
          entry.subject.label ?? '',
          entry.record_type,
          entry.record_id,
          entry.direction ?? '',
          signed !== null && isCurrency(entry.currency) ? moneyFromMinor(signed, entry.currency).value : '',
          entry.currency ?? '',
          entry.address ?? '',
          entry.detail ? JSON.stringify(entry.detail) : '',
          entry.hash,
        ]),
      );
    }
    if (!page.more) return lines.join('');
    before = page.entries[page.entries.length - 1]!.seq;
  }
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

/** The entries after `from` (all of them from 0) in order, as the chain checks read them: by pages of the primary key. */
async function* chainRows(db: Executor, from = 0): AsyncGenerator<ChainRow> {
  let after = from;
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
 *
 * By default the chain is recomputed only after the last checkpoint the table agrees with (every
 * checkpoint is still held against the hash the table keeps at its entry, one lookup each): the
 * time grows with what was written since, not with the whole trail. `full` recomputes every entry
 * from the first, which also finds an entry edited before that checkpoint without its hash redone.
 */
export async function verifyAuditTrail(
  db: Executor,
  anchor: AuditAnchor,
  now: Date,
  options: { full?: boolean } = {},
): Promise<AuditTrailVerdict> {
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
  const full = options.full === true;
  const found = full ? new Map<number, { hash: string } | { missingAfter: number }>() : await namedEntries(db, named);

  // By default the chain is read from the last checkpoint the table agrees with: what it vouches
  // for needs no reading again. Its entry's hash is the link the next entry must name.
  let start = { seq: 0, hash: genesis };
  if (!full) {
    for (const checkpoint of valid) {
      const there = found.get(checkpoint.seq);
      if (there && 'hash' in there && there.hash === checkpoint.head && checkpoint.seq > start.seq) {
        start = { seq: checkpoint.seq, hash: checkpoint.head };
      }
    }
  }
  let nextNamed = 0;

  let previous = start.hash;
  let count = 0;
  let after = start.seq;
  let chainProblems = 0;
  for await (const row of chainRows(db, start.seq)) {
    const seq = row.seq;
    if (full) {
      while (nextNamed < named.length && named[nextNamed]! < seq) found.set(named[nextNamed++]!, { missingAfter: after });
      if (named[nextNamed] === seq) found.set(named[nextNamed++]!, { hash: row.hash });
    }
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
  if (full) while (nextNamed < named.length) found.set(named[nextNamed++]!, { missingAfter: after });

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

  const head = after === 0 ? null : { seq: after, hash: previous };
  // Written whatever was found: it records what the table holds now, and the older checkpoints
  // that disagree stay in the store to say so again at the next check.
  const written = head ? { seq: head.seq, head: head.hash, at: now.toISOString() } : null;
  if (written) await unlessStoreFails(anchor.write(written));
  return {
    ok: problems.length === 0,
    full,
    from_seq: start.seq,
    entries: count,
    head_seq: head?.seq ?? null,
    head: head?.hash ?? null,
    checkpoints: valid.length,
    problems,
    checkpoint_written: written ? refOf(written) : null,
  };
}

/**
 * What the table holds at each entry a checkpoint names, found by its number: the hash, or for an
 * entry no longer there, the last entry kept before it.
 */
async function namedEntries(db: Executor, named: readonly number[]): Promise<Map<number, { hash: string } | { missingAfter: number }>> {
  const found = new Map<number, { hash: string } | { missingAfter: number }>();
  if (named.length === 0) return found;
  const rows = rowsOf<{ named: string | number; seq: string | number | null; hash: string | null; kept_before: string | number | null }>(
    await db.execute(sql`
      SELECT n.seq AS named, a.seq, a.hash,
             (SELECT max(b.seq) FROM audit_entries b WHERE b.seq < n.seq) AS kept_before
        FROM unnest(${`{${named.join(',')}}`}::bigint[]) AS n(seq)
        LEFT JOIN audit_entries a ON a.seq = n.seq`),
  );
  for (const row of rows) {
    found.set(Number(row.named), row.hash !== null ? { hash: row.hash } : { missingAfter: Number(row.kept_before ?? 0) });
  }
  return found;
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
