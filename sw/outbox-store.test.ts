import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '#domain/outbox';
import { openOutboxStore } from './outbox-store';

function entry(id: string, createdAt: number): OutboxEntry {
  return {
    id,
    kind: 'scan',
    endpoint: '/scans',
    method: 'POST',
    payload: { id },
    keyIn: 'body',
    owner: 'user-1',
    createdAt,
    attempts: 0,
    nextAttemptAt: createdAt,
    state: 'pending',
  };
}

/** The database as the app's Dexie schema makes it (src/app/lib/db.ts, version 2 = IndexedDB version 20). */
function createAppDatabase(rows: unknown[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('roundtrip', 20);
    request.onupgradeneeded = () => {
      request.result.createObjectStore('kv', { keyPath: 'key' });
      const outbox = request.result.createObjectStore('outbox', { keyPath: 'id' });
      for (const index of ['state', 'nextAttemptAt', 'createdAt']) outbox.createIndex(index, index);
      for (const row of rows) outbox.put(row);
    };
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
}

async function databaseNames(): Promise<(string | undefined)[]> {
  return (await indexedDB.databases()).map((database) => database.name);
}

afterEach(async () => {
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase('roundtrip');
    request.onsuccess = request.onerror = resolve;
  });
});

describe("the worker's view of the app's outbox table", () => {
  it('finds nothing on a device where the app never stored anything, and creates no database', async () => {
    expect(await openOutboxStore()).toBeUndefined();
    expect(await databaseNames()).not.toContain('roundtrip');
  });

  it('reads the entries oldest first, skipping rows it cannot read; removes and updates them', async () => {
    await createAppDatabase([entry('b', 2), entry('a', 1), { id: 'c', createdAt: 3 }]);
    const store = await openOutboxStore();
    expect(store).toBeDefined();
    expect((await store!.all()).map((row) => row.id)).toEqual(['a', 'b']);
    await store!.update('a', { attempts: 1, lastError: { status: 0, code: 'NETWORK', message: '' } });
    await store!.remove(['b']);
    expect(await store!.all()).toEqual([{ ...entry('a', 1), attempts: 1, lastError: { status: 0, code: 'NETWORK', message: '' } }]);
    store!.close();
  });

  it('does not write back an entry removed meanwhile (the customer signed out, or dismissed it)', async () => {
    await createAppDatabase([entry('a', 1)]);
    const store = await openOutboxStore();
    await store!.remove(['a']);
    await store!.update('a', { state: 'failed' });
    expect(await store!.all()).toEqual([]);
    store!.close();
  });

  it('lets go of the database when the app upgrades it', async () => {
    await createAppDatabase([entry('a', 1)]);
    const store = await openOutboxStore();
    const upgraded = await new Promise<boolean>((resolve) => {
      const request = indexedDB.open('roundtrip', 30);
      request.onblocked = () => resolve(false);
      request.onsuccess = () => {
        request.result.close();
        resolve(true);
      };
    });
    expect(upgraded).toBe(true);
    store!.close();
  });
});
