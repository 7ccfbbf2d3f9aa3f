import { useLingui } from '@lingui/react/macro';
import type { ScanBody } from '#domain/schemas/wallet';
import { formatLongDate, formatTransactionDate } from '../../lib/format';
import { dismissOutboxEntry, useOutbox } from '../../lib/outbox';

/**
 * Scans saved on this device and not yet on the server, above the history and drawn like its
 * rows (a pending return, its state in words): to the customer they are returns like the others,
 * only not sent yet. One the server refused shows why, and can be dismissed.
 */
export function QueuedScans() {
  const { t, i18n } = useLingui();
  const entries = useOutbox('scan');
  if (entries.length === 0) return null;
  const now = new Date();
  return (
    <ul className="transactions" data-testid="outbox-list">
      {entries.map((entry) => {
        const refused = entry.state === 'failed';
        const when = new Date(entry.createdAt);
        return (
          <li
            key={entry.id}
            className={`transaction ${refused ? 'transaction--closed' : 'transaction--pending'}`}
            data-testid="queued-scan"
            data-state={refused ? 'refused' : 'waiting'}
          >
            <div className="transaction__header transaction__header--static">
              <span className="transaction__main">
                <span className="transaction__title">{t`Return of container ${(entry.payload as Partial<ScanBody>).code ?? ''}`}</span>
                <span className="transaction__meta">
                  {/* Not colour alone: the state is written out. */}
                  <span className="transaction__status">{refused ? t`Refused` : t`Waiting to upload`}</span>
                  {' · '}
                  <time dateTime={when.toISOString()} title={formatLongDate(when.toISOString(), i18n.locale)}>
                    {formatTransactionDate(when, i18n.locale, now)}
                  </time>
                </span>
              </span>
            </div>
            {refused ? (
              <div className="transaction__body">
                <p className="transaction__refusal">{entry.lastError?.message || t`Something went wrong`}</p>
                <button type="button" className="button button--secondary button--small" onClick={() => void dismissOutboxEntry(entry.id)}>
                  {t`Dismiss`}
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
