import { useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { formatMoney } from '#domain/money';
import { disputeReasons, type DisputeReason } from '#domain/schemas/disputes';
import type { OperatorDispute } from '#domain/schemas/operator-answers';
import { z } from 'zod';
import { disputeCreditBody, disputeUpholdBody } from '#domain/schemas/operator-requests';
import { failureMessage } from '../../lib/api';
import { TextAreaField } from '../../ui/text-field';
import { apiFieldFailure, useFormSubmit } from '../../ui/use-form-submit';
import { formatLongDate } from '../../lib/format';
import { PagedList } from './paged-list';
import { useCreditDispute, type CreditOutcome } from './api/credit-dispute';
import { useDisputePhotoUrl } from './api/dispute-photo';
import { useDisputes, type DisputeFilter } from './api/disputes';
import { ListSearch, ListTabs } from './list-filters';
import { useUpholdDispute } from './api/uphold-dispute';
import { BreakableEmail } from './breakable-email';
import { OperatorArea } from './operator-area';
import { FailureAlert, OutcomeStatus } from './notices';
import { useStatusName } from './status-names';

export function DisputesScreen() {
  const { t } = useLingui();
  const [filter, setFilter] = useState<DisputeFilter>({ status: 'open', q: '' });
  const [reason, setReason] = useState<DisputeReason | ''>('');
  const reasonId = useId();
  const disputes = useDisputes(filter);
  const reasons = useReasonNames();
  // What the last decision did, said where its card was (the card leaves the open list with it).
  const [decided, setDecided] = useState<string>();
  const searched = filter.q !== '' || filter.reason !== undefined;
  const empty =
    filter.status === 'open'
      ? searched
        ? t`No open dispute matches this search.`
        : t`No open dispute. Well done.`
      : searched
        ? t`No resolved dispute matches this search.`
        : t`No resolved dispute yet.`;
  return (
    <OperatorArea
      needs="care"
      title={t`Disputes`}
      description={t`Customers' open disputes, oldest first, and the resolved ones, newest first.`}
    >
      <ListTabs label={t`Which disputes`} tab={filter.status} onChange={(status) => setFilter((current) => ({ ...current, status }))} />
      <ListSearch
        hint={t`Part of the customer's email, the dispute's number, or a container code.`}
        onSearch={(q) => setFilter((current) => ({ ...current, q, reason: reason === '' ? undefined : reason }))}
      >
        <div className="field">
          <label htmlFor={reasonId}>{t`Reason`}</label>
          <select id={reasonId} value={reason} onChange={(event) => setReason(reasonOf(event.currentTarget.value))}>
            <option value="">{t`Any reason`}</option>
            {disputeReasons.map((value) => (
              <option key={value} value={value}>
                {reasons[value]}
              </option>
            ))}
          </select>
        </div>
      </ListSearch>
      <OutcomeStatus text={decided} testId="ops-dispute-result" />
      <PagedList query={disputes} errorText={t`The disputes could not be loaded. Check your connection and reload the page.`}>
        {(list) =>
          list.length === 0 ? (
            <p>{empty}</p>
          ) : (
            <ul className="ops-cards">
              {list.map((dispute) => (
                <li key={dispute.id}>
                  {dispute.status === 'OPEN' ? (
                    <DisputeCard dispute={dispute} onDecided={setDecided} />
                  ) : (
                    <ResolvedDisputeCard dispute={dispute} />
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </PagedList>
    </OperatorArea>
  );
}

function reasonOf(value: string): DisputeReason | '' {
  return disputeReasons.find((reason) => reason === value) ?? '';
}

function useReasonNames(): Record<DisputeReason, string> {
  const { t } = useLingui();
  return {
    returned: t`I returned it`,
    not_damaged: t`It was not damaged`,
    wrong_container: t`Wrong container`,
    other: t`Other`,
  };
}

/** The customer's language named in care's own (the customer reads answers as written). */
function useLanguageName(locale: string): string {
  const { i18n } = useLingui();
  return new Intl.DisplayNames([i18n.locale], { type: 'language' }).of(locale) ?? locale;
}

/** A decided dispute, as care looks back on it: what was decided, when, and the answer the customer read. */
function ResolvedDisputeCard({ dispute }: { dispute: OperatorDispute }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const reasons = useReasonNames();
  const statusName = useStatusName();
  const amount = formatMoney(dispute.amount, i18n.locale);
  const resolvedOn = dispute.resolved_at ? formatLongDate(dispute.resolved_at, i18n.locale) : '';
  const credited = dispute.credited ? formatMoney(dispute.credited, i18n.locale) : amount;
  const customerLanguage = useLanguageName(dispute.locale);
  const disputeId = dispute.id;
  return (
    <article className="ops-card" aria-labelledby={headingId} data-testid="ops-resolved-dispute">
      <h2 id={headingId}>
        {reasons[dispute.reason]} · {amount}
      </h2>
      <p>{dispute.email ? <BreakableEmail email={dispute.email} /> : t`a deleted account`}</p>
      <p className="ops-outcome-line">
        <strong>{dispute.status === 'CREDITED' ? t`Credited ${credited} on ${resolvedOn}` : t`Refusal upheld on ${resolvedOn}`}</strong>
      </p>
      <p>{t`Opened on ${formatLongDate(dispute.created_at, i18n.locale)}`}</p>
      <p>{t`The customer’s language: ${customerLanguage}`}</p>
      {dispute.answer ? (
        <>
          <h3>{t`The answer the customer read`}</h3>
          <blockquote>{dispute.answer}</blockquote>
        </>
      ) : (
        <p>{t`No answer was written.`}</p>
      )}
      <h3>{t`Scans at stake`}</h3>
      <ul className="ops-codes">
        {dispute.scans.map((scan) => (
          <li key={scan.scan_id}>
            <code>{scan.code}</code> {statusName(scan.status)}
          </li>
        ))}
      </ul>
      <p className="ops-record-id">{t`Dispute ${disputeId}`}</p>
    </article>
  );
}

/**
 * A decision on a dispute, as the two calls take it: crediting may answer the customer, upholding
 * the refusal must (`disputeCreditBody`, `disputeUpholdBody`). The button pressed picks which.
 */
const decisionForm = z.discriminatedUnion('decision', [
  disputeCreditBody.extend({ decision: z.literal('credit') }),
  disputeUpholdBody.extend({ decision: z.literal('uphold') }),
]);
type Decision = z.output<typeof decisionForm>['decision'];
type DecisionOutcome = CreditOutcome | { kind: 'upheld' };

function DisputeCard({ dispute, onDecided }: { dispute: OperatorDispute; onDecided: (outcome: string) => void }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const answerId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const decision = useRef<Decision>('credit');
  const [failure, setFailure] = useState<string>();
  const [awaitingApproval, setAwaitingApproval] = useState(false);
  const credit = useCreditDispute();
  const uphold = useUpholdDispute();
  // A photo is the customer's own picture: fetched only when the operator asks to see it, not for
  // every card of the list (and not for the disputes nobody opens).
  const [photoWanted, setPhotoWanted] = useState(false);
  const photo = useDisputePhotoUrl(dispute.id, dispute.has_photo && photoWanted);
  const statusName = useStatusName();
  const reasons = useReasonNames();
  const amount = formatMoney(dispute.amount, i18n.locale);
  // The customer reads the answer as it is written: care sees their language, named in care's own.
  const customer = dispute.email ?? t`a deleted account`;
  const customerLanguage = useLanguageName(dispute.locale);
  const photoDialog = useRef<HTMLDialogElement>(null);

  const form = useFormSubmit(formRef, {
    schema: decisionForm,
    initialValues: { answer: '' },
    action: async (data): Promise<DecisionOutcome> => {
      setFailure(undefined);
      if (data.decision === 'uphold') {
        await uphold.mutateAsync({ id: dispute.id, answer: data.answer });
        return { kind: 'upheld' };
      }
      return credit.mutateAsync({ id: dispute.id, answer: data.answer });
    },
    onSuccess: (outcome) => {
      setAwaitingApproval(outcome.kind === 'awaiting-approval');
      if (outcome.kind === 'credited')
        onDecided(
          t`Credited ${amount} to ${customer}: the customer is told, with your answer if you wrote one. The dispute is in the Resolved tab.`,
        );
      else if (outcome.kind === 'upheld')
        onDecided(t`Refusal upheld for ${customer}: the customer reads your answer in their history. The dispute is in the Resolved tab.`);
    },
    onFailure: (error) => {
      const fields = apiFieldFailure(error);
      if (!fields) setFailure(failureMessage(error, t`The answer could not be sent. Check your connection and try again.`));
      return fields;
    },
  });
  const answerText = form.values.answer?.trim();
  const answerField = form.field('answer');

  return (
    <article className="ops-card" aria-labelledby={headingId} data-testid="ops-dispute">
      <h2 id={headingId}>
        {reasons[dispute.reason]} · {amount}
      </h2>
      <p>{dispute.email ? <BreakableEmail email={dispute.email} /> : t`a deleted account`}</p>
      <p>{t`Opened on ${formatLongDate(dispute.created_at, i18n.locale)}`}</p>
      <p data-testid="dispute-customer-language">{t`The customer’s language: ${customerLanguage}`}</p>
      {dispute.note ? <blockquote>{dispute.note}</blockquote> : <p>{t`No note.`}</p>}
      {dispute.has_photo ? (
        !photoWanted ? (
          <button type="button" className="button button--small button--secondary" onClick={() => setPhotoWanted(true)}>
            {t`Show the customer’s photo`}
          </button>
        ) : photo.url ? (
          <>
            <img className="ops-photo" src={photo.url} alt={t`Sent by the customer with the dispute`} />
            <button
              type="button"
              className="button button--small button--secondary ops-photo-enlarge"
              onClick={() => photoDialog.current?.showModal()}
            >
              {t`Enlarge the photo`}
            </button>
            {/* At full size in a dialog of its own: a crack or a label is read at the photo's own scale. */}
            <dialog ref={photoDialog} className="ops-photo-dialog" aria-label={t`The customer’s photo at full size`}>
              <form method="dialog">
                <button type="submit" className="button button--small">
                  {t`Close`}
                </button>
              </form>
              <div className="ops-photo-dialog__frame">
                <img src={photo.url} alt={t`Sent by the customer with the dispute`} />
              </div>
            </dialog>
          </>
        ) : (
          <p role="status">{photo.failed ? t`The photo could not be loaded.` : t`Loading the photo…`}</p>
        )
      ) : null}
      <h3>{t`Scans at stake`}</h3>
      <ul className="ops-codes">
        {dispute.scans.map((scan) => (
          <li key={scan.scan_id}>
            <code>{scan.code}</code> {statusName(scan.status)}
            {scan.reason ? ` · ${scan.reason}` : ''}
          </li>
        ))}
      </ul>
      {dispute.claims.length > 0 ? (
        <>
          <h3>{t`Competing claims`}</h3>
          <ul className="ops-codes">
            {dispute.claims.map((claim) => (
              <li key={claim.id}>
                <code>{claim.code}</code> {claim.email ? <BreakableEmail email={claim.email} /> : t`a deleted account`} ·{' '}
                {statusName(claim.status)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => form.submit(event, { decision: decision.current, ...(answerText ? { answer: answerText } : {}) })}
      >
        <TextAreaField
          id={answerId}
          label={t`Answer to the customer`}
          hint={t`Optional when you credit, needed when you uphold the refusal. Write it in ${customerLanguage}: the customer reads it as written.`}
          rows={3}
          maxLength={500}
          {...answerField}
          error={form.errors.answer === 'required' ? t`Write the answer the customer will read.` : answerField.error}
        />
        <div role="status">
          {awaitingApproval ? (
            <p className="notice">{t`Above the approval limit: the credit waits for a second operator's approval.`}</p>
          ) : null}
        </div>
        <FailureAlert text={failure} />
        <div className="ops-actions">
          <button type="submit" className="button" disabled={form.pending} onClick={() => (decision.current = 'credit')}>
            {t`Credit ${amount}`}
          </button>
          <button type="submit" className="button button--secondary" disabled={form.pending} onClick={() => (decision.current = 'uphold')}>
            {t`Uphold the refusal`}
          </button>
        </div>
      </form>
    </article>
  );
}
