import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { databaseLoaded, hasStoredData, loadDatabase, readStoredValue } from './db-loader';

describe('loading the database only when something is stored', () => {
  it('finds nothing stored on a first visit, then the database once it has been used', async () => {
    expect(await hasStoredData()).toBe(false);
    let announced = false;
    void databaseLoaded.then(() => (announced = true));

    const { db } = await loadDatabase();
    await db.kv.put({ key: 'query-cache', value: '{}' });

    expect(await hasStoredData()).toBe(true);
    expect(announced).toBe(true);
    expect((await indexedDB.databases()).map((database) => database.name)).toContain('roundtrip');
    db.close();
  });
});

describe('reading the saved cache before Dexie has loaded', () => {
  it('reads what Dexie wrote, and nothing for a missing key', async () => {
    const { db } = await loadDatabase();
    // The test above closed it.
    await db.open();
    await db.kv.put({ key: 'query-cache', value: '{"clientState":{}}' });
    db.close();

    expect(await readStoredValue('query-cache')).toBe('{"clientState":{}}');
    expect(await readStoredValue('something-else')).toBeNull();

    // Its connection is closed: Dexie opens the database again as before.
    await db.open();
    expect((await db.kv.get('query-cache'))?.value).toBe('{"clientState":{}}');
    db.close();
  });

  it('leaves no database behind on a device that has none', async () => {
    const deleting = indexedDB.deleteDatabase('roundtrip');
    await new Promise((resolve) => (deleting.onsuccess = resolve));
    expect(await readStoredValue('query-cache')).toBeNull();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain('roundtrip');
  });
});

/** The saved cache as Dexie writes it, its connection closed again (readStoredValue opens its own). */
async function saveInDatabase(value: string): Promise<void> {
  const { db } = await loadDatabase();
  await db.open();
  await db.kv.put({ key: 'query-cache', value });
  db.close();
}

describe("taking the read a signed-in page's shell started", () => {
  it('takes it once for the saved cache, and reads the database for anything after it', async () => {
    await saveInDatabase('{"clientState":{"saved":"now"}}');
    const shell: Pick<Window, 'roundtripSavedAnswers'> = {
      roundtripSavedAnswers: { key: 'query-cache', value: Promise.resolve('{"clientState":{"saved":"at the start"}}') },
    };
    vi.stubGlobal('window', shell);
    try {
      expect(await readStoredValue('query-cache')).toBe('{"clientState":{"saved":"at the start"}}');
      expect(shell.roundtripSavedAnswers).toBeUndefined();
      // A later read (after a save) sees what the database holds now.
      expect(await readStoredValue('query-cache')).toBe('{"clientState":{"saved":"now"}}');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reads the database itself when the shell could not, or read another key', async () => {
    await saveInDatabase('{"clientState":{}}');
    vi.stubGlobal('window', {
      roundtripSavedAnswers: { key: 'query-cache', value: Promise.reject(new DOMException('refused', 'UnknownError')) },
    } satisfies Pick<Window, 'roundtripSavedAnswers'>);
    try {
      expect(await readStoredValue('query-cache')).toBe('{"clientState":{}}');
      vi.stubGlobal('window', {
        roundtripSavedAnswers: { key: 'something-else', value: Promise.resolve('{"not":"this"}') },
      } satisfies Pick<Window, 'roundtripSavedAnswers'>);
      expect(await readStoredValue('query-cache')).toBe('{"clientState":{}}');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
