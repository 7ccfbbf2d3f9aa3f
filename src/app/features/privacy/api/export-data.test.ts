import { describe, expect, it } from 'vitest';
import { personalDataFileName } from './export-data';

describe('the personal-data file’s name', () => {
  it('is dated with the customer’s own day, not UTC’s', () => {
    // 08:00 in Tokyo is still the day before in UTC.
    expect(personalDataFileName(new Date('2026-11-29T23:00:00Z'), 'Asia/Tokyo')).toBe('roundtrip-personal-data-2026-11-30.json');
    // 21:00 in Montreal is already the next day in UTC.
    expect(personalDataFileName(new Date('2026-11-30T02:00:00Z'), 'America/Toronto')).toBe('roundtrip-personal-data-2026-11-29.json');
    expect(personalDataFileName(new Date('2026-11-29T12:00:00Z'), 'Europe/London')).toBe('roundtrip-personal-data-2026-11-29.json');
  });
});
