import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { parseScannedPayload, validateContainerCode } from '#domain/container-codes';
import type { CheckInResult } from '#domain/schemas/operator-answers';
import { isApiError } from '../../lib/api';
import { CameraView } from '../../lib/camera/camera-view';
import { giveFeedback } from '../../lib/camera/feedback';
import { formatMoney } from '#domain/money';
import { TextField } from '../../ui/text-field';
import { useCheckInContainers } from './api/check-in';
import { OperatorArea } from './operator-area';
import { useFocusWhenShown } from './use-focus-when-shown';

/** The most codes one check-in call takes (POST /ops/checkins). */
const maxBatch = 2000;

export function CheckInScreen() {
  const { t } = useLingui();
  return (
    <OperatorArea needs="check-in" title={t`Check-in`} description={t`Check returned containers in: their deposits are credited.`}>
      <CheckInBatch />
    </OperatorArea>
  );
}

function CheckInBatch() {
  const { t } = useLingui();
  const [batch, setBatch] = useState<string[]>([]);
  const inBatch = useRef(new Set<string>());
  // Labels still in the picture after their batch was sent come back at every frame: the camera
  // does not add them to the next batch (typing a code does, on purpose).
  const sent = useRef(new Set<string>());
  const [note, setNote] = useState('');
  const [flash, setFlash] = useState<{ tone: 'ok' | 'bad'; serial: number }>();
  const [cameraOn, setCameraOn] = useState(false);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string>();
  const [result, setResult] = useState<CheckInResult>();
  const [failure, setFailure] = useState<string>();
  const checkIn = useCheckInContainers();
  const failureRef = useFocusWhenShown<HTMLParagraphElement>(failure);

  /** Adds the codes not yet in the batch; answers how many were new. */
  function add(codes: string[]): number {
    const fresh = codes.filter((code) => !inBatch.current.has(code)).slice(0, maxBatch - inBatch.current.size);
    if (fresh.length === 0) return 0;
    for (const code of fresh) inBatch.current.add(code);
    setBatch((current) => [...current, ...fresh]);
    setResult(undefined);
    setNote('');
    return fresh.length;
  }

  // Every label in the picture is read at each frame; each one joins the batch once.
  function onRead(texts: string[]) {
    const codes: string[] = [];
    for (const text of texts) {
      const parsed = parseScannedPayload(text, window.location.origin);
      if (parsed.ok && !sent.current.has(parsed.code)) codes.push(parsed.code);
    }
    if (add(codes) > 0) {
      giveFeedback('saved', true);
      setFlash((current) => ({ tone: 'ok', serial: (current?.serial ?? 0) + 1 }));
    }
  }

  function addTyped(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = typed.trim();
    const checked = value.includes('/') ? parseScannedPayload(value, window.location.origin) : validateContainerCode(value);
    if (!checked.ok) {
      setTypedError(
        checked.problem === 'empty'
          ? t`Enter the code printed under the QR code.`
          : checked.problem === 'checksum'
            ? t`This code has a typo: check each character.`
            : t`A container code has 11 letters and digits, like 8B3GG-1FWKZ-Y.`,
      );
      document.getElementById('ops-typed-code')?.focus();
      return;
    }
    setTypedError(undefined);
    if (add([checked.code]) === 0) setNote(t`${checked.code} is already in the batch.`);
    setTyped('');
  }

  function remove(code: string) {
    inBatch.current.delete(code);
    setBatch((current) => current.filter((entry) => entry !== code));
  }

  async function send() {
    setFailure(undefined);
    try {
      const answer = await checkIn.mutateAsync({ codes: batch });
      setResult(answer);
      for (const code of batch) sent.current.add(code);
      inBatch.current.clear();
      setBatch([]);
      setNote('');
    } catch (error) {
      setFailure(
        isApiError(error) && error.message ? error.message : t`The check-in could not be sent. Check your connection and try again.`,
      );
    }
  }

  const count = batch.length;
  return (
    <>
      <section aria-labelledby="ops-checkin-camera" className="ops-section">
        <h2 id="ops-checkin-camera">{t`Scan the labels`}</h2>
        <p>{t`Hold the camera over the containers: every label in the picture is added once, with a short sound.`}</p>
        {cameraOn ? (
          <>
            <CameraView onRead={onRead} flash={flash} />
            <button type="button" className="button button--secondary" onClick={() => setCameraOn(false)}>
              {t`Stop the camera`}
            </button>
          </>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => setCameraOn(true)}>
            {t`Start the camera`}
          </button>
        )}
      </section>

      <section aria-labelledby="ops-checkin-typed" className="ops-section">
        <h2 id="ops-checkin-typed">{t`Type a code`}</h2>
        <form className="form" noValidate onSubmit={addTyped}>
          <TextField
            id="ops-typed-code"
            label={t`Container code`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={typedError}
          />
          <button type="submit" className="button button--secondary">
            {t`Add to the batch`}
          </button>
        </form>
      </section>

      <section aria-labelledby="ops-checkin-batch" className="ops-section">
        <h2 id="ops-checkin-batch">{t`This batch`}</h2>
        <p className="ops-count" aria-live="polite" data-testid="ops-batch-count">
          {plural(count, { one: '# container in the batch', other: '# containers in the batch' })}
        </p>
        <p role="status" data-testid="ops-batch-note">
          {note}
        </p>
        {count > 0 ? (
          <ul className="ops-codes">
            {batch.map((code) => (
              <li key={code}>
                <code>{code}</code>{' '}
                <button type="button" className="button button--link" onClick={() => remove(code)} aria-label={t`Remove ${code}`}>
                  {t`Remove`}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {failure ? (
          <p ref={failureRef} role="alert" tabIndex={-1} className="field__error">
            {failure}
          </p>
        ) : null}
        <button type="button" className="button" disabled={count === 0 || checkIn.isPending} onClick={() => void send()}>
          {checkIn.isPending ? t`Checking in…` : plural(count, { one: 'Check in # container', other: 'Check in # containers' })}
        </button>
      </section>

      {result ? <CheckInAnswer result={result} /> : null}
    </>
  );
}

function CheckInAnswer({ result }: { result: CheckInResult }) {
  const { t, i18n } = useLingui();
  const ref = useRef<HTMLElement>(null);
  // The answer takes the focus when it comes: the button that sent the batch is disabled by then.
  useEffect(() => ref.current?.focus(), [result]);
  const groups = [
    {
      key: 'credited',
      title: t`Credited`,
      lines: result.checked_in.map((entry) => `${entry.code} · ${formatMoney(entry.deposit, i18n.locale)}`),
    },
    { key: 'held', title: t`Held: another customer claims it (resolve the claims first)`, lines: result.held },
    { key: 'not-pending', title: t`Not pending: nobody is waiting for this deposit`, lines: result.not_pending },
    { key: 'expired', title: t`Expired: scanned more than 32 days ago, not credited`, lines: result.expired },
    { key: 'unknown', title: t`Unknown codes`, lines: result.unknown },
  ].filter((group) => group.lines.length > 0);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="ops-checkin-result"
      className="ops-section ops-result"
      data-testid="ops-checkin-result"
    >
      <h2 id="ops-checkin-result">{t`Check-in result`}</h2>
      {groups.map((group) => (
        <div key={group.key} data-group={group.key}>
          <h3>
            {group.title} ({group.lines.length})
          </h3>
          <ul className="ops-codes">
            {group.lines.map((line) => (
              <li key={line}>
                <code>{line}</code>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
