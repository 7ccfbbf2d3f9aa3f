import { plural, t } from '@lingui/core/macro';
import type { Transaction } from '#domain/schemas/wallet';

export type TitleKind =
  | 'returned'
  | 'pending-scans'
  | 'rejected-scans'
  | 'cancelled-scans'
  | 'dispute-credited'
  | 'withdrawal-pending'
  | 'withdrawal-cancelled'
  | 'withdrawal'
  | 'adjustment';

/** How a row is styled: pending rows orange, cancelled/failed/rejected black. */
export type RowTone = 'pending' | 'closed' | 'credit' | 'debit';

type TitleInput = Pick<Transaction, 'category' | 'status' | 'items' | 'number_of_scans' | 'dispute'>;

/**
 * A rejected or cancelled scan whose dispute was credited: the row carries the credit
 * (docs/product.md, The history accounts for the balance), so it reads as money in, not as a refusal.
 */
export function isCreditedDispute(row: Pick<Transaction, 'category' | 'dispute'>): boolean {
  return row.category === 'SCAN' && row.dispute?.status === 'CREDITED';
}

/** The title's kind and the count it shows (docs/product.md, History titles). */
export function titleOf(row: TitleInput): { kind: TitleKind; count: number } {
  const scans = row.number_of_scans ?? row.items.reduce((sum, item) => sum + item.quantity, 0);
  switch (row.category) {
    case 'SCAN':
      if (isCreditedDispute(row)) return { kind: 'dispute-credited', count: scans };
      switch (row.status) {
        case 'COMPLETED':
          // A completed scan counts the items returned: the sum of the item quantities.
          return { kind: 'returned', count: row.items.reduce((sum, item) => sum + item.quantity, 0) };
        case 'PENDING':
          return { kind: 'pending-scans', count: scans };
        case 'REJECTED':
          return { kind: 'rejected-scans', count: scans };
        default:
          return { kind: 'cancelled-scans', count: scans };
      }
    case 'WITHDRAWAL':
      if (row.status === 'PENDING') return { kind: 'withdrawal-pending', count: 1 };
      if (row.status === 'CANCELLED' || row.status === 'FAILED') return { kind: 'withdrawal-cancelled', count: 1 };
      return { kind: 'withdrawal', count: 1 };
    case 'ADJUSTMENT':
      return { kind: 'adjustment', count: 1 };
  }
}

/**
 * The amount is hidden for pending, rejected and cancelled scans: no money moved (docs/product.md,
 * Amounts hidden), unless a dispute of the scan was credited.
 */
export function showsAmount(row: Pick<Transaction, 'category' | 'status' | 'dispute'>): boolean {
  if (isCreditedDispute(row)) return true;
  return !(row.category === 'SCAN' && (row.status === 'PENDING' || row.status === 'REJECTED' || row.status === 'CANCELLED'));
}

export function toneOf(row: Pick<Transaction, 'category' | 'status' | 'amount' | 'dispute'>): RowTone {
  if (isCreditedDispute(row)) return 'credit';
  if (row.status === 'PENDING') return 'pending';
  if (row.status === 'CANCELLED' || row.status === 'FAILED' || row.status === 'REJECTED') return 'closed';
  return row.amount.value.startsWith('-') ? 'debit' : 'credit';
}

/** The title in the active language (the global i18n the app activates), with its plural. */
export function transactionTitle(row: TitleInput): string {
  const { kind, count } = titleOf(row);
  switch (kind) {
    case 'returned':
      return plural(count, { one: '# item returned', other: '# items returned' });
    case 'pending-scans':
      return plural(count, { one: '# scan pending', other: '# scans pending' });
    case 'rejected-scans':
      return plural(count, { one: '# scan rejected', other: '# scans rejected' });
    case 'cancelled-scans':
      return plural(count, { one: '# scan canceled', other: '# scans canceled' });
    case 'dispute-credited':
      return plural(count, { one: '# item credited after your dispute', other: '# items credited after your dispute' });
    case 'withdrawal-pending':
      return t`Withdrawal pending`;
    case 'withdrawal-cancelled':
      return t`Withdrawal canceled`;
    case 'withdrawal':
      return t`Withdrawal`;
    case 'adjustment':
      return t`Adjustment by customer care`;
  }
}
