import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '#domain/money';
import type { RecentCheckIn } from '#domain/schemas/operator-answers';
import { failureMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { recentCheckInsQueryOptions, useRecentCheckIns } from './api/recent-check-ins';
import { useUndoCheckIn } from './api/undo-check-in';
import { useFocusWhenShown } from './use-focus-when-shown';

/**
 * The operator's own check-ins of the last 15 minutes, from the server: each with its batch id,
 * what it credited and its undo, whatever became of the page that sent it (a reload, a batch kept
 * offline and sent later).
 */
export function RecentBatches() {
  const { t } = useLingui();
  const recent = useRecentCheckIns();
  return (
    <section aria-labelledby="ops-recent-batches" className="ops-section" data-testid="ops-recent-batches">
      <h2 id="ops-recent-batches">{t`Recent batches`}</h2>
      <p>{t`Your check-ins of the last 15 minutes. Each can be undone until then.`}</p>
      {recent.isError ? (
        <p role="alert" className="field__error">
          {failureMessage(recent.error, t`The recent batches could not be loaded. Check your connection.`)}
        </p>
      ) : null}
      {recent.data && recent.data.length === 0 ? <p>{t`No check-in in the last 15 minutes.`}</p> : null}
      {recent.data && recent.data.length > 0 ? (
        <ul className="ops-recent">
          {recent.data.map((batch) => (
            <RecentBatch key={batch.batch_id} batch={batch} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function RecentBatch({ batch }: { batch: RecentCheckIn }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const undo = useUndoCheckIn();
  const [failure, setFailure] = useState<string>();
  const failureRef = useFocusWhenShown<HTMLParagraphElement>(failure);
  const at = formatDateTime(batch.created_at, i18n.locale);
  const deposits = batch.deposits.map((money) => formatMoney(money, i18n.locale)).join(' + ');
  const containers = plural(batch.containers, { one: '# container', other: '# containers' });
  const customers = plural(batch.customers, { one: '# customer', other: '# customers' });
  const short = batch.batch_id.slice(0, 8);

  function onUndo() {
    setFailure(undefined);
    undo.mutate(batch.batch_id, {
      onSettled: () => void queryClient.invalidateQueries({ queryKey: recentCheckInsQueryOptions.queryKey }),
      onError: (error) => setFailure(failureMessage(error, t`The undo could not be sent. Check your connection and try again.`)),
    });
  }

  return (
    <li className="ops-recent__batch" data-testid="ops-recent-batch">
      <p>
        <strong>{at}</strong> · {t`Batch`} <code>{batch.batch_id}</code>
      </p>
      <p>
        {batch.undone_at
          ? t`${containers} put back to pending; the deposits were taken back.`
          : t`${containers} of ${customers}, ${deposits} credited.`}
      </p>
      {batch.undone_at ? (
        <p role="status">{t`Undone`}</p>
      ) : (
        <button type="button" className="button button--secondary" disabled={undo.isPending} onClick={onUndo}>
          {undo.isPending ? t`Undoing…` : t`Undo batch ${short}`}
        </button>
      )}
      {failure ? (
        <p ref={failureRef} role="alert" tabIndex={-1} className="field__error">
          {failure}
        </p>
      ) : null}
    </li>
  );
}
