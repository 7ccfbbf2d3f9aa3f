/**
 * `audit verify` on a long trail: the whole chain against the default, which recomputes only the
 * entries after the last signed checkpoint. Usage (a scratch PostgreSQL database of your own):
 *
 *   createdb -h 127.0.0.1 -U postgres audit_bench
 *   AUDIT_BENCH_URL=postgres://postgres@127.0.0.1:5432/audit_bench npx tsx bench/audit-verify.ts [entries] [after]
 *
 * It writes `entries` entries through the chain trigger in SQL, signs a checkpoint of the head,
 * writes `after` more, then times each way three times and prints the median. The folder of
 * checkpoints is a temporary one, removed at the end.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Executor } from '../src/server/db/client';
import { checkpointHead, createAuditAnchor } from '../src/server/modules/audit/anchor';
import { verifyAuditTrail } from '../src/server/modules/audit/audit';
import { fileCheckpointStore } from '../src/server/modules/audit/checkpoint-store';
import { describeAuditKey } from '../src/server/modules/audit/signing-key';

const url = process.env['AUDIT_BENCH_URL'];
if (!url) throw new Error('AUDIT_BENCH_URL names a scratch PostgreSQL database');
const entries = Number(process.argv[2] ?? 500_000);
const after = Number(process.argv[3] ?? 1_000);

async function write(db: Executor, count: number) {
  // Through the trigger, as operators' changes are: one statement, each row chained to the one before.
  await db.execute(sql`
    INSERT INTO audit_entries (actor, action, record_type, record_id, amount_minor, currency, detail, subject_type, subject_id)
    SELECT 'bench@roundtrip.test', 'balance.adjust', 'ledger_entry', g::text, 100 + g % 900, 'USD',
           jsonb_build_object('user_id', md5(g::text)), 'customer', md5(g::text)
      FROM generate_series(1, ${count}) AS g`);
}

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < 3; index += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[1]!;
}

const handle = await openDatabase({ kind: 'postgres', url });
const folder = mkdtempSync(path.join(tmpdir(), 'audit-bench-'));
try {
  const { db } = handle;
  const existing = Number(rowsOf<{ n: string }>(await db.execute(sql`SELECT count(*) AS n FROM audit_entries`))[0]!.n);
  const writeStart = performance.now();
  if (existing < entries) await write(db, entries - existing);
  const written = performance.now() - writeStart;
  const anchor = createAuditAnchor(describeAuditKey(generateKeyPairSync('ed25519').privateKey), fileCheckpointStore(folder));
  await checkpointHead(db, anchor, new Date());
  await write(db, after);
  const total = Number(rowsOf<{ n: string }>(await db.execute(sql`SELECT count(*) AS n FROM audit_entries`))[0]!.n);

  const full = await median(() => verifyAuditTrail(db, anchor, new Date(), { full: true }));
  const head = rowsOf<{ seq: string; hash: string }>(
    await db.execute(sql`SELECT seq, hash FROM audit_entries ORDER BY seq DESC OFFSET ${after} LIMIT 1`),
  )[0]!;
  // Each check writes a checkpoint of the head, from which the next would start: every default run
  // gets a store of its own holding one checkpoint `after` entries behind the head.
  let readByDefault = 0;
  const quick = await median(async () => {
    const fresh = createAuditAnchor(anchor.key, fileCheckpointStore(mkdtempSync(path.join(folder, 'q-'))));
    await fresh.write({ seq: Number(head.seq), head: head.hash, at: new Date().toISOString() });
    const verdict = await verifyAuditTrail(db, fresh, new Date());
    if (!verdict.ok) throw new Error(JSON.stringify(verdict.problems));
    readByDefault = verdict.entries;
  });
  console.log(
    JSON.stringify({
      entries: total,
      written_ms: Math.round(written),
      full_ms: Math.round(full),
      default_ms: Math.round(quick),
      read_by_default: readByDefault,
    }),
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
  await handle.close();
}
