import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { parseScannedPayload, validateContainerCode } from '#domain/container-codes';
import { codeProblemText, scanRefusalText } from './scan-messages';
import { TextField } from '../../ui/text-field';
import { CameraView } from './camera-view';
import type { CameraProblem } from './camera';
import { giveFeedback, soundPreference, storeSoundPreference, type FeedbackKind } from './feedback';
import { captureCode, stateOf, takeRefusals, useQueuedScans, useSessionScans, type CaptureResult, type SessionScan } from './scan-session';
import './scan.css';

/** The same text read again within this time is the same container still in view. */
const sameReadWindowMs = 2500;

interface Feedback {
  kind: FeedbackKind;
  text: string;
  /** Changes on every read so the flash and the live region repeat for the same text. */
  serial: number;
  /** The session scan this answers, if any: its line in the list does not repeat the refusal. */
  scanId?: string | undefined;
}

/**
 * The scan screen: camera, a typed code for a damaged label, and this session's scans with
 * their upload state. `initialCode` is a code from a deep link (`/r/CODE`), recorded once.
 */
export function ScanScreen({
  country,
  initialCode,
  onInitialCodeTaken,
}: {
  country: string | undefined;
  initialCode: string | undefined;
  onInitialCodeTaken: () => void;
}) {
  const { t } = useLingui();
  const scans = useSessionScans();
  const queued = useQueuedScans();
  const [feedback, setFeedback] = useState<Feedback>();
  const [sound, setSound] = useState(soundPreference);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string>();
  const [cameraProblem, setCameraProblem] = useState<CameraProblem>();
  const lastRead = useRef<{ text: string; at: number }>(undefined);
  const busyCodes = useRef(new Set<string>());
  const serial = useRef(0);

  useEffect(() => {
    if (queued) void takeRefusals(queued);
  }, [queued]);

  function show(kind: FeedbackKind, text: string, scanId?: string) {
    serial.current += 1;
    setFeedback({ kind, text, serial: serial.current, scanId });
    giveFeedback(kind, sound);
  }

  function captureText(result: CaptureResult): { kind: FeedbackKind; text: string } {
    switch (result.kind) {
      case 'saved':
        return { kind: 'saved', text: t`Container ${result.scan.code} scanned.` };
      case 'queued':
        return { kind: 'saved', text: t`Container ${result.scan.code} is saved on this phone and will be sent as soon as you are online.` };
      case 'duplicate':
        return { kind: 'duplicate', text: t`Container ${result.code} is already scanned in this session.` };
      default:
        if (result.reason === 'signed-out') return { kind: 'refused', text: t`Sign in to record your returns.` };
        if (result.reason === 'refused') return { kind: 'refused', text: scanRefusalText(result.code ?? '', result.message ?? '') };
        return { kind: 'refused', text: t`This scan could not be saved: your device is out of storage space.` };
    }
  }

  async function capture(code: string): Promise<CaptureResult | undefined> {
    if (busyCodes.current.has(code)) return undefined;
    busyCodes.current.add(code);
    try {
      const result = await captureCode(code);
      const { kind, text } = captureText(result);
      const scanId =
        result.kind === 'saved' || result.kind === 'queued' ? result.scan.id : result.kind === 'not-saved' ? result.scanId : undefined;
      show(kind, text, scanId);
      return result;
    } finally {
      busyCodes.current.delete(code);
    }
  }

  function onRead(text: string) {
    const now = Date.now();
    const previous = lastRead.current;
    lastRead.current = { text, at: now };
    if (previous && previous.text === text && now - previous.at < sameReadWindowMs) return;
    const parsed = parseScannedPayload(text, window.location.origin);
    if (!parsed.ok) {
      show('refused', codeProblemText(parsed.problem, false));
      return;
    }
    void capture(parsed.code);
  }

  // A deep link's code: checked and recorded once, then dropped from the address.
  const initialTaken = useRef(false);
  const takeInitialCode = useEffectEvent((code: string) => {
    const checked = validateContainerCode(code);
    if (checked.ok) void capture(checked.code).finally(onInitialCodeTaken);
    else {
      show('refused', codeProblemText(checked.problem === 'empty' ? 'format' : checked.problem, false));
      onInitialCodeTaken();
    }
  });
  useEffect(() => {
    if (!initialCode || initialTaken.current) return;
    initialTaken.current = true;
    takeInitialCode(initialCode);
  }, [initialCode]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A pasted QR address is read like the camera reads it; anything else is a typed code.
    const checked = typed.includes('/') ? parseScannedPayload(typed, window.location.origin) : validateContainerCode(typed);
    if (!checked.ok) {
      setTypedError(codeProblemText(checked.problem, true));
      requestAnimationFrame(() => document.getElementById('typed-code')?.focus());
      return;
    }
    setTypedError(undefined);
    void capture(checked.code).then((result) => {
      if (result?.kind === 'saved' || result?.kind === 'queued' || result?.kind === 'duplicate') setTyped('');
    });
  }

  const scanned = scans.filter((scan) => !scan.refusal);
  const stateTexts = {
    waiting: t`Waiting to upload`,
    recorded: t`Recorded`,
    refused: t`Refused`,
  } as const;

  function scanLine(scan: SessionScan) {
    const state = stateOf(scan, queued);
    // The answer above already gives this refusal's reason: said once (scan README, One answer per scan).
    const reasonShownAbove = feedback?.scanId === scan.id;
    return (
      <>
        <span className="scan-list__code">{scan.code}</span>{' '}
        <span className={`scan-list__state scan-list__state--${state}`}>{stateTexts[state]}</span>
        {scan.refusal && !reasonShownAbove ? (
          <span className="scan-list__reason">{scanRefusalText(scan.refusal.code, scan.refusal.message)}</span>
        ) : null}
      </>
    );
  }

  // No camera, or none this page may open: the code field takes the camera's place, in the first screen.
  const typingOnly = cameraProblem === 'no-camera' || cameraProblem === 'insecure';
  const idleText = cameraProblem ? undefined : t`Point the camera at the QR code on the container.`;
  const feedbackText = feedback?.text ?? idleText;

  const typedForm = (
    <form className="form scan-screen__typed" noValidate onSubmit={onSubmit} data-testid="typed-scan-form">
      <TextField
        id="typed-code"
        label={t`Container code`}
        hint={t`Label damaged? Type the code printed under the QR code.`}
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={120}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        error={typedError}
      />
      <button type="submit" className="button">
        {t`Record the scan`}
      </button>
    </form>
  );

  return (
    <div className="scan-screen">
      <CameraView
        onRead={onRead}
        onProblem={(problem) => {
          setCameraProblem(problem);
          if (problem === 'no-camera' || problem === 'insecure')
            requestAnimationFrame(() => document.getElementById('typed-code')?.focus());
        }}
        flash={
          feedback && feedback.kind !== 'duplicate'
            ? { tone: feedback.kind === 'saved' ? 'ok' : 'bad', serial: feedback.serial }
            : undefined
        }
      />

      {typingOnly ? typedForm : null}

      <p className={`scan-feedback scan-feedback--${feedback?.kind ?? 'idle'}`} role="status" data-testid="scan-feedback">
        {feedbackText ? <span key={feedback?.serial}>{feedbackText}</span> : null}
      </p>

      <div className="scan-screen__summary">
        <p className="scan-count" data-testid="scan-count">
          {plural(scanned.length, { one: '# container scanned', other: '# containers scanned' })}
        </p>
        <label className="scan-screen__sound">
          <input
            type="checkbox"
            checked={sound}
            onChange={(event) => {
              setSound(event.currentTarget.checked);
              storeSoundPreference(event.currentTarget.checked);
            }}
          />{' '}
          {t`Sound`}
        </label>
      </div>

      {typingOnly ? null : typedForm}

      {scans.length > 0 ? (
        <section aria-labelledby="session-scans-heading">
          <h2 id="session-scans-heading">{t`Scanned in this session`}</h2>
          <ul className="scan-list" data-testid="session-scans">
            {scans.map((scan) => (
              <li key={scan.id} data-testid="session-scan" data-code={scan.code} data-state={stateOf(scan, queued)}>
                {scanLine(scan)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p>
        <Link to="/{-$country}/user/account" params={{ country }}>
          {t`See my balance and history`}
        </Link>
      </p>
    </div>
  );
}
