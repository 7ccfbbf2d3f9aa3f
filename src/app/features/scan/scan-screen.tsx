import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { parseScannedPayload, validateContainerCode, type ContainerCodeProblem } from '#domain/container-codes';
import { claimRecordedCode, codeProblemText, scanRefusalText, underReviewAnswerText, underReviewText } from './scan-messages';
import { TextField } from '../../ui/text-field';
import { CameraView } from '../../lib/camera/camera-view';
import type { CameraProblem } from '../../lib/camera/camera';
import { giveFeedback, soundPreference, storeSoundPreference, type FeedbackKind } from '../../lib/camera/feedback';
import { prepareOutbox } from '../../lib/outbox';
import {
  captureCodes,
  isUnderReview,
  stateOf,
  takeRefusals,
  useQueuedScans,
  useSessionScans,
  type CaptureResult,
  type SessionScan,
} from './scan-session';
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
  const lastSeen = useRef(new Map<string, number>());
  const busyCodes = useRef(new Set<string>());
  const serial = useRef(0);

  useEffect(() => {
    if (queued) void takeRefusals(queued.entries);
  }, [queued]);

  // The first frame's codes then go to the outbox without waiting for its code to load.
  useEffect(() => prepareOutbox(), []);

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
        if (result.reason === 'signed-out') return { kind: 'refused', text: t`Log in to record your returns.` };
        // Kept as a claim: recorded, not refused (one buzz), in the words the list and the history use.
        if (result.reason === 'refused' && result.code === claimRecordedCode) return { kind: 'saved', text: underReviewAnswerText() };
        if (result.reason === 'refused') return { kind: 'refused', text: scanRefusalText(result.code ?? '', result.message ?? '') };
        return { kind: 'refused', text: t`This scan could not be saved: your device is out of storage space.` };
    }
  }

  /**
   * Records a frame's codes without answering (they are answered together), in one go: one outbox
   * transaction and one round of sends for the lot. A code still being recorded is left out.
   */
  async function record(codes: string[]): Promise<CaptureResult[]> {
    const fresh = [...new Set(codes)].filter((code) => !busyCodes.current.has(code));
    for (const code of fresh) busyCodes.current.add(code);
    try {
      return fresh.length > 0 ? await captureCodes(fresh) : [];
    } finally {
      for (const code of fresh) busyCodes.current.delete(code);
    }
  }

  function answerOne(result: CaptureResult) {
    const { kind, text } = captureText(result);
    const scanId =
      result.kind === 'saved' || result.kind === 'queued' ? result.scan.id : result.kind === 'not-saved' ? result.scanId : undefined;
    show(kind, text, scanId);
  }

  async function capture(code: string): Promise<CaptureResult | undefined> {
    const [result] = await record([code]);
    if (result) answerOne(result);
    return result;
  }

  /**
   * The codes of one camera frame, recorded side by side and answered once: one buzz or beep
   * for the frame, and how many were recorded (each refusal's reason is on its line in the list).
   */
  async function captureFrame(codes: string[]) {
    const results = await record(codes);
    const [only] = results;
    if (results.length === 1 && only) return answerOne(only);
    if (results.length === 0) return;
    const count = (kind: CaptureResult['kind']) => results.filter((result) => result.kind === kind).length;
    const saved = count('saved');
    const queued = count('queued');
    const review = results.filter((result) => result.kind === 'not-saved' && result.code === claimRecordedCode).length;
    const refused = count('not-saved') - review;
    const unsaved = results.find((result) => result.kind === 'not-saved' && result.reason !== 'refused');
    const parts: string[] = [];
    if (saved > 0) parts.push(plural(saved, { one: '# container recorded.', other: '# containers recorded.' }));
    if (queued > 0)
      parts.push(
        plural(queued, {
          one: '# container is saved on this phone and will be sent as soon as you are online.',
          other: '# containers are saved on this phone and will be sent as soon as you are online.',
        }),
      );
    if (review > 0)
      parts.push(
        plural(review, {
          one: '# container is under review: someone else scanned it first.',
          other: '# containers are under review: someone else scanned them first.',
        }),
      );
    if (unsaved) parts.push(captureText(unsaved).text);
    else if (refused > 0)
      parts.push(
        plural(refused, { one: '# container was refused: see the list below.', other: '# containers were refused: see the list below.' }),
      );
    const duplicates = count('duplicate');
    if (parts.length === 0)
      parts.push(
        plural(duplicates, {
          one: '# container is already scanned in this session.',
          other: '# containers are already scanned in this session.',
        }),
      );
    show(saved + queued + review > 0 ? 'saved' : refused > 0 ? 'refused' : 'duplicate', parts.join(' '));
  }

  /** A text is read again in each frame while its label stays in view: it is that label's read only after a gap. */
  function isNewRead(text: string, now: number): boolean {
    const previous = lastSeen.current.get(text);
    lastSeen.current.set(text, now);
    return previous === undefined || now - previous >= sameReadWindowMs;
  }

  /** Resolves once the frame's new codes are answered: the camera reads again after that (CameraView). */
  function onRead(texts: string[]): Promise<void> | undefined {
    const now = Date.now();
    const fresh = texts.filter((text) => isNewRead(text, now));
    if (fresh.length === 0) return undefined;
    const codes: string[] = [];
    let problem: ContainerCodeProblem | undefined;
    for (const text of fresh) {
      const parsed = parseScannedPayload(text, window.location.origin);
      if (parsed.ok) codes.push(parsed.code);
      else problem ??= parsed.problem;
    }
    // Another site's code among our labels (a bag holds anything) is left out of the frame's answer.
    if (codes.length > 0) return captureFrame(codes);
    if (problem) show('refused', codeProblemText(problem, false));
    return undefined;
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

  // Under review counts: the scan was kept, and its deposit is pending like the others'.
  const scanned = scans.filter((scan) => !scan.refusal || isUnderReview(scan));
  const stateTexts = {
    waiting: t`Waiting to upload`,
    recorded: t`Recorded`,
    review: underReviewText(),
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
        {scan.refusal && !isUnderReview(scan) && !reasonShownAbove ? (
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
    <form key="typed" className="form scan-screen__typed" noValidate onSubmit={onSubmit} data-testid="typed-scan-form">
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

  const feedbackLine = (
    <p key="feedback" className={`scan-feedback scan-feedback--${feedback?.kind ?? 'idle'}`} role="status" data-testid="scan-feedback">
      {feedbackText ? <span key={feedback?.serial}>{feedbackText}</span> : null}
    </p>
  );

  const summary = (
    <div key="summary" className="scan-screen__summary">
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
        {t`Beep on each scan`}
      </label>
    </div>
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

      {/* One keyed list, so that the form moves to the top as the same element when the camera turns
          out to be missing: a key pressed into it meanwhile still counts (in two places it was a new
          field, and what was typed into the old one was lost). */}
      {typingOnly ? [typedForm, feedbackLine, summary] : [feedbackLine, summary, typedForm]}

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
