import { describe, expect, it } from 'vitest';
import type { TransactionsPage } from '#domain/schemas/wallet';
import { transactionRow } from '../test-rows';
import { filteredFromFullHistory } from './transactions';

const money = { currency: 'USD' as const, value: '1.00' };
const page = (rows: TransactionsPage['data'], total = rows.length): TransactionsPage => ({
  data: rows,
  meta: { page: 1, items_per_page: 1000, total },
});
const history = page([
  transactionRow({ id: 'scan', category: 'SCAN', status: 'COMPLETED', amount: money, items: [], number_of_scans: 1 }),
  transactionRow({ id: 'paid', category: 'WITHDRAWAL', status: 'COMPLETED', amount: money, items: [], number_of_scans: null }),
  transactionRow({ id: 'asked', category: 'WITHDRAWAL', status: 'PENDING', amount: money, items: [], number_of_scans: null }),
]);

describe('a filtered list from the history this device saved (offline)', () => {
  it('gives the withdrawals of the whole history, counted', () => {
    const withdrawals = filteredFromFullHistory(history, { type: 'WITHDRAWAL' });
    expect(withdrawals?.data.map((row) => row.id)).toEqual(['paid', 'asked']);
    expect(withdrawals?.meta.total).toBe(2);
    expect(filteredFromFullHistory(history, { type: 'WITHDRAWAL', status: 'PENDING' })?.data.map((row) => row.id)).toEqual(['asked']);
  });

  it('gives nothing from a history it does not have whole, or does not have at all', () => {
    expect(filteredFromFullHistory(page(history.data, 1500), { type: 'WITHDRAWAL' })).toBeUndefined();
    expect(filteredFromFullHistory(undefined, { type: 'WITHDRAWAL' })).toBeUndefined();
  });
});
