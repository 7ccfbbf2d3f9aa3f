import { pendingProcessingDays } from '#domain/pending-rule';
import { lazy, memo, Suspense, useEffect, useId, useRef, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Transaction } from '#domain/schemas/wallet';
import { formatMoney } from '#domain/money';
import { formatLongDate, formatTransactionDate } from '../../lib/format';
import { loadLaterMessages } from '../../lib/i18n';
import { Dialog } from '../../ui/dialog';
import { LazyImage } from '../../ui/lazy-image';
import { spaceBetween, unbreakable } from '../../ui/spacing';
import { canDispute } from './dispute-rules';
import { isCreditedDispute, showsAmount, toneOf, transactionTitle } from './titles';

/** The form (and its photo code) loads when someone opens it, with its texts (the later catalogue, lib/i18n.ts). */
const DisputeForm = lazy(() => Promise.all([import('./dispute-form'), loadLaterMessages()]).then(([module]) => module));

const thumbnailSize = 40;
const maxThumbnails = 4;

/**
 * An expandable row with title, amount, date and thumbnails; the body has comment, details and item rows.
 * `picked`: the row a notification opened (account page `?row=`): shown open, scrolled to and focused.
 */
export const TransactionItem = memo(function TransactionItem({
  row,
  now,
  disputeQueued = false,
  picked = false,
}: {
  row: Transaction;
  now: Date;
  disputeQueued?: boolean;
  picked?: boolean;
}) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(picked);
  const headerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!picked) return;
    setOpen(true);
    headerRef.current?.scrollIntoView({ block: 'center' });
    headerRef.current?.focus({ preventScroll: true });
  }, [picked]);
  const bodyId = useId();
  const locale = i18n.locale;
  const title = transactionTitle(row);
  const tone = toneOf(row);
  const amount = showsAmount(row)
    ? formatMoney(row.amount, locale, { signDisplay: row.category === 'ADJUSTMENT' || isCreditedDispute(row) ? 'exceptZero' : 'auto' })
    : undefined;
  // A container someone else scanned first: the same words as the scan screen's answer and list.
  const statusText =
    row.claim === 'OPEN'
      ? t`Under review: someone else scanned this container first`
      : {
          PENDING: t`Pending`,
          COMPLETED: t`Completed`,
          REJECTED: t`Rejected`,
          CANCELLED: t`Canceled`,
          FAILED: t`Failed`,
        }[row.status];
  const disputeState = disputeQueued && !row.dispute ? 'QUEUED' : row.dispute?.status;
  const disputeText = disputeState ? i18n._(disputeStateMessages[disputeState]) : undefined;

  return (
    <li
      className={`transaction transaction--${tone}${picked ? ' transaction--picked' : ''}`}
      data-testid="transaction"
      data-id={row.id}
      data-status={row.status}
      data-category={row.category}
      data-dispute={disputeState}
      data-claim={row.claim ?? undefined}
      data-picked={picked ? 'true' : undefined}
    >
      <button
        ref={headerRef}
        type="button"
        className="transaction__header"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
      >
        {row.items.length > 0 ? (
          <span className="transaction__thumbs" aria-hidden="true">
            {row.items.slice(0, maxThumbnails).map((item) => (
              <span key={`${item.product_id}-${item.price.value}`} className="transaction__thumb">
                <LazyImage src={item.image_url} alt="" width={thumbnailSize} height={thumbnailSize} />
                {item.quantity > 1 ? <span className="transaction__badge">×{item.quantity}</span> : null}
              </span>
            ))}
          </span>
        ) : null}
        <span className="transaction__main">
          <span className="transaction__title" data-testid="transaction-title">
            {title}
          </span>
          <span className="transaction__meta">
            {/* Not colour alone: the status is written out. */}
            <span className="transaction__status">{statusText}</span>
            {disputeText ? (
              <>
                {' · '}
                <span className="transaction__dispute" data-testid="transaction-dispute">
                  {disputeText}
                </span>
              </>
            ) : null}
            {' · '}
            <time dateTime={row.created_at} title={formatLongDate(row.created_at, locale)}>
              {formatTransactionDate(row.created_at, locale, now)}
            </time>
          </span>
        </span>
        {amount ? (
          <span className="transaction__amount" data-testid="transaction-amount">
            {amount}
          </span>
        ) : null}
        <span className="transaction__chevron" aria-hidden="true">
          {open ? '▴' : '▾'}
        </span>
      </button>
      <div id={bodyId} className="transaction__body" hidden={!open}>
        {open ? <TransactionBody row={row} now={now} disputeQueued={disputeQueued} /> : null}
      </div>
    </li>
  );
});

/** The dispute's state beside the row's status, in words. */
const disputeStateMessages = {
  QUEUED: msg`Dispute waiting to upload`,
  OPEN: msg`Dispute open`,
  CREDITED: msg`Dispute: credited`,
  UPHELD: msg`Dispute: refusal upheld`,
} as const;

