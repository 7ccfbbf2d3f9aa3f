import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { ReconcileLine, ReconciliationAnswer } from '#domain/schemas/operator-answers';
import { failureMessage } from '../../lib/api';
import { readChosenBytes } from '../../ui/read-chosen-file';
import { useReconcilePayouts, type ReconcileUploadBody } from './api/reconcile-payouts';
import { useFocusWhenShown } from './use-focus-when-shown';

/** Larger than a day's answer of any bank; the server refuses more than 8 MB. */
const maxAnswerLength = 8 * 1024 * 1024;

/** UTF-8 text as it is; any other file (a Zengin answer in Shift_JIS) as its bytes, which the server decodes. */
function uploadOf(bytes: Uint8Array): ReconcileUploadBody {
  try {
    return { content: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    let binary = '';
    for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
    return { content: btoa(binary), encoding: 'base64' };
  }
}

/**
 * The bank's or PayPal's answer, uploaded from this device: the same settlement as `payouts
 * reconcile FILE` (each payout once, whatever the order), and the same lists.
 */
export function ReconcileUpload() {
  const { t } = useLingui();
  const headingId = useId();
  const fileId = useId();
  const reconcile = useReconcilePayouts();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [result, setResult] = useState<ReconciliationAnswer>();
  const failureRef = useFocusWhenShown<HTMLParagraphElement>(failure);

  async function send() {
    setResult(undefined);
    setFailure(undefined);
    setFileError(undefined);
    const chosen = await readChosenBytes(file, maxAnswerLength);
    if (!chosen.ok) {
      if (chosen.problem === 'none') {
        setFileError(t`Choose the file your bank or PayPal sent back first.`);
        document.getElementById(fileId)?.focus();
      } else
        setFailure(
          chosen.problem === 'unreadable'
            ? t`The file could not be read on this device. Choose it again.`
            : t`The file is larger than 8 MB: no bank's answer of one day is; check that it is the right file.`,
        );
      return;
    }
    reconcile.mutate(uploadOf(chosen.content), {
      onSuccess: setResult,
      onError: (error) => setFailure(failureMessage(error, t`The file could not be sent. Check your connection and try again.`)),
    });
  }

  return (
    <section className="ops-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Settle from the bank's answer`}</h2>
      <p>{t`A SEPA status report (pain.002), a bank notification (camt.054), NACHA returns, a Zengin result file or PayPal's payouts report (CSV). Each payout it names is settled once: a refusal gives the money back and tells the customer why; sending the same file again changes nothing.`}</p>
      <div className="field">
        <label htmlFor={fileId}>{t`The bank's or PayPal's file`}</label>
        <input
          id={fileId}
          type="file"
          accept=".xml,.ach,.txt,.dat,.csv"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          onChange={(event) => {
            setFile(event.currentTarget.files?.[0]);
            setResult(undefined);
            setFailure(undefined);
            setFileError(undefined);
          }}
          data-testid="ops-reconcile-file"
        />
        {fileError ? (
          <p id={`${fileId}-error`} className="field__error">
            {fileError}
          </p>
        ) : null}
      </div>
      <button type="button" className="button" disabled={reconcile.isPending} onClick={() => void send()} data-testid="ops-reconcile">
        {reconcile.isPending ? t`Settling…` : t`Settle the payouts it names`}
      </button>
      {failure ? (
        <p ref={failureRef} tabIndex={-1} role="alert" className="notice notice--error">
          {failure}
        </p>
      ) : null}
      {result ? <ReconcileResult result={result} /> : null}
    </section>
  );
}

function ReconcileResult({ result }: { result: ReconciliationAnswer }) {
  const { t } = useLingui();
  const ref = useFocusWhenShown<HTMLDivElement>(result);
  const formats: Record<ReconciliationAnswer['format'], string> = {
    'pain.002': t`SEPA status report (pain.002)`,
    'nacha-returns': t`NACHA returns`,
    'camt.054': t`Bank notification (camt.054)`,
    'paypal-payouts-report': t`PayPal payouts report`,
    'zengin-results': t`Zengin transfer results (総合振込)`,
  };
  return (
    <div ref={ref} tabIndex={-1} className="ops-result" role="status" data-testid="ops-reconcile-result">
      <p>{formats[result.format]}</p>
      <ReconcileList
        title={plural(result.settled.length, { one: 'Settled now: # payout', other: 'Settled now: # payouts' })}
        lines={result.settled}
        testId="ops-reconcile-settled"
      />
      <ReconcileList
        title={plural(result.already_settled.length, { one: 'Already settled: # payout', other: 'Already settled: # payouts' })}
        lines={result.already_settled}
        testId="ops-reconcile-already"
      />
      <ReconcileList
        title={plural(result.unmatched.length, { one: 'Unmatched: # line', other: 'Unmatched: # lines' })}
        hint={t`No payout of ours has these references: check them with the bank.`}
        lines={result.unmatched}
        testId="ops-reconcile-unmatched"
      />
      {result.conflicts.length > 0 ? (
        <ReconcileList
          title={plural(result.conflicts.length, { one: 'To check by hand: # payout', other: 'To check by hand: # payouts' })}
          hint={t`Paid here and refused by the bank, or cancelled here and paid there: nothing was changed.`}
          lines={result.conflicts}
          testId="ops-reconcile-conflicts"
        />
      ) : null}
      {result.in_progress.length > 0 ? (
        <ReconcileList
          title={plural(result.in_progress.length, { one: 'Still under way: # payout', other: 'Still under way: # payouts' })}
          hint={t`A later report settles them.`}
          lines={result.in_progress}
          testId="ops-reconcile-in-progress"
        />
      ) : null}
      {result.refused_whole.length > 0 ? (
        <>
          <h3>{t`Refused as a whole by the bank`}</h3>
          <p className="field__hint">{t`A problem of the file, not of the customers' accounts: nobody was failed for it. Correct the file and export the batch again.`}</p>
          <ul>
            {result.refused_whole.map((whole) => (
              <li key={whole.id}>
                <code>{whole.id}</code> {whole.code}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function ReconcileList({ title, hint, lines, testId }: { title: string; hint?: string; lines: ReconcileLine[]; testId: string }) {
  const { t } = useLingui();
  return (
    <>
      <h3>{title}</h3>
      {hint && lines.length > 0 ? <p className="field__hint">{hint}</p> : null}
      {lines.length > 0 ? (
        <ul className="ops-reconcile-lines" data-testid={testId}>
          {lines.map((line, index) => (
            <li key={`${line.reference}-${index}`}>
              <code>{line.payout ?? line.reference}</code> · {line.outcome === 'paid' ? t`paid` : t`failed, money back`}
              {line.code ? ` · ${line.code}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
