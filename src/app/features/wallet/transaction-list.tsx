import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Transaction } from '../../../domain/schemas/wallet';
import { TransactionItem } from './transaction-item';

/** The first rows paint at once; the rest are added a chunk per task, so 1,000 rows never block the page. */
export const firstChunk = 40;
export const nextChunk = 120;

export function TransactionList({ rows }: { rows: Transaction[] }) {
  const { t } = useLingui();
  const [shown, setShown] = useState(firstChunk);
  const now = useMemo(() => new Date(), [rows]);

  useEffect(() => setShown(firstChunk), [rows]);
  useEffect(() => {
    if (shown >= rows.length) return;
    // A task per chunk (not a frame): input and paint run in between, and a busy compositor does not stall the list.
    const timer = setTimeout(() => setShown((count) => count + nextChunk), 0);
    return () => clearTimeout(timer);
  }, [shown, rows.length]);

  if (rows.length === 0) return <p data-testid="transactions-empty">{t`No transactions yet.`}</p>;
  return (
    <ul className="transactions" data-testid="transactions" data-complete={shown >= rows.length ? 'true' : 'false'}>
      {rows.slice(0, shown).map((row) => (
        <TransactionItem key={row.id} row={row} now={now} />
      ))}
    </ul>
  );
}
