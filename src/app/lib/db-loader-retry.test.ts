import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('./db');
  vi.resetModules();
});

describe('a database chunk that failed to load', () => {
  it('is loaded again by the next use, not failed for the rest of the page', async () => {
    vi.doMock('./db', () => {
      throw new TypeError('error loading dynamically imported module');
    });
    const { loadDatabase } = await import('./db-loader');
    await expect(loadDatabase()).rejects.toThrow();

    vi.doUnmock('./db');
    const { db } = await loadDatabase();
    await db.kv.put({ key: 'after-retry', value: 'kept' });
    expect(await db.kv.get('after-retry')).toEqual({ key: 'after-retry', value: 'kept' });
    db.close();
  });
});
