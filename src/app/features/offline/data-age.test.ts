import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { meQueryOptions } from '../../lib/me';
import { formatAge, oldestShownDataAt } from './data-age';

describe('formatAge', () => {
  it('reads the age in the interface language', () => {
    expect(formatAge(3 * 60 * 60_000, 'en-US')).toBe('3 hours ago');
    expect(formatAge(20_000, 'en-US')).toBe('now');
    expect(formatAge(5 * 60_000, 'en-GB')).toBe('5 minutes ago');
    expect(formatAge(2 * 24 * 60 * 60_000, 'en-US')).toBe('2 days ago');
    expect(formatAge(3 * 60 * 60_000, 'fr-FR')).toBe('il y a 3 heures');
    expect(formatAge(3 * 60 * 60_000, 'ja-JP')).toBe('3時間前');
    expect(formatAge(3 * 60_000, 'ja-JP')).toBe('3分前');
  });
});

describe('oldestShownDataAt', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  function shown(client: QueryClient, queryKey: readonly unknown[], updatedAt: number, meta?: Record<string, unknown>) {
    client.setQueryData(queryKey, { value: 1 }, { updatedAt });
    const observer = new QueryObserver(client, { queryKey, queryFn: () => ({ value: 1 }), enabled: false, staleTime: Infinity, meta });
    stops.push(observer.subscribe(() => undefined));
  }

  it('is the age of the page’s data, not of the signed-in user the account menu keeps for five minutes', () => {
    const client = new QueryClient();
    const now = Date.parse('2026-11-25T12:00:00Z');
    // The account menu's user, fetched when the session started and still fresh to its own rule.
    const me = meQueryOptions();
    shown(client, me.queryKey, now - 6 * 60_000, me.meta);
    // The balance the page shows, fetched seconds ago.
    shown(client, ['wallet', 'balance'], now - 10_000);
    expect(formatAge(now - oldestShownDataAt(client.getQueryCache())!, 'fr-FR')).toBe('maintenant');

    // The oldest of the page's own answers counts, and nothing nobody looks at does.
    shown(client, ['wallet', 'transactions'], now - 3 * 60_000);
    client.setQueryData(['wallet', 'impact'], { value: 1 }, { updatedAt: now - 60 * 60_000 });
    expect(oldestShownDataAt(client.getQueryCache())).toBe(now - 3 * 60_000);
  });
});
