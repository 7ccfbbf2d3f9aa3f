import { describe, expect, it } from 'vitest';
import type { Transaction } from '#domain/schemas/wallet';
import { canDispute } from './dispute-rules';
import { transactionRow } from './test-rows';

const now = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
const row = (overrides: Partial<Transaction>): Transaction =>
  transactionRow({
    id: 'scan:x',
    created_at: daysAgo(1),
    status: 'REJECTED',
    amount: { currency: 'USD', value: '0' },
    items: [],
    number_of_scans: 1,
    ...overrides,
  });

describe('canDispute', () => {
  it('offers the rows the server marks disputable, until they carry a dispute', () => {
    expect(canDispute(row({ disputable: true }), now)).toBe(true);
    const dispute = {
      id: 'd',
      status: 'OPEN' as const,
      reason: 'returned' as const,
      answer: null,
      credited: null,
      created_at: daysAgo(0),
      resolved_at: null,
    };
    expect(canDispute(row({ disputable: true, dispute }), now)).toBe(false);
  });

  it('offers a pending day once its latest scan is 32 days old, not a day earlier', () => {
    expect(canDispute(row({ id: 'scan-pending:2026-10-20', status: 'PENDING', created_at: daysAgo(32) }), now)).toBe(true);
    expect(canDispute(row({ id: 'scan-pending:2026-10-21', status: 'PENDING', created_at: daysAgo(31) }), now)).toBe(false);
  });

  it('offers a pending day from when the server says, which counts from the scans’ arrival, not their date', () => {
    // Scanned 40 days ago on a phone offline, received 10 days ago: not yet.
    const late = { id: 'scan-pending:2026-10-14', status: 'PENDING' as const, created_at: daysAgo(40) };
    expect(canDispute(row({ ...late, disputable_from: daysAgo(10 - 32) }), now)).toBe(false);
    expect(canDispute(row({ ...late, disputable_from: daysAgo(0) }), now)).toBe(true);
  });

  it('never offers completed scans, adjustments or withdrawals', () => {
    expect(canDispute(row({ status: 'COMPLETED', created_at: daysAgo(60) }), now)).toBe(false);
    expect(canDispute(row({ category: 'ADJUSTMENT', status: 'COMPLETED', disputable: true }), now)).toBe(false);
    expect(canDispute(row({ category: 'WITHDRAWAL', status: 'PENDING', created_at: daysAgo(60) }), now)).toBe(false);
  });
});
