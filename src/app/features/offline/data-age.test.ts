import { describe, expect, it } from 'vitest';
import { formatAge } from './data-age';

describe('formatAge', () => {
  it('reads the age in the interface language', () => {
    expect(formatAge(3 * 60 * 60_000, 'en-US')).toBe('3 hours ago');
    expect(formatAge(20_000, 'en-US')).toBe('now');
    expect(formatAge(5 * 60_000, 'en-GB')).toBe('5 minutes ago');
    expect(formatAge(2 * 24 * 60 * 60_000, 'en-US')).toBe('2 days ago');
    expect(formatAge(3 * 60 * 60_000, 'fr-FR')).toBe('il y a 3 heures');
    expect(formatAge(3 * 60 * 60_000, 'ja-JP')).toBe('3 時間前');
  });
});
