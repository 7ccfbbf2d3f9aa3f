import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { formatMoney, isCurrency, moneyFromMinor } from '#domain/money';
import type { Approval, ApprovalAction } from '#domain/schemas/operators';
import { failureMessage } from '../../lib/api';
import { formatLongDate } from '../../lib/format';
import { PagedList } from './paged-list';
import { usePendingApprovals } from './api/approvals';
import { useApproveRequest } from './api/approve-request';
import { useApprovalReasonText } from './approval-reason';
import { useOperatorMe } from './api/me';
import { useRejectRequest } from './api/reject-request';
import { BreakableEmail } from './breakable-email';
import { OperatorArea } from './operator-area';
import { FailureAlert, OutcomeStatus } from './notices';
import { useOperatorSession } from './use-operator-session';

export function ApprovalsScreen() {
  const { t } = useLingui();
  const approvals = usePendingApprovals();
  const session = useOperatorSession();
  const me = useOperatorMe(session?.token ?? '');
  // The card leaves the list once decided: the outcome is said here, and takes the focus the card's button had.
  const [decided, setDecided] = useState<string>();
  return (
    <OperatorArea
      needs="care"
      title={t`Approvals`}
      description={t`Adjustments and dispute credits above the approval limit: a second operator approves or rejects them.`}
    >
      <OutcomeStatus text={decided} testId="ops-approval-result" />
      <PagedList query={approvals} errorText={t`The approvals could not be loaded. Check your connection and reload the page.`}>
        {(list) =>
          list.length === 0 ? (
            <p>{t`Nothing waits for an approval.`}</p>
          ) : (
            <ul className="ops-cards">
              {list.map((approval) => (
                <li key={approval.id}>
                  <ApprovalCard approval={approval} mine={me.data?.name === approval.requested_by} onDecided={setDecided} />
                </li>
              ))}
            </ul>
          )
        }
      </PagedList>
    </OperatorArea>
  );
}

function ApprovalCard({ approval, mine, onDecided }: { approval: Approval; mine: boolean; onDecided: (text: string) => void }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const [failure, setFailure] = useState<string>();
  const approve = useApproveRequest();
  const reject = useRejectRequest();
  const pending = approve.isPending || reject.isPending;
  const actions: Record<ApprovalAction, string> = {
    'balance.adjust': t`Balance adjustment`,
    'dispute.credit': t`Dispute credit`,
    'checkin.batch': t`Check-in of codes issued in the last 24 hours`,
  };
  const amount = isCurrency(approval.currency)
    ? formatMoney(moneyFromMinor(approval.amount_minor, approval.currency), i18n.locale, { signDisplay: 'always' })
    : `${approval.amount_minor} ${approval.currency}`;
  const requestedOn = formatLongDate(approval.created_at, i18n.locale);
  const reason = useApprovalReasonText()(approval.reason);
  const recordId = approval.record_id;

  function refused(error: unknown) {
    setFailure(failureMessage(error, t`The decision could not be sent. Check your connection and try again.`));
  }

  function onApprove() {
    setFailure(undefined);
    approve.mutate(approval.id, { onError: refused, onSuccess: () => onDecided(t`Approved: ${amount} moved.`) });
  }

  function onReject() {
    setFailure(undefined);
    reject.mutate(approval.id, { onError: refused, onSuccess: () => onDecided(t`Rejected: nothing moved.`) });
  }

  return (
    <article className="ops-card" aria-labelledby={headingId} data-testid="ops-approval">
      <h2 id={headingId}>
        {actions[approval.action]} · {amount}
      </h2>
      <p>
        {approval.action === 'balance.adjust' ? (
          <Trans>
            Customer account <code>{recordId}</code>
          </Trans>
        ) : approval.action === 'checkin.batch' ? (
          <Trans>
            Check-in request <code>{recordId}</code>
          </Trans>
        ) : (
          <Trans>
            Dispute <code>{recordId}</code>
          </Trans>
        )}
      </p>
      <p>
        <Trans>
          Asked by <BreakableEmail email={approval.requested_by} /> on {requestedOn}
        </Trans>
      </p>
      {reason ? <p>{reason}</p> : null}
      {mine ? <p className="notice">{t`You asked for this one: another operator decides it.`}</p> : null}
      <FailureAlert text={failure} />
      <div className="ops-actions">
        <button type="button" className="button" disabled={pending} onClick={onApprove}>
          {t`Approve`}
        </button>
        <button type="button" className="button button--secondary" disabled={pending} onClick={onReject}>
          {t`Reject`}
        </button>
      </div>
    </article>
  );
}
