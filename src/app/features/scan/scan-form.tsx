import { useEffect, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validateContainerCode } from '#domain/container-codes';
import { TextField } from '../../ui/text-field';
import { notify } from '../../ui/notifications';
import { newScan, recordScan } from './api/record-scan';
import { submitThroughOutbox, type OutboxOutcome } from '../../lib/outbox-outcome';
import { claimRecordedCode, codeProblemText, scanRefusalText, underReviewAnswerText } from './scan-messages';
import { keepDecoderForOffline } from '../../lib/camera/detectors';

type Outcome = OutboxOutcome;

/**
 * Saves the scan in the offline outbox (features/offline/README.md) before anything is sent, then waits for the
 * outbox's first try. Without an outbox (nobody known yet, storage full), it is sent directly.
 */
async function submitScan(code: string): Promise<Outcome> {
  const body = newScan(code);
  return submitThroughOutbox({ kind: 'scan', endpoint: '/scans', payload: body, id: body.id }, () => recordScan(body));
}

/**
 * Record a scan by typing the code printed under the QR label. The code is checked on the
 * phone first (format and check symbol), then sent with an id made here, so a retry can
 * never record it twice.
 */
export function ScanForm() {
  // The form sits on the account page every signed-in person sees: the place to make the camera
  // scanner ready for offline use, once the page has settled.
  useEffect(() => {
    const prepare = () => void keepDecoderForOffline().catch(() => undefined);
    // Safari has no requestIdleCallback: a few seconds after the page settles instead.
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prepare, { timeout: 10_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(prepare, 3_000);
    return () => clearTimeout(timer);
  }, []);
  const { t } = useLingui();
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  function fail(text: string) {
    setError(text);
    requestAnimationFrame(() => document.getElementById('container-code')?.focus());
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateContainerCode(code);
    if (!checked.ok) {
      fail(codeProblemText(checked.problem, true));
      return;
    }
    setError(undefined);
    setSending(true);
    const typed = code;
    void submitScan(checked.code)
      .then((outcome) => {
        if (outcome.kind === 'refused' && outcome.code !== claimRecordedCode) {
          fail(scanRefusalText(outcome.code, outcome.message));
          return;
        }
        // Emptied for the next code, unless the person has already typed it while this one was sent.
        setCode((current) => (current === typed ? '' : current));
        notify(
          outcome.kind === 'refused'
            ? { kind: 'success', title: t`Scan recorded`, description: underReviewAnswerText() }
            : outcome.kind === 'sent'
              ? { kind: 'success', title: t`Scan recorded`, description: t`Your container is waiting for check-in.` }
              : {
                  kind: 'success',
                  title: t`Scan saved`,
                  description: t`The scan is saved on this device and will be sent when you are back online.`,
                },
        );
      })
      .finally(() => setSending(false));
  }

  return (
    <form className="form scan-form" noValidate onSubmit={onSubmit} data-testid="scan-form">
      <TextField
        id="container-code"
        label={t`Container code`}
        hint={t`Type the code printed under the QR code on the container.`}
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        error={error}
      />
      <button type="submit" className="button" disabled={sending}>
        {t`Record the scan`}
      </button>
    </form>
  );
}