/** A disputed line's answer, or the way to dispute it. */
function DisputeSection({ row, now, disputeQueued }: { row: Transaction; now: Date; disputeQueued: boolean }) {
  const { t, i18n } = useLingui();
  const [formOpen, setFormOpen] = useState(false);
  const dispute = row.dispute;
  if (dispute) {
    // The row's own share of the credit: a dispute of several scans is credited across their rows.
    const credited = dispute.credited ? formatMoney(row.amount, i18n.locale) : '';
    const answer = dispute.answer ?? '';
    return (
      <div className="transaction__dispute-box" data-testid="dispute-state">
        <p>
          {dispute.status === 'OPEN'
            ? t`You disputed this. Our team is looking at it and will answer here.`
            : dispute.status === 'CREDITED'
              ? t`You disputed this and we agreed: ${credited} was added to your balance.`
              : t`You disputed this. We looked at it again and the refusal stands.`}
        </p>
        {answer ? (
          <p>
            <strong>{t`Our answer:`}</strong> {answer}
          </p>
        ) : null}
      </div>
    );
  }
  if (disputeQueued)
    return <p className="transaction__dispute-box">{t`Your dispute is saved on this device and will be sent when you are back online.`}</p>;
  if (!canDispute(row, now)) return null;
  return (
    <>
      <button type="button" className="button button--secondary button--small" onClick={() => setFormOpen(true)} data-testid="dispute-open">
        {t`This isn't right`}
      </button>
      <Dialog open={formOpen} title={t`Dispute this return`} onClose={() => setFormOpen(false)}>
        <Suspense fallback={<p role="status">{t`Loading…`}</p>}>
          <DisputeForm row={row} onDone={() => setFormOpen(false)} />
        </Suspense>
      </Dialog>
    </>
  );
}

function TransactionBody({ row, now, disputeQueued }: { row: Transaction; now: Date; disputeQueued: boolean }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const scans = row.number_of_scans ?? 0;
  const days = pendingProcessingDays;
  let details: string;
  if (row.category === 'SCAN' && row.claim) {
    details =
      row.claim === 'OPEN'
        ? t`Our team checks both scans when the container arrives. Its deposit is pending meanwhile.`
        : t`Someone else scanned this container first: no deposit was credited for your scan.`;
  } else if (row.category === 'SCAN') {
    switch (row.status) {
      case 'PENDING':
        details = t`These containers are waiting for check-in at the cleaning facility. Their deposit is credited when they arrive; pending items can take up to ${days} days to process.`;
        break;
      case 'COMPLETED':
        details = t`Checked in at the cleaning facility: the deposit is in your balance.`;
        break;
      case 'REJECTED':
        // Credited after a dispute: the refusal is told as what happened first, the dispute box says what followed.
        details = isCreditedDispute(row)
          ? t`This return was rejected at the cleaning facility at first.`
          : t`This return was rejected at the cleaning facility, so no deposit was credited.`;
        break;
      default:
        details = isCreditedDispute(row)
          ? t`This scan was canceled at first.`
          : t`Customer care canceled this scan. No deposit was credited.`;
    }
  } else if (row.category === 'ADJUSTMENT') {
    details = t`Customer care adjusted your balance.`;
  } else {
    const account = unbreakable(row.account_number ?? '');
    details = account ? t`Withdrawal to account ${account}.` : t`Withdrawal from your balance.`;
  }
  const fee = row.price ? formatMoney(row.price, locale) : undefined;
  const commentLabel = t`Comment:`;
  return (
    <>
      {row.comment ? (
        <p className="transaction__comment" data-testid="transaction-comment">
          <strong>{commentLabel}</strong>
          {spaceBetween(commentLabel, row.comment)}
          {row.comment}
        </p>
      ) : null}
      <p>{details}</p>
      {row.category === 'SCAN' && scans > 0 ? <p>{t`Scans: ${scans}`}</p> : null}
      {fee ? <p>{t`Fee: ${fee}`}</p> : null}
      {row.items.length > 0 ? (
        <table className="transaction__items" data-testid="transaction-items">
          <thead>
            <tr>
              <th scope="col">{t`Product`}</th>
              <th scope="col">{t`Quantity`}</th>
              <th scope="col">{t`Deposit each`}</th>
            </tr>
          </thead>
          <tbody>
            {row.items.map((item) => (
              <tr key={`${item.product_id}-${item.price.value}`}>
                <td>
                  <span className="transaction__item-name">
                    <LazyImage src={item.image_url} alt="" width={32} height={32} />
                    {item.name}
                  </span>
                </td>
                <td>{item.quantity}</td>
                <td>{formatMoney(item.price, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {row.category === 'SCAN' ? <DisputeSection row={row} now={now} disputeQueued={disputeQueued} /> : null}
    </>
  );
}
