import { useLingui as useLocaleChanges } from '@lingui/react';
import { plural } from '@lingui/core/macro';
import { useOutbox } from '../lib/outbox';

/** How many actions wait for the network. */
export function useWaitingActions(): number {
  return useOutbox().filter((entry) => entry.state === 'pending').length;
}

/**
 * One line for the whole app: how many actions wait for the network. `inline`: a part of another
 * strip (the offline one), so that one strip at a time sits above the page.
 */
export function OutboxSummary({ inline = false }: { inline?: boolean }) {
  // The plural macro reads the global i18n: this subscription re-renders it when the language changes.
  useLocaleChanges();
  const waiting = useWaitingActions();
  if (waiting === 0) return null;
  const text = plural(waiting, { one: '# action waiting to upload', other: '# actions waiting to upload' });
  return inline ? (
    <span data-testid="outbox-summary">{text}</span>
  ) : (
    <div className="status-bar status-bar--outbox" role="status" data-testid="outbox-summary">
      {text}
    </div>
  );
}
