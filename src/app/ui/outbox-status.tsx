import { useLingui as useLocaleChanges } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { dismissOutboxEntry, useOutbox, type OutboxEntry } from '../lib/outbox';

/**
 * The queued actions of one kind ("scan"…), for the feature that made them: each waiting
 * one reads "Waiting to upload"; a refused one shows the server's reason and can be dismissed.
 * `describe` gives the line's text (the scanned code, the amount…).
 */
export function OutboxList({ kind, describe }: { kind: string; describe: (entry: OutboxEntry) => string }) {
  const { t } = useLingui();
  const entries = useOutbox(kind);
  if (entries.length === 0) return null;
  return (
    <ul className="outbox-list" data-testid="outbox-list">
      {entries.map((entry) => (
        <li key={entry.id} className={entry.state === 'failed' ? 'outbox-item outbox-item--failed' : 'outbox-item'}>
          <span>{describe(entry)}</span>{' '}
          {entry.state === 'failed' ? (
            <>
              <span className="outbox-item__error">{entry.lastError?.message || t`Something went wrong`}</span>{' '}
              <button type="button" onClick={() => void dismissOutboxEntry(entry.id)}>
                {t`Dismiss`}
              </button>
            </>
          ) : (
            <span className="outbox-item__state">{t`Waiting to upload`}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One line for the whole app: how many actions wait for the network. */
export function OutboxSummary() {
  // The plural macro reads the global i18n: this subscription re-renders it when the language changes.
  useLocaleChanges();
  const waiting = useOutbox().filter((entry) => entry.state === 'pending').length;
  if (waiting === 0) return null;
  return (
    <div className="status-bar status-bar--outbox" role="status" data-testid="outbox-summary">
      {plural(waiting, { one: '# action waiting to upload', other: '# actions waiting to upload' })}
    </div>
  );
}
