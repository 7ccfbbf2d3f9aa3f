import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { formatMoney } from '#domain/money';
import type { PendingPayout } from '#domain/schemas/operator-answers';
import { failureMessage } from '../../lib/api';
import { formatLongDate } from '../../lib/format';
import { useCompletePayout } from './api/complete-payout';
import { useFailPayout } from './api/fail-payout';
import { usePendingPayouts } from './api/payouts';
import { OperatorArea } from './operator-area';
import { PagedList } from './paged-list';
import { FailureAlert } from './notices';
import { ExportBatch } from './payout-export';
import { usePaymentMethodName } from './status-names';

export function PayoutsScreen() {
  const { t } = useLingui();
  const payouts = usePendingPayouts();
  return (
    <OperatorArea needs="finance" title={t`Payouts`} description={t`Pending withdrawals, oldest first.`}>
      <ExportBatch />
      <PagedList query={payouts} errorText={t`The payouts could not be loaded. Check your connection and reload the page.`}>
        {(list) =>
          list.length === 0 ? (
            <p>{t`No pending payout.`}</p>
          ) : (
            <ul className="ops-cards">
              {list.map((payout) => (
                <li key={payout.id}>
                  <PayoutCard payout={payout} />
                </li>
              ))}
            </ul>
          )
        }
      </PagedList>
    </OperatorArea>
  );
}

function PayoutCard({ payout }: { payout: PendingPayout }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const referenceId = useId();
  const reasonId = useId();
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const complete = useCompletePayout();
  const fail = useFailPayout();
  const pending = complete.isPending || fail.isPending;
  const amount = formatMoney(payout.payout_amount, i18n.locale);
  const methodName = usePaymentMethodName();

  function refused(error: unknown) {
    setFailure(failureMessage(error, t`The change could not be sent. Check your connection and try again.`));
  }

  function onFail() {
    setFailure(undefined);
    if (!reason.trim()) {
      setReasonError(t`Write why the payout failed; the customer reads it.`);
      document.getElementById(reasonId)?.focus();
      return;
    }
    setReasonError(undefined);
    fail.mutate({ id: payout.id, reason: reason.trim() }, { onError: refused });
  }

  return (
    <article className="ops-card" aria-labelledby={headingId} data-testid="ops-payout">
      <h2 id={headingId}>
        {amount} · {methodName(payout.withdraw_type)}
      </h2>
      <p>
        <code>{payout.payout_reference}</code> · {formatLongDate(payout.created_at, i18n.locale)}
      </p>
      {payout.account_name ? (
        <p>
          {payout.account_name} {payout.account_number ?? ''}
        </p>
      ) : null}
      <div className="ops-action">
        <div className="field">
          <label htmlFor={referenceId}>{t`Bank or PayPal reference (optional)`}</label>
          <input id={referenceId} value={reference} maxLength={200} onChange={(event) => setReference(event.currentTarget.value)} />
        </div>
        <button
          type="button"
          className="button"
          disabled={pending}
          onClick={() => {
            setFailure(undefined);
            complete.mutate({ id: payout.id, reference: reference.trim() || undefined }, { onError: refused });
          }}
        >
          {t`Mark as paid`}
        </button>
      </div>
      <div className="ops-action">
        <div className="field">
          <label htmlFor={reasonId}>{t`Why it failed`}</label>
          <input
            id={reasonId}
            value={reason}
            maxLength={300}
            onChange={(event) => setReason(event.currentTarget.value)}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
          />
          {reasonError ? (
            <p id={`${reasonId}-error`} className="field__error">
              {reasonError}
            </p>
          ) : null}
        </div>
        <button type="button" className="button button--secondary" disabled={pending} onClick={onFail}>
          {t`Mark as failed: money back to the balance`}
        </button>
      </div>
      <FailureAlert text={failure} />
    </article>
  );
}
