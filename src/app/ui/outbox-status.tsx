import { useLingui as useLocaleChanges } from '@lingui/react';
import { plural } from '@lingui/core/macro';
import { useOutbox } from '../lib/outbox';

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
