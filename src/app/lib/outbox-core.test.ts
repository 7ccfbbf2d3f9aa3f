import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { db, type OutboxEntry } from './db';
import { classify, flushDue, retryDelay, saveAllToOutbox, saveToOutbox, type SendResult } from './outbox-core';

/** A fake server that records each idempotency key once, like POST /scans. */
function fakeServer() {
  const received = new Map<string, number>();
  let mode: 'up' | 'down' | 'refuse' = 'up';
  const send = async (entry: OutboxEntry): Promise<SendResult> => {
    if (mode === 'down') return classify(0, 'NETWORK', '');
    if (mode === 'refuse') return classify(404, 'CONTAINER_UNKNOWN', "Sorry, we don't recognise this code.");
    received.set(entry.id, (received.get(entry.id) ?? 0) + 1);
    return classify(received.get(entry.id) === 1 ? 201 : 200, '', '');
  };
  return { received, send, setMode: (next: typeof mode) => (mode = next) };
}

afterEach(async () => {
  await db.outbox.clear();
});

describe('outbox', () => {
  it('saves the entry with its key before anything is sent', async () => {
    const entry = await saveToOutbox({ kind: 'scan', endpoint: '/scans', payload: { id: 'k1', code: 'X' }, id: 'k1' }, 'user-1', 1000);
    expect(await db.outbox.get('k1')).toEqual(entry);
    expect(entry).toMatchObject({ attempts: 0, nextAttemptAt: 1000, state: 'pending', method: 'POST', owner: 'user-1' });
    // The same key again is the same action: still one entry.
    await saveToOutbox({ kind: 'scan', endpoint: '/scans', payload: { id: 'k1', code: 'X' }, id: 'k1' }, 'user-1', 2000);
    expect(await db.outbox.count()).toBe(1);
  });

  it("saves a frame's actions together, keeping one already queued as it was", async () => {
    await saveToOutbox({ kind: 'scan', endpoint: '/scans', payload: { code: 'OLD' }, id: 'k2' }, 'user-1', 500);
    const entries = await saveAllToOutbox(
      ['k1', 'k2', 'k3'].map((id) => ({ kind: 'scan', endpoint: '/scans', payload: { code: id }, id })),
      'user-1',
      1000,
    );
    expect(entries.map((entry) => [entry.id, entry.createdAt])).toEqual([
      ['k1', 1000],
      ['k2', 500],
      ['k3', 1000],
    ]);
    expect((await db.outbox.get('k2'))?.payload).toEqual({ code: 'OLD' });
    expect(await db.outbox.count()).toBe(3);
  });

  it('reaches the server exactly once, after network failures with backoff', async () => {
    const server = fakeServer();
    let now = 10_000;
    await saveToOutbox({ kind: 'scan', endpoint: '/scans', payload: {}, id: 'a' }, 'u', now);
    await saveToOutbox({ kind: 'scan', endpoint: '/scans', payload: {}, id: 'b' }, 'u', now + 1);

    server.setMode('down');
    const first = await flushDue('u', server.send, () => now);
    expect(first.sent).toEqual([]);
    const a = await db.outbox.get('a');
    expect(a?.attempts).toBe(1);
    expect(a?.nextAttemptAt).toBeGreaterThan(now);
    // b (not due yet) waits for a's retry: nothing is tried while the network is known to be down.
    expect((await db.outbox.get('b'))?.attempts).toBe(0);
    expect(first.nextAttemptAt).toBe(a?.nextAttemptAt);
    // Not due yet: nothing is tried.
    const early = await flushDue('u', server.send, () => now + 100);
    expect(early.sent).toEqual([]);
    expect((await db.outbox.get('a'))?.attempts).toBe(1);

    server.setMode('up');
    now += 60_000;
    const second = await flushDue('u', server.send, () => now);
    expect(second.sent.map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(await db.outbox.count()).toBe(0);
    expect([...server.received.entries()]).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
    // A later round sends nothing again.
    await flushDue('u', server.send, () => now + 1e9);
    expect(server.received.get('a')).toBe(1);
  });

  it('sends a bag of scans side by side, at most six at a time, each once', async () => {
    const received = new Map<string, number>();
    let inFlight = 0;
    let mostInFlight = 0;
    const send = async (entry: OutboxEntry): Promise<SendResult> => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      received.set(entry.id, (received.get(entry.id) ?? 0) + 1);
      return classify(entry.id === 's3' ? 404 : 201, entry.id === 's3' ? 'CONTAINER_UNKNOWN' : '', '');
    };
    for (let index = 0; index < 8; index += 1)
      await saveToOutbox({ kind: 'scan', endpoint: '/scans', payload: {}, id: `s${index}` }, 'u', 100 + index);
    const report = await flushDue('u', send, () => 1_000);
    expect(mostInFlight).toBe(6);
    expect([...received.values()]).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(report.sent.map((entry) => entry.id)).toEqual(['s0', 's1', 's2', 's4', 's5', 's6', 's7']);
    expect(report.refused.map((entry) => entry.id)).toEqual(['s3']);
    expect(await db.outbox.count()).toBe(1);
  });

  it('sends a run of scans in one call where it may, each settled by its own answer, and only same-language scans together', async () => {
    const calls: string[][] = [];
    const singles: string[] = [];
    const send = async (entry: OutboxEntry): Promise<SendResult> => {
      singles.push(entry.id);
      return classify(201, '', '');
    };
    const sendRun = async (entries: OutboxEntry[]): Promise<SendResult[]> => {
      calls.push(entries.map((entry) => entry.id));
      return entries.map((entry) => (entry.id === 's2' ? classify(404, 'CONTAINER_UNKNOWN', 'Unknown') : classify(201, '', '')));
    };
    for (let index = 0; index < 14; index += 1)
      await saveToOutbox(
        { kind: 'scan', endpoint: '/scans', payload: {}, id: `s${index}` },
        'u',
        100 + index,
        index === 13 ? 'fr-FR' : 'en-US',
      );
    await saveToOutbox({ kind: 'withdrawal', endpoint: '/withdrawals', payload: {}, id: 'w', keyIn: 'header' }, 'u', 200, 'en-US');
    const report = await flushDue('u', send, () => 1_000, sendRun);
    // Twelve at most in one call; the French one in its own (alone: sent as a single scan); the withdrawal alone.
    expect(calls).toEqual([Array.from({ length: 12 }, (_, index) => `s${index}`)]);
    expect(singles).toEqual(['s12', 's13', 'w']);
    expect(report.refused.map((entry) => entry.id)).toEqual(['s2']);
    expect(await db.outbox.get('s2')).toMatchObject({ state: 'failed', lastError: { status: 404, code: 'CONTAINER_UNKNOWN' } });
    expect(await db.outbox.count()).toBe(1);
  });

  it('stops a round of scans sent side by side when the network is down, each with its backoff', async () => {
    const server = fakeServer();
    server.setMode('down');
    for (const id of ['a', 'b', 'c']) await saveToOutbox({ kind: 'scan', endpoint: '/scans', payload: {}, id }, 'u', 0);
    await saveToOutbox({ kind: 'withdrawal', endpoint: '/withdrawals', payload: {}, id: 'w', keyIn: 'header' }, 'u', 1);
    const report = await flushDue('u', server.send, () => 10);
    const entries = await db.outbox.toArray();
    expect(entries.map((entry) => [entry.id, entry.attempts])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 1],
      ['w', 0],
    ]);
    expect(report.nextAttemptAt).toBe(Math.min(...entries.filter((entry) => entry.kind === 'scan').map((entry) => entry.nextAttemptAt)));
  });

  it('keeps any other action in its turn: a withdrawal waits for the scans queued before it', async () => {
    const order: string[] = [];
    let inFlight = 0;
    const send = async (entry: OutboxEntry): Promise<SendResult> => {
      inFlight += 1;
      if (entry.kind === 'withdrawal') expect(inFlight).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      order.push(entry.id);
      return classify(201, '', '');
    };
    await saveToOutbox({ kind: 'scan', endpoint: '/scans', payload: {}, id: 'a' }, 'u', 1);
    await saveToOutbox({ kind: 'scan', endpoint: '/scans', payload: {}, id: 'b' }, 'u', 2);
    await saveToOutbox({ kind: 'withdrawal', endpoint: '/withdrawals', payload: {}, id: 'w', keyIn: 'header' }, 'u', 3);
    await saveToOutbox({ kind: 'scan', endpoint: '/scans', payload: {}, id: 'c' }, 'u', 4);
    await flushDue('u', send, () => 10);
    expect(order.indexOf('w')).toBe(2);
    expect(order.at(-1)).toBe('c');
  });

  it('does not retry a refused action, and keeps it with the reason for the customer', async () => {
    const server = fakeServer();
    server.setMode('refuse');
    await saveToOutbox({ kind: 'scan', endpoint: '/scans', payload: {}, id: 'r' }, 'u', 0);
    const report = await flushDue('u', server.send, () => 0);
    expect(report.refused.map((entry) => entry.id)).toEqual(['r']);
    expect(await db.outbox.get('r')).toMatchObject({ state: 'failed', lastError: { status: 404, code: 'CONTAINER_UNKNOWN' } });
    server.setMode('up');
    await flushDue('u', server.send, () => 1e12);
    expect(server.received.size).toBe(0);
  });

  it("never sends another person's entries", async () => {
    const server = fakeServer();
    await saveToOutbox({ kind: 'scan', endpoint: '/scans', payload: {}, id: 'x' }, 'someone-else', 0);
    await flushDue('me', server.send, () => 1);
    expect(server.received.size).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });

  it('records the interface language the action was taken in, for a delivery by the service worker', async () => {
    const entry = await saveToOutbox({ kind: 'scan', endpoint: '/scans', payload: {}, id: 'l' }, 'u', 0, 'ja-JP');
    expect(entry.locale).toBe('ja-JP');
    expect((await db.outbox.get('l'))?.locale).toBe('ja-JP');
  });

  it('classifies answers: 2xx sent, 4xx refused, 401/408/429/5xx/no answer retried', () => {
    expect(classify(201, '', '').kind).toBe('sent');
    expect(classify(200, '', '').kind).toBe('sent');
    for (const status of [400, 404, 409, 422]) expect(classify(status, '', '').kind).toBe('refused');
    for (const status of [0, 401, 408, 429, 500, 503]) expect(classify(status, '', '').kind).toBe('retry');
  });

  it('backs off exponentially with jitter, up to ten minutes', () => {
    const mid = () => 0.5;
    expect(retryDelay(1, mid)).toBe(2_000);
    expect(retryDelay(2, mid)).toBe(4_000);
    expect(retryDelay(5, mid)).toBe(32_000);
    expect(retryDelay(30, mid)).toBe(600_000);
    expect(retryDelay(1, () => 0)).toBe(1_500);
    expect(retryDelay(1, () => 1)).toBe(2_500);
  });
});
