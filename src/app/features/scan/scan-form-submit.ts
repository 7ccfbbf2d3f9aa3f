import { validateContainerCode } from '#domain/container-codes';
import { submitThroughOutbox } from '../../lib/outbox-outcome';
import { newScan, recordScan } from './api/record-scan';
import { claimRecordedCode, codeProblemText, scanRefusalText, underReviewAnswerText } from './scan-messages';

/**
 * What the account page's code field does with a code once it is sent: its own module, loaded when
 * the field is first focused (or the form sent), not with the account page. The code rules, the
 * scan's call and its messages were a tenth of what the page loads besides the framework, for a
 * form most visits never use (docs/performance.md, First load of the account page).
 */

export type TypedScanOutcome =
  /** The code was not taken: the form shows why under the field. */
  | { kind: 'problem'; text: string }
  /** Someone else's scan holds the container: kept as a claim our team reviews. */
  | { kind: 'claimed'; text: string }
  | { kind: 'sent' }
  /** Saved on this device, sent when the phone is back online. */
  | { kind: 'queued' };

/** The code checked on the phone first (format and check symbol): the code to send, or why not. */
export function typedCodeProblem(code: string): { problem: string } | { code: string } {
  const checked = validateContainerCode(code);
  return checked.ok ? { code: checked.code } : { problem: codeProblemText(checked.problem, true) };
}

/**
 * Saves the scan in the offline outbox (features/offline/README.md) before anything is sent, then waits for the
 * outbox's first try. Without an outbox (nobody known yet, storage full), it is sent directly. The
 * id is made here, so a retry can never record it twice.
 */
export async function submitTypedScan(code: string): Promise<TypedScanOutcome> {
  const body = newScan(code);
  const outcome = await submitThroughOutbox({ kind: 'scan', endpoint: '/scans', payload: body, id: body.id }, () => recordScan(body));
  if (outcome.kind === 'refused')
    return outcome.code === claimRecordedCode
      ? { kind: 'claimed', text: underReviewAnswerText() }
      : { kind: 'problem', text: scanRefusalText(outcome.code, outcome.message) };
  return outcome;
}
