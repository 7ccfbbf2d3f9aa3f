import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { classify, type OutboxEntry, type SendResult } from '#domain/outbox';
import { consoleDatabase } from './checkin-db';
import { deliverKept, keepBatch, keptCodes, makeKeptDue, readDraft, saveDraft } from './checkin-queue';

/**
 * A fake POST /ops/checkins: each code is credited once; a key seen before gets its first answer
 * again. `lost`: the server does the work and the answer never reaches the phone.
 */
function fakeServer() {
  const answers = new Map<string, string[]>();
  const received = new Map<string, number>();
  const credits = new Map<string, number>();
  let mode: 'up' | 'down' | 'lost' | 'refuse' = 'up';
  const send = async (entry: OutboxEntry): Promise<SendResult> => {
    if (mode === 'down') return classify(0, 'NETWORK', '');
    if (mode === 'refuse') return classify(403, 'OPERATOR_ROLE_REQUIRED', 'Your roles do not allow this.');
    received.set(entry.id, (received.get(entry.id) ?? 0) + 1);
    if (!answers.has(entry.id)) {
      const credited = keptCodes(entry).filter((code) => !credits.has(code));
      for (const code of credited) credits.set(code, (credits.get(code) ?? 0) + 1);
      answers.set(entry.id, credited);
    }
    return mode === 'lost' ? classify(0, 'NETWORK', '') : classify(200, '', '');
  };
  return { received, credits, send, setMode: (next: typeof mode) => (mode = next) };
}

afterEach(async () => {
  await consoleDatabase.kept.clear();
  await consoleDatabase.drafts.clear();
});

describe('the kept check-in batches', () => {
  it('keeps the draft on disk, and moves exactly the sent codes into a batch with its key', async () => {
    await saveDraft('op-1', ['AAA', 'BBB'], ['ZZZ'], 1000);
    expect(await readDraft('op-1')).toMatchObject({ codes: ['AAA', 'BBB'], removed: ['ZZZ'] });
    // A code scanned while "Check in" was being pressed stays for the next batch.
    await saveDraft('op-1', ['AAA', 'BBB', 'CCC'], ['ZZZ'], 1001);
    const entry = await keepBatch('op-1', ['AAA', 'BBB'], 1002);
    expect(entry.payload).toEqual({ id: entry.id, codes: ['AAA', 'BBB'] });
    expect(await readDraft('op-1')).toMatchObject({ codes: ['CCC'], removed: ['ZZZ'] });
    expect(await consoleDatabase.kept.get(entry.id)).toEqual(entry);
    // Another operator's draft is theirs.
    expect((await readDraft('op-2')).codes).toEqual([]);
  });

  it('credits each code once through dropped networks, lost answers and duplicate sends', async () => {
    const server = fakeServer();
    let now = 10_000;
    const clock = () => now;
    const first = await keepBatch('op-1', ['AAA', 'BBB'], now);

    // Offline: nothing reaches the server, the batch stays.
    server.setMode('down');
    expect((await deliverKept('op-1', server.send, clock)).sent).toEqual([]);
    expect(server.received.size).toBe(0);
    now += 1;
    const second = await keepBatch('op-1', ['CCC'], now);

    // The server credits the first batch but its answer is lost: the phone keeps it and tries later.
    server.setMode('lost');
    now += 60_000;
    expect((await deliverKept('op-1', server.send, clock)).sent).toEqual([]);
    expect(await consoleDatabase.kept.count()).toBe(2);

    // Back: the first goes again under the same key, the second once; two rounds at once change nothing.
    server.setMode('up');
    await makeKeptDue('op-1', now);
    const rounds = await Promise.all([deliverKept('op-1', server.send, clock), deliverKept('op-1', server.send, clock)]);
    expect(new Set(rounds.flatMap((round) => round.sent.map((entry) => entry.id)))).toEqual(new Set([first.id, second.id]));
    expect(await consoleDatabase.kept.count()).toBe(0);
    expect([...server.credits.entries()].sort()).toEqual([
      ['AAA', 1],
      ['BBB', 1],
      ['CCC', 1],
    ]);
    expect(server.received.get(first.id)).toBeGreaterThanOrEqual(2);
    // Nothing is left to send.
    now += 1e9;
    await deliverKept('op-1', server.send, clock);
    expect(server.credits.get('AAA')).toBe(1);
  });

  it("never sends another operator's batch, and keeps a refused one with the server's message", async () => {
    const server = fakeServer();
    const mine = await keepBatch('op-1', ['AAA'], 1000);
    await keepBatch('op-2', ['BBB'], 1000);
    server.setMode('refuse');
    const report = await deliverKept('op-1', server.send, () => 2000);
    expect(report.refused.map((entry) => entry.id)).toEqual([mine.id]);
    expect(await consoleDatabase.kept.get(mine.id)).toMatchObject({
      state: 'failed',
      lastError: { status: 403, message: 'Your roles do not allow this.' },
    });
    server.setMode('up');
    await deliverKept('op-1', server.send, () => 1e9);
    expect([...server.credits.keys()]).toEqual([]);
  });
});
