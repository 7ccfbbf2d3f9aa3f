import { useEffect, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '../../ui/text-field';
import { notify } from '../../ui/notifications';
import { keepDecoderOnceWorkerControls } from '../../lib/camera/keep-decoder';

/**
 * The code rules, the scan's call and its messages (scan-form-submit.ts): asked for when the field
 * is first focused, so they are usually there by the time the form is sent.
 */
const loadSubmit = () => import('./scan-form-submit');

/**
 * Record a scan by typing the code printed under the QR label. The code is checked on the
 * phone first (format and check symbol), then sent with an id made here, so a retry can
 * never record it twice.
 */
export function ScanForm() {
  // The form sits on the account page every signed-in person sees: the place to make the camera
  // scanner ready for offline use, once the page has settled.
  useEffect(() => {
    const prepare = () => void keepDecoderOnceWorkerControls().catch(() => undefined);
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

  async function send(typed: string, submit: Awaited<ReturnType<typeof loadSubmit>>) {
    const checked = submit.typedCodeProblem(typed);
    if ('problem' in checked) {
      fail(checked.problem);
      return;
    }
    setError(undefined);
    const outcome = await submit.submitTypedScan(checked.code);
    if (outcome.kind === 'problem') {
      fail(outcome.text);
      return;
    }
    // Emptied for the next code, unless the person has already typed it while this one was sent.
    setCode((current) => (current === typed ? '' : current));
    notify(
      outcome.kind === 'claimed'
        ? { kind: 'success', title: t`Scan recorded`, description: outcome.text }
        : outcome.kind === 'sent'
          ? { kind: 'success', title: t`Scan recorded`, description: t`Your container is waiting for check-in.` }
          : {
              kind: 'success',
              title: t`Scan saved`,
              description: t`The scan is saved on this device and will be sent when you are back online.`,
            },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    const typed = code;
    void loadSubmit()
      .then(
        (submit) => send(typed, submit),
        // Offline before the service worker kept the app's files: the form's code is not here yet.
        () => fail(t`You seem to be offline. Please try again when you are connected.`),
      )
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
        onFocus={() => void loadSubmit().catch(() => undefined)}
        error={error}
      />
      <button type="submit" className="button" disabled={sending}>
        {t`Record the scan`}
      </button>
    </form>
  );
}
