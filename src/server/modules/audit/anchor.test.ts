import { generateKeyPairSync } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditProblem, AuditVerdict } from '#domain/schemas/operators';
import { ConfigError, loadConfig } from '../../config';
import { rowsOf } from '../../db/client';
import type { CliCommandResult } from '../../operator-cli/commands-route';
import { testActor } from '../../testing/actor';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { cliHeaders, createWalletTestApp, operatorHeaders } from '../../testing/wallet';
import { recordAudit, verifyAuditChain } from './audit';

async function verify(t: TestApp, query = ''): Promise<AuditVerdict> {
  const response = await t.inject({ method: 'GET', url: `/api/v2/ops/audit/verify${query}`, headers: operatorHeaders });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AuditVerdict }>().data;
}

async function cli(t: TestApp, argv: string[]): Promise<CliCommandResult> {
  const response = await t.inject({ method: 'POST', url: '/api/v2/ops/commands', headers: cliHeaders, payload: { argv } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CliCommandResult }>().data;
}

/** Entries written as operators' changes are: through the chain trigger. */
async function addEntries(t: TestApp, count: number): Promise<number[]> {
  for (let index = 0; index < count; index += 1) {
    await recordAudit(t.db, testActor, { action: 'balance.adjust', recordType: 'ledger_entry', recordId: `anchor-${Date.now()}-${index}` });
  }
  const rows = rowsOf<{ seq: string | number }>(await t.db.execute(sql`SELECT seq FROM audit_entries ORDER BY seq DESC LIMIT ${count}`));
  return rows.map((row) => Number(row.seq)).reverse();
}

/**
 * What the table's owner can do with the triggers off: remove the
 * newest entries, edit an old one and redo the chain after it with the database's own digest.
 */
async function cutAndRewrite(t: TestApp, { removeAfter, rewrite }: { removeAfter: number; rewrite: number }) {
  await t.db.execute(sql`ALTER TABLE audit_entries DISABLE TRIGGER USER`);
  try {
    await t.db.execute(sql`DELETE FROM audit_entries WHERE seq > ${removeAfter}`);
    await t.db.execute(sql`UPDATE audit_entries SET actor = 'someone else' WHERE seq = ${rewrite}`);
    const later = rowsOf<{ seq: string | number }>(
      await t.db.execute(sql`SELECT seq FROM audit_entries WHERE seq >= ${rewrite} ORDER BY seq`),
    ).map((row) => Number(row.seq));
    for (const seq of later) {
      await t.db.execute(sql`
        UPDATE audit_entries SET prev_hash = coalesce((SELECT b.hash FROM audit_entries b WHERE b.seq < ${seq} ORDER BY b.seq DESC LIMIT 1), repeat('0', 64))
         WHERE seq = ${seq}`);
      await t.db.execute(sql`UPDATE audit_entries a SET hash = audit_entry_digest(a) WHERE a.seq = ${seq}`);
    }
  } finally {
    await t.db.execute(sql`ALTER TABLE audit_entries ENABLE TRIGGER USER`);
  }
}

function checkpointFile(t: TestApp) {
  return path.join(t.config.auditCheckpointDir, 'checkpoints.jsonl');
}

describe.each(databaseKinds)("the audit trail's anchor outside the database on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createWalletTestApp(kind);
  });
  afterEach(async () => {
    await t?.close();
  });

  it('reports entries cut from the end and an entry rewritten with a redone chain, which the chain alone cannot see', async () => {
    const first = await addEntries(t, 6);
    const early = await verify(t);
    expect(early).toMatchObject({ ok: true, problems: [], checkpoint_written: { seq: first.at(-1) } });
    const second = await addEntries(t, 4);
    const late = await verify(t);
    expect(late).toMatchObject({ ok: true, checkpoints: 1, problems: [], checkpoint_written: { seq: second.at(-1) } });

    // Three entries removed from the end; the third entry rewritten and every hash after it redone.
    const kept = second[0]!;
    await cutAndRewrite(t, { removeAfter: kept, rewrite: first[2]! });
    // Consistent in itself: what `audit verify` said before checkpoints existed.
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });

    const verdict = await verify(t);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toEqual(
      expect.arrayContaining<AuditProblem>([
        { kind: 'missing', after: kept, checkpoint: { seq: second.at(-1)!, at: late.checkpoint_written!.at } },
        { kind: 'changed', from: 1, seq: first.at(-1)!, checkpoint: { seq: first.at(-1)!, at: early.checkpoint_written!.at } },
      ]),
    );
    expect(verdict.problems).toHaveLength(2);

    // The CLI says the same, and fails.
    const printed = await cli(t, ['audit', 'verify']);
    expect(printed.exit_code).toBe(1);
    expect(printed.stderr).toContain(`entries after ${kept} are missing`);
    expect(printed.stderr).toContain(`an entry from 1 to ${first.at(-1)} changed since the checkpoint of ${early.checkpoint_written!.at}`);
  });

  it('a checkpoint store that cannot be written answers 503 in the caller’s language, never a 500', async () => {
    await addEntries(t, 1);
    rmSync(t.config.auditCheckpointDir, { recursive: true, force: true });
    writeFileSync(t.config.auditCheckpointDir, 'a file where the folder should be');
    const response = await t.inject({
      method: 'GET',
      url: '/api/v2/ops/audit/verify',
      headers: { ...operatorHeaders, 'accept-language': 'fr-FR' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toEqual({
      code: 'AUDIT_CHECKPOINTS_UNAVAILABLE',
      message: expect.stringContaining('points de contrôle'),
    });
    rmSync(t.config.auditCheckpointDir);
  });

  it('reports an entry edited behind the triggers without its chain redone: before the last checkpoint when asked for the whole chain, after it always', async () => {
    const [, second] = await addEntries(t, 3);
    const before = await verify(t);
    expect(before).toMatchObject({ ok: true, full: false, from_seq: 0, entries: 3 });
    await addEntries(t, 4);
    const edit = async (seq: number) => {
      await t.db.execute(sql`ALTER TABLE audit_entries DISABLE TRIGGER USER`);
      await t.db.execute(sql`UPDATE audit_entries SET record_id = 'elsewhere' WHERE seq = ${seq}`);
      await t.db.execute(sql`ALTER TABLE audit_entries ENABLE TRIGGER USER`);
    };
    await edit(second!);

    // By default only what the last checkpoint does not vouch for is read: the 4 entries after it.
    const quick = await verify(t);
    expect(quick).toMatchObject({ ok: true, full: false, from_seq: before.head_seq, entries: 4, problems: [] });
    const whole = await verify(t, '?full=true');
    expect(whole).toMatchObject({ ok: false, full: true, from_seq: 0, entries: 7 });
    expect(whole.problems).toEqual([{ kind: 'changed', from: second, seq: second, checkpoint: null }]);
    const printed = await cli(t, ['audit', 'verify', '--full']);
    expect(printed.exit_code).toBe(1);
    expect(printed.stderr).toContain(`entry ${second} was changed after it was written`);

    // An entry after the last checkpoint (each check writes one of the head) is read by both.
    const [later] = await addEntries(t, 2);
    await edit(later!);
    const [quickAgain, wholeAgain] = [await verify(t), await verify(t, '?full=true')];
    expect(quickAgain.problems).toEqual([{ kind: 'changed', from: later, seq: later, checkpoint: null }]);
    expect(quickAgain).toMatchObject({ full: false, entries: 2 });
    expect(wholeAgain.problems).toEqual([
      { kind: 'changed', from: second, seq: second, checkpoint: null },
      { kind: 'changed', from: later, seq: later, checkpoint: null },
    ]);
    expect((await t.inject({ method: 'GET', url: '/api/v2/ops/audit/verify?full=yes', headers: operatorHeaders })).statusCode).toBe(400);
  });

  it('reports a checkpoint altered in its file, one signed by another key and a line that is no checkpoint, and checks with the rest', async () => {
    const [entry] = await addEntries(t, 1);
    await verify(t);
    const file = checkpointFile(t);
    const [line] = readFileSync(file, 'utf8').trim().split('\n');
    const genuine = JSON.parse(line!) as Record<string, unknown>;
    // Someone who reaches the store but not the key moves the checkpoint to a rewritten head.
    appendFileSync(file, `${JSON.stringify({ ...genuine, head: 'f'.repeat(64) })}\n`);
    appendFileSync(file, `${JSON.stringify({ ...genuine, key: '0'.repeat(64) })}\n`);
    appendFileSync(file, 'not a checkpoint\n');

    const verdict = await verify(t);
    expect(verdict).toMatchObject({ ok: false, checkpoints: 1 });
    const at = genuine.at as string;
    expect(verdict.problems).toEqual([
      { kind: 'bad_checkpoint', ref: 'checkpoints.jsonl:2', reason: 'signature', checkpoint: { seq: entry, at } },
      { kind: 'bad_checkpoint', ref: 'checkpoints.jsonl:3', reason: 'other_key', checkpoint: { seq: entry, at } },
      { kind: 'bad_checkpoint', ref: 'checkpoints.jsonl:4', reason: 'unreadable', checkpoint: null },
    ]);
    const printed = await cli(t, ['audit', 'verify']);
    expect(printed.stderr).toContain(`checkpoint checkpoints.jsonl:2 (${at}, entry ${entry}) does not carry a valid signature`);
  });

  it('a server writes a checkpoint when it starts and again once an hour has passed on its clock', async () => {
    const { createCheckpointSchedule, openAuditAnchor } = await import('./anchor');
    const [entry] = await addEntries(t, 1);
    const { anchor } = openAuditAnchor(t.config);
    const schedule = createCheckpointSchedule({ db: t.db, anchor, now: () => t.clock.now(), log: { error: () => undefined } });
    expect(await schedule.runDue()).toMatchObject({ seq: entry });
    expect(await schedule.runDue()).toBeNull();
    t.clock.advance(30 * 60);
    expect(await schedule.runDue()).toBeNull();
    const [later] = await addEntries(t, 1);
    t.clock.advance(30 * 60);
    expect(await schedule.runDue()).toMatchObject({ seq: later, at: t.clock.now().toISOString() });
    expect(readFileSync(checkpointFile(t), 'utf8').trim().split('\n')).toHaveLength(2);
    expect(await verify(t)).toMatchObject({ ok: true, checkpoints: 2 });
  });

  it('prints the public key that checks the checkpoints', async () => {
    const printed = await cli(t, ['audit', 'public-key']);
    expect(printed.exit_code).toBe(0);
    expect(printed.stdout).toMatch(
      /^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\nFingerprint \(SHA-256 of the key\): [0-9a-f]{64}\n$/,
    );
  });
});

describe('the audit signing key', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'roundtrip-audit-key-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a public start without a key refuses; a local start makes one in DATA_DIR once and keeps it', async () => {
    const { openAuditAnchor } = await import('./anchor');
    const production = { DATA_DIR: dataDir, PUBLIC_URL: 'https://roundtrip.example' };
    expect(() => openAuditAnchor(loadConfig(production))).toThrow(ConfigError);
    expect(() => openAuditAnchor(loadConfig(production))).toThrow(/AUDIT_SIGNING_KEY/);

    const local = openAuditAnchor(loadConfig({ DATA_DIR: dataDir }));
    expect(local.source).toEqual({ kind: 'local', file: path.join(dataDir, 'audit-signing-key.pem'), created: true });
    const again = openAuditAnchor(loadConfig({ DATA_DIR: dataDir }));
    expect(again.source).toMatchObject({ kind: 'local', created: false });
    expect(again.anchor.key.fingerprint).toBe(local.anchor.key.fingerprint);
    expect(again.anchor.store.location).toBe(path.join(dataDir, 'audit-checkpoints', 'checkpoints.jsonl'));
  });

  it('takes an Ed25519 key as PEM, as base64 DER or from a file, and refuses anything else', async () => {
    const { openAuditAnchor } = await import('./anchor');
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const base64 = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const file = path.join(dataDir, 'key.pem');
    writeFileSync(file, pem);
    const production = { DATA_DIR: dataDir, PUBLIC_URL: 'https://roundtrip.example' };
    const fromPem = openAuditAnchor(loadConfig({ ...production, AUDIT_SIGNING_KEY: pem }));
    const fromBase64 = openAuditAnchor(loadConfig({ ...production, AUDIT_SIGNING_KEY: base64 }));
    const fromFile = openAuditAnchor(loadConfig({ ...production, AUDIT_SIGNING_KEY_FILE: file }));
    expect(fromBase64.anchor.key.fingerprint).toBe(fromPem.anchor.key.fingerprint);
    expect(fromFile.anchor.key.fingerprint).toBe(fromPem.anchor.key.fingerprint);
    expect(fromFile.source).toEqual({ kind: 'file', file });

    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => openAuditAnchor(loadConfig({ ...production, AUDIT_SIGNING_KEY: rsa }))).toThrow(/Ed25519/);
    expect(() => openAuditAnchor(loadConfig({ ...production, AUDIT_SIGNING_KEY: 'not a key' }))).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, AUDIT_SIGNING_KEY: pem, AUDIT_SIGNING_KEY_FILE: file })).toThrow(/not both/);
  });
});
