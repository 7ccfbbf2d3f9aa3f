import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { formatMoney } from '#domain/money';
import type { BalanceAdjustment } from '#domain/schemas/operator-answers';
import { keyed, optionalText, requiredText } from '#domain/schemas/fields';
import { failureMessage, isApiError } from '../../lib/api';
import { TextAreaField, TextField } from '../../ui/text-field';
import { useFormSubmit, type FormFailure } from '../../ui/use-form-submit';
import { useAdjustBalance, type AdjustmentOutcome } from './api/adjust-balance';
import { useCancelScan } from './api/cancel-scan';
import { useApprovalReasonText } from './approval-reason';
import { useConsoleLink } from './console-pages';
import { OperatorArea } from './operator-area';
import { OutcomeStatus } from './notices';
import { useFocusWhenShown } from './use-focus-when-shown';
import { adjustmentAmountPattern, isRecordId, isZeroAmount } from '#domain/schemas/operator-requests';

export function AdjustmentsScreen() {
  const { t } = useLingui();
  return (
    <OperatorArea needs="care" title={t`Adjustments`} description={t`Correct a customer's balance or cancel a pending scan.`}>
      <AdjustBalance />
      <CancelPendingScan />
    </OperatorArea>
  );
}

/** An account id as the server writes it, else an email: the one field takes either. */
function customerOf(typed: string): { user_id: string } | { email: string } {
  return isRecordId(typed) ? { user_id: typed.toLowerCase() } : { email: typed };
}

/** What POST /ops/adjustments accepts (its route's body): a signed decimal with at most two decimals, not zero. */
const adjustmentForm = z.object({
  customer: requiredText(254),
  amount: z
    .string({ error: keyed('invalidValue') })
    .trim()
    .min(1, { error: 'required' })
    .regex(adjustmentAmountPattern, { error: 'invalidValue' })
    .refine((amount) => !isZeroAmount(amount), { error: 'invalidValue' }),
  comment: requiredText(500),
});

const cancellationForm = z.object({ scan: requiredText(300), reason: optionalText(300) });

const emptyAdjustment = { customer: '', amount: '', comment: '' };
const emptyCancellation = { scan: '', reason: '' };

/** The server's field errors under the form's own fields: it names the customer `user_id` or `email`, the scan `scan_id` or `code`. */
function serverFieldFailure(error: unknown, formFieldOf: Record<string, string>): FormFailure | undefined {
  if (!isApiError(error) || Object.keys(error.fields).length === 0) return undefined;
  const fields: FormFailure['fields'] = {};
  for (const [field, key] of Object.entries(error.fields)) {
    const formField = formFieldOf[field] ?? field;
    if (!fields[formField]) fields[formField] = key;
  }
  return { fields };
}

