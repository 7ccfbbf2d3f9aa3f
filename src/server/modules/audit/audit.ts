import { sql } from 'drizzle-orm';
import type { Currency } from '#domain/markets';
import type { AuditEntry, OperatorRole } from '#domain/schemas/operators';
import { rowsOf, type Executor } from '../../db/client';
import { auditEntries } from '../../db/schema';

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

/**
 * Recomputes every entry's digest and checks each names the one before it. An entry changed
 * behind the triggers' back (by the table's owner with the triggers off) breaks its own digest;
 * one deleted or inserted breaks the link. The head it reports, noted somewhere else, also shows
 * a trail rewritten from some entry to the end.
 */
export async function verifyAuditChain(db: Executor): Promise<AuditVerdict> {
  let previous = genesis;
  let count = 0;
  let after = 0;
  for (;;) {
    const rows = rowsOf<{ seq: string | number; prev_hash: string; hash: string; recomputed: string }>(
      await db.execute(sql`
        SELECT a.seq, a.prev_hash, a.hash, audit_entry_digest(a) AS recomputed
          FROM audit_entries a WHERE a.seq > ${after} ORDER BY a.seq LIMIT ${verifyPage}`),
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      if (row.prev_hash !== previous) return { ok: false, entries: count, brokenAt: seq, reason: 'link' };
      if (row.recomputed !== row.hash) return { ok: false, entries: count, brokenAt: seq, reason: 'hash' };
      previous = row.hash;
      count += 1;
      after = seq;
    }
    if (rows.length < verifyPage) return { ok: true, entries: count, head: count === 0 ? null : previous };
  }
}
