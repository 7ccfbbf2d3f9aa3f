import { describe, expect, it } from 'vitest';
import { formatMoney } from '#domain/money';
import { formatNewsDate, formatTransactionDate, showsYear } from './format';

const now = new Date('2026-11-21T12:00:00Z');

describe('formatTransactionDate (day and short month, the year only when older than the previous year)', () => {
  it('shows no year this year or last year', () => {
    expect(formatTransactionDate('2026-03-05T10:00:00Z', 'en-US', now, 'UTC')).toBe('Mar 5');
    expect(formatTransactionDate('2025-01-01T00:00:00Z', 'en-US', now, 'UTC')).toBe('Jan 1');
    expect(formatTransactionDate('2025-12-31T10:00:00Z', 'en-GB', now, 'UTC')).toBe('31 Dec');
  });

  it('shows the year from two calendar years back', () => {
    expect(showsYear(new Date('2024-12-31T23:59:59Z'), now, 'UTC')).toBe(true);
    expect(showsYear(new Date('2025-01-01T00:00:00Z'), now, 'UTC')).toBe(false);
    expect(formatTransactionDate('2024-12-31T10:00:00Z', 'en-US', now, 'UTC')).toBe('Dec 31, 2024');
    expect(formatTransactionDate('2024-12-31T10:00:00Z', 'en-GB', now, 'UTC')).toBe('31 Dec 2024');
  });

  it('follows the calendar of the time zone', () => {
    // 31 Dec 2024 20:00 in UTC is already 1 Jan 2025 in Tokyo.
    expect(showsYear(new Date('2024-12-31T20:00:00Z'), now, 'Asia/Tokyo')).toBe(false);
    expect(showsYear(new Date('2024-12-31T20:00:00Z'), now, 'UTC')).toBe(true);
  });

  it('speaks French and Japanese', () => {
    expect(formatTransactionDate('2026-11-20T10:00:00Z', 'fr-FR', now, 'UTC')).toBe('20 nov.');
    expect(formatTransactionDate('2026-11-20T10:00:00Z', 'ja-JP', now, 'UTC')).toBe('11月20日');
    expect(formatTransactionDate('2023-11-20T10:00:00Z', 'ja-JP', now, 'UTC')).toBe('2023年11月20日');
  });

  it('treats a future date (clock skew) like this year', () => {
    expect(formatTransactionDate('2027-01-02T10:00:00Z', 'en-US', now, 'UTC')).toBe('Jan 2');
  });
});

describe('formatMoney (market currency, UI locale)', () => {
  it('formats dollars, pounds and euros with two decimals', () => {
    expect(formatMoney({ currency: 'USD', value: '3.25' }, 'en-US')).toBe('$3.25');
    expect(formatMoney({ currency: 'USD', value: '3' }, 'en-US')).toBe('$3.00');
    expect(formatMoney({ currency: 'GBP', value: '1234.5' }, 'en-GB')).toBe('£1,234.50');
    expect(formatMoney({ currency: 'CAD', value: '0.10' }, 'en-CA')).toBe('$0.10');
    // A Quebec reader expects "1,75 $", not France's "1,75 $CA".
    expect(formatMoney({ currency: 'CAD', value: '1.75' }, 'fr-CA')).toBe('1,75\u00a0$');
    expect(formatMoney({ currency: 'EUR', value: '2.25' }, 'fr-FR')).toBe('2,25\u00a0€');
  });

  it('formats yen without decimals', () => {
    expect(formatMoney({ currency: 'JPY', value: '1230' }, 'ja-JP')).toBe('￥1,230');
    expect(formatMoney({ currency: 'JPY', value: '30' }, 'en-US')).toBe('¥30');
  });

  it('keeps exact decimals of large amounts and shows signs', () => {
    expect(formatMoney({ currency: 'USD', value: '90071992547409.93' }, 'en-US')).toBe('$90,071,992,547,409.93');
    expect(formatMoney({ currency: 'USD', value: '-1.50' }, 'en-US')).toBe('-$1.50');
    expect(formatMoney({ currency: 'USD', value: '1.00' }, 'en-US', { signDisplay: 'exceptZero' })).toBe('+$1.00');
  });

  it('uses the UI language for another market’s currency', () => {
    expect(formatMoney({ currency: 'JPY', value: '500' }, 'fr-FR')).toBe('500\u00a0JPY');
  });
});

describe('formatNewsDate (the news page dates as the history does, with the time)', () => {
  it('leaves out this year and last year, in every language', () => {
    expect(formatNewsDate('2026-11-20T14:05:00Z', 'fr-FR', now, 'UTC')).toBe('20 nov., 14:05');
    expect(formatNewsDate('2026-11-20T14:05:00Z', 'en-GB', now, 'UTC')).toBe('20 Nov, 14:05');
    expect(formatNewsDate('2026-11-20T14:05:00Z', 'ja-JP', now, 'UTC')).toBe('11月20日 14:05');
    expect(formatNewsDate('2025-12-31T09:00:00Z', 'en-GB', now, 'UTC')).toBe('31 Dec, 09:00');
  });

  it('shows the year from two calendar years back', () => {
    expect(formatNewsDate('2024-12-31T09:00:00Z', 'en-GB', now, 'UTC')).toBe('31 Dec 2024, 09:00');
  });
});