function AdjustBalance() {
  const { t } = useLingui();
  const link = useConsoleLink();
  const adjust = useAdjustBalance();
  const reasonText = useApprovalReasonText();
  const [done, setDone] = useState<{ outcome: AdjustmentOutcome; customer: string }>();
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const doneRef = useFocusWhenShown<HTMLDivElement>(done);
  // The idempotency key of the submission being tried: sent again with the same values (after a
  // lost answer) it keeps its key, so the server moves the money once; new values get a new key.
  const attempt = useRef<{ values: string; id: string }>(undefined);

  const form = useFormSubmit(formRef, {
    schema: adjustmentForm,
    initialValues: emptyAdjustment,
    action: (data) => {
      setDone(undefined);
      const values = JSON.stringify(data);
      if (attempt.current?.values !== values) attempt.current = { values, id: crypto.randomUUID() };
      return adjust.mutateAsync({
        id: attempt.current.id,
        customer: customerOf(data.customer),
        amount: data.amount,
        comment: data.comment,
      });
    },
    onSuccess: (outcome, data) => {
      attempt.current = undefined;
      setDone({ outcome, customer: data.customer });
      form.setValues(emptyAdjustment);
    },
    onFailure: (error) =>
      serverFieldFailure(error, { user_id: 'customer', email: 'customer' }) ?? {
        message: failureMessage(error, t`No answer came back. Send it again as it is: the adjustment is never made twice.`),
        focus: () => failureRef.current?.focus(),
      },
  });

  return (
    <section aria-labelledby="ops-adjust" className="ops-section">
      <h2 id="ops-adjust">{t`Adjust a balance`}</h2>
      <div role="status">
        {done ? (
          <div ref={doneRef} tabIndex={-1} className="notice ops-result ops-outcome" data-testid="ops-adjustment-result">
            {done.outcome.kind === 'adjusted' ? (
              <AdjustedText adjustment={done.outcome.adjustment} customer={done.customer} />
            ) : (
              <>
                <p>{t`Above the approval limit: nothing moves until a second operator approves it.`}</p>
                {reasonText(done.outcome.approval.reason) ? <p>{reasonText(done.outcome.approval.reason)}</p> : null}
                <p>
                  <Link {...link('approvals')}>{t`See the approvals`}</Link>
                </p>
              </>
            )}
          </div>
        ) : null}
      </div>
      <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, form.values)}>
        {form.message ? (
          <p ref={failureRef} tabIndex={-1} role="alert" className="field__error">
            {form.message}
          </p>
        ) : null}
        <TextField
          id="ops-adjust-customer"
          label={t`Customer's email or account ID`}
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          {...form.field('customer')}
        />
        <TextField
          id="ops-adjust-amount"
          label={t`Amount in the customer's currency`}
          hint={t`2.50 adds to the balance, -2.50 takes off. Yen without decimals.`}
          inputMode="decimal"
          autoComplete="off"
          maxLength={14}
          {...form.field('amount')}
        />
        <TextAreaField
          id="ops-adjust-comment"
          label={t`Comment`}
          hint={t`The customer reads it in their history, and it can never be changed: no personal details.`}
          rows={3}
          maxLength={500}
          {...form.field('comment')}
        />
        <button type="submit" className="button" disabled={form.pending}>
          {form.pending ? t`Sending…` : t`Adjust the balance`}
        </button>
      </form>
    </section>
  );
}

function AdjustedText({ adjustment, customer }: { adjustment: BalanceAdjustment; customer: string }) {
  const { t, i18n } = useLingui();
  const amount = formatMoney(adjustment.amount, i18n.locale, { signDisplay: 'always' });
  const balance = formatMoney(adjustment.balance, i18n.locale);
  return <p>{t`Done: ${amount} for ${customer}. Their balance is now ${balance}.`}</p>;
}

function CancelPendingScan() {
  const { t } = useLingui();
  const cancel = useCancelScan();
  const [cancelled, setCancelled] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);

  const form = useFormSubmit(formRef, {
    schema: cancellationForm,
    initialValues: emptyCancellation,
    action: (data) => {
      setCancelled(undefined);
      const target = isRecordId(data.scan) ? { scan_id: data.scan.toLowerCase() } : { code: data.scan };
      return cancel.mutateAsync({ scan: target, reason: data.reason || undefined });
    },
    onSuccess: (result) => {
      setCancelled(result.code);
      form.setValues(emptyCancellation);
    },
    onFailure: (error) =>
      serverFieldFailure(error, { scan_id: 'scan', code: 'scan' }) ?? {
        message: failureMessage(error, t`The cancellation could not be sent. Check your connection and try again.`),
        focus: () => failureRef.current?.focus(),
      },
  });

  return (
    <section aria-labelledby="ops-cancel" className="ops-section">
      <h2 id="ops-cancel">{t`Cancel a pending scan`}</h2>
      <p>{t`For a scan waiting for check-in that should not be credited. A scan already credited is corrected with an adjustment.`}</p>
      <OutcomeStatus text={cancelled ? t`The scan of ${cancelled} is cancelled.` : undefined} />
      <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, form.values)}>
        {form.message ? (
          <p ref={failureRef} tabIndex={-1} role="alert" className="field__error">
            {form.message}
          </p>
        ) : null}
        <TextField
          id="ops-cancel-scan"
          label={t`Container code or scan ID`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={300}
          {...form.field('scan')}
        />
        <TextField id="ops-cancel-reason" label={t`Reason (optional, the customer reads it)`} maxLength={300} {...form.field('reason')} />
        <button type="submit" className="button button--secondary" disabled={form.pending}>
          {t`Cancel the scan`}
        </button>
      </form>
    </section>
  );
}
