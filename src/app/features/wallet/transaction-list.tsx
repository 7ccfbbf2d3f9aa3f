import './wallet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Transaction } from '#domain/schemas/wallet';
import { useOutbox } from '../../lib/outbox';
import { TransactionItem } from './transaction-item';

/**
 * The first rows (about a phone screen's worth) come with the page; the rest are added a chunk per
 * task, so 1,000 rows never block the page, and the account page's start does not wait for rows
 * below the fold (bench/start.ts: 40 at once took some 10 ms of an offline start).
 */
export const firstChunk = 10;
export const nextChunk = 120;

/** `pickedId`: a row to open and bring into view (a notification's), rendered at once wherever it is. */
export function TransactionList({ rows, pickedId }: { rows: Transaction[]; pickedId?: string | undefined }) {
  const { t } = useLingui();
  const pickedIndex = pickedId === undefined ? -1 : rows.findIndex((row) => row.id === pickedId);
  const firstShown = Math.max(firstChunk, pickedIndex + 1);
  const [shown, setShown] = useState(firstShown);
  // "Today" for the dates is taken when the rows arrive, not on every render.
  const [now, setNow] = useState(() => new Date());
  // Disputes still in the outbox (filed offline): their lines say so until the server has them.
  const queuedDisputes = useOutbox('dispute');
  const disputed = useMemo(
    () =>
      new Set(
        queuedDisputes
          .filter((entry) => entry.state === 'pending')
          .map((entry) => (entry.payload as { transaction_id?: unknown }).transaction_id),
      ),
    [queuedDisputes],
  );

  useEffect(() => {
    setShown(firstShown);
    setNow(new Date());
  }, [rows, firstShown]);
  useEffect(() => {
    if (shown >= rows.length) return;
    // A task per chunk (not a frame): input and paint run in between, and a busy compositor does not stall the list.
    const timer = setTimeout(() => setShown((count) => count + nextChunk), 0);
    return () => clearTimeout(timer);
  }, [shown, rows.length]);

  // The picked row brings itself into view when it mounts, but the router then resets the scroll
  // for the new page, and later chunks can move it: once the list is whole and that frame is
  // painted, it is scrolled to and focused again, once per picked row.
  const listRef = useRef<HTMLUListElement>(null);
  const broughtIntoView = useRef<string | undefined>(undefined);
  const complete = shown >= rows.length;
  const pickedShown = pickedIndex >= 0;
  useEffect(() => {
    if (!pickedId || !pickedShown || !complete || broughtIntoView.current === pickedId) return;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => {
        const header = listRef.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(pickedId)}"] button`);
        if (!header) return;
        broughtIntoView.current = pickedId;
        header.scrollIntoView({ block: 'center' });
        header.focus({ preventScroll: true });
      });
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [pickedId, pickedShown, complete]);

  if (rows.length === 0) return <p data-testid="transactions-empty">{t`No transactions yet.`}</p>;
  return (
    <ul ref={listRef} className="transactions" data-testid="transactions" data-complete={complete ? 'true' : 'false'}>
      {rows.slice(0, shown).map((row) => (
        <TransactionItem key={row.id} row={row} now={now} disputeQueued={disputed.has(row.id)} picked={row.id === pickedId} />
      ))}
    </ul>
  );
}
