import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OutboxEntry } from '#domain/outbox';
import { parseScannedPayload, validateContainerCode } from '#domain/container-codes';
import { rejectReasonCodes, type RejectReasonCode } from '#domain/reject-reasons';
import type { CheckInResult, RejectResult } from '#domain/schemas/operator-answers';
import type { Approval } from '#domain/schemas/operators';
import { failureMessage } from '../../lib/api';
import { CameraView } from '../../lib/camera/camera-view';
import { giveFeedback } from '../../lib/camera/feedback';
import { formatMoney, minorFromMoney, moneyFromMinor } from '#domain/money';
import type { Currency } from '#domain/markets';
import { pendingProcessingDays } from '#domain/pending-rule';
import { TextField } from '../../ui/text-field';
import type { CheckInOutcome } from './api/check-in';
import { useContainersLookup } from './api/look-up-containers';
import { fetchOperatorMe } from './api/me';
import { recentCheckInsQueryOptions } from './api/recent-check-ins';
import { keptCodes, readDraft, saveDraft } from './checkin-queue';
import { keepAliveOnWork } from './keep-alive';
import { RecentBatches } from './recent-batches';
import { useKeptCheckIns } from './use-kept-check-ins';
import { useOperatorSession } from './use-operator-session';
import { useApprovalReasonText } from './approval-reason';
import { useRejectContainers } from './api/reject-containers';
import { useUndoCheckIn } from './api/undo-check-in';
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
  const session = useOperatorSession();
  // OperatorArea draws this only with a session.
  return session ? <CheckInWork key={session.operator.id} owner={session.operator.id} /> : null;
}

function CheckInWork({ owner }: { owner: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [batch, setBatch] = useState<string[]>([]);
  const [loaded, setLoaded] = useState(false);
  const inBatch = useRef(new Set<string>());
  // Labels still in the picture after their batch was sent come back at every frame: the camera
  // does not add them to the next batch (typing a code does, on purpose).
  const sent = useRef(new Set<string>());
  // Removed by hand: the camera does not bring them back while the label stays in view (typing does).
  const [removed, setRemoved] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [flash, setFlash] = useState<{ tone: 'ok' | 'bad'; serial: number }>();
  const [cameraOn, setCameraOn] = useState(false);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string>();
  const [result, setResult] = useState<CheckInResult>();
  const [awaiting, setAwaiting] = useState<Approval>();
  const [rejection, setRejection] = useState<RejectResult>();
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState<string>();
  const [reasonError, setReasonError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  // Said above the batch, not in the answer it undid: the labels still in view join a new batch at
  // the next frame, which closes that answer.
  const [undone, setUndone] = useState<string>();
  const undoneRef = useFocusWhenShown<HTMLParagraphElement>(undone);
  const reject = useRejectContainers();
  const failureRef = useFocusWhenShown<HTMLParagraphElement>(failure);
  const work = useMemo(() => keepAliveOnWork(() => fetchOperatorMe(), Date.now), []);

  const onAnswer = useCallback(
    (_entry: OutboxEntry, outcome: CheckInOutcome) => {
      if (outcome.kind === 'checked-in') setResult(outcome.result);
      else setAwaiting(outcome.approval);
      void queryClient.invalidateQueries({ queryKey: recentCheckInsQueryOptions.queryKey });
    },
    [queryClient],
  );
  const kept = useKeptCheckIns(owner, onAnswer);

  // The batch on the device: read once, then written at every change (a reload, a closed tab or the
  // end of the session finds it again).
  useEffect(() => {
    let cancelled = false;
    void readDraft(owner).then((draft) => {
      if (cancelled) return;
      setBatch((current) => {
        const merged = [...new Set([...draft.codes, ...current])];
        inBatch.current = new Set(merged);
        return merged;
      });
      setRemoved((current) => [...new Set([...draft.removed, ...current])]);
      setLoaded(true);
    });
    return () => {
      cancelled = true;
    };
  }, [owner]);
  useEffect(() => {
    if (loaded) void saveDraft(owner, batch, removed);
  }, [owner, loaded, batch, removed]);

  /** Adds the codes not yet in the batch; answers how many were new. */
  function add(codes: string[]): number {
    work();
    const fresh = codes.filter((code) => !inBatch.current.has(code)).slice(0, maxBatch - inBatch.current.size);
    if (fresh.length === 0) return 0;
    for (const code of fresh) inBatch.current.add(code);
    setBatch((current) => [...current, ...fresh]);
    setResult(undefined);
    setAwaiting(undefined);
    setRejection(undefined);
    setNote('');
    return fresh.length;
  }

  // Every label in the picture is read at each frame; each one joins the batch once.
  function onRead(texts: string[]) {
    const codes: string[] = [];
    const left = new Set(removed);
    for (const text of texts) {
      const parsed = parseScannedPayload(text, window.location.origin);
      if (parsed.ok && !sent.current.has(parsed.code) && !left.has(parsed.code)) codes.push(parsed.code);
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
    // Typed on purpose: a code removed earlier comes back.
    setRemoved((current) => current.filter((code) => code !== checked.code));
    if (add([checked.code]) === 0) setNote(t`${checked.code} is already in the batch.`);
    setTyped('');
  }

  function remove(code: string) {
    work();
    inBatch.current.delete(code);
    setBatch((current) => current.filter((entry) => entry !== code));
    setRemoved((current) => (current.includes(code) ? current : [...current, code]));
  }

  /** The batch left the draft: its labels stay out of the next batch while they are still in view. */
  function closeBatch(codes: readonly string[]) {
    for (const code of codes) {
      sent.current.add(code);
      inBatch.current.delete(code);
    }
    const gone = new Set(codes);
    setBatch((current) => current.filter((code) => !gone.has(code)));
    setNote('');
  }

  async function send() {
    setFailure(undefined);
    setUndone(undefined);
    setResult(undefined);
    setAwaiting(undefined);
    work();
    const codes = [...batch];
    closeBatch(codes);
    try {
      await kept.keep(codes);
    } catch {
      // Not on the device (storage full or refused): the codes go back to the batch, nothing was sent.
      for (const code of codes) {
        sent.current.delete(code);
        inBatch.current.add(code);
      }
      setBatch((current) => [...new Set([...codes, ...current])]);
      setFailure(t`The batch could not be kept on this phone (its storage may be full). Nothing was sent; try again.`);
    }
  }

  async function sendRejection() {
    setFailure(undefined);
    if (!reason.trim()) {
      setReasonError(t`Write why these containers are rejected; the customers read it.`);
      document.getElementById('ops-reject-reason')?.focus();
      return;
    }
    setReasonError(undefined);
    const codes = [...batch];
    try {
      setRejection(await reject.mutateAsync({ codes, reason: reason.trim() }));
      setReason('');
      closeBatch(codes);
    } catch (error) {
      setFailure(failureMessage(error, t`The rejection could not be sent. Check your connection and try again.`));
    }
  }

  /** One container refused on its own, with a reason from the list (each customer reads it in their language). */
  async function rejectOne(code: string, reasonCode: RejectReasonCode, noteText: string) {
    setFailure(undefined);
    try {
      setRejection(await reject.mutateAsync({ codes: [code], reason_code: reasonCode, ...(noteText ? { reason: noteText } : {}) }));
      setRejecting(undefined);
      closeBatch([code]);
    } catch (error) {
      setFailure(failureMessage(error, t`The rejection could not be sent. Check your connection and try again.`));
    }
  }

  /** An undone batch waits for a check-in again: its labels may join a new batch from the camera. */
  function onUndone(codes: readonly string[], message: string) {
    setUndone(message);
    for (const code of codes) sent.current.delete(code);
    void queryClient.invalidateQueries({ queryKey: recentCheckInsQueryOptions.queryKey });
  }

  const count = batch.length;
  const waiting = kept.kept.filter((entry) => entry.state !== 'failed');
  const refused = kept.kept.filter((entry) => entry.state === 'failed');
  const keptCount = waiting.reduce((sum, entry) => sum + keptCodes(entry).length, 0);
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
            onChange={(event) => {
              work();
              setTyped(event.currentTarget.value);
            }}
            error={typedError}
          />
          <button type="submit" className="button button--secondary">
            {t`Add to the batch`}
          </button>
        </form>
      </section>

      <section aria-labelledby="ops-checkin-batch" className="ops-section">
        <h2 id="ops-checkin-batch">{t`This batch`}</h2>
        {undone ? (
          <p ref={undoneRef} tabIndex={-1} role="status" data-testid="ops-checkin-undone">
            {undone}
          </p>
        ) : null}
        <p role="status" data-testid="ops-checkin-kept">
          {keptCount > 0
            ? kept.online
              ? plural(keptCount, { one: '# code kept on this phone, being sent.', other: '# codes kept on this phone, being sent.' })
              : plural(keptCount, { one: 'Offline: # code kept, will be sent.', other: 'Offline: # codes kept, will be sent.' })
            : !kept.online
              ? t`Offline: the codes you add are kept on this phone.`
              : ''}
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
                </button>{' '}
                <button
                  type="button"
                  className="button button--link"
                  aria-expanded={rejecting === code}
                  onClick={() => setRejecting(rejecting === code ? undefined : code)}
                  aria-label={t`Reject ${code}`}
                >
                  {t`Reject…`}
                </button>
                {rejecting === code ? (
                  <RejectOne
                    code={code}
                    pending={reject.isPending}
                    onReject={(reasonCode, noteText) => void rejectOne(code, reasonCode, noteText)}
                    onCancel={() => setRejecting(undefined)}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {failure ? (
          <p ref={failureRef} role="alert" tabIndex={-1} className="field__error">
            {failure}
          </p>
        ) : null}
        {count > 0 ? (
          <details className="ops-reject">
            <summary>{t`Reject them instead`}</summary>
            <p>{t`For containers that cannot be accepted: no deposit is credited, and each customer reads the reason.`}</p>
            <TextField
              id="ops-reject-reason"
              label={t`Reason shown to the customers`}
              maxLength={300}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={reasonError}
            />
            <button type="button" className="button button--secondary" disabled={reject.isPending} onClick={() => void sendRejection()}>
              {plural(count, { one: 'Reject # container', other: 'Reject # containers' })}
            </button>
          </details>
        ) : null}
        {refused.map((entry) => (
          <div key={entry.id} role="alert" className="notice notice--error" data-testid="ops-checkin-refused">
            <p className="notice__title">{t`A kept batch was refused`}</p>
            <p>{entry.lastError?.message || t`The server refused this batch.`}</p>
            <p>
              {keptCodes(entry).map((code) => (
                <code key={code}>{code} </code>
              ))}
            </p>
            <button type="button" className="button button--secondary" onClick={() => void kept.discard(entry.id)}>
              {t`Put this batch aside`}
            </button>
          </div>
        ))}
      </section>

      {/* At 360 px with the camera on, the batch's count and its button stay in view (sticky). */}
      <div className="ops-batch-bar" data-testid="ops-batch-bar">
        <p className="ops-count" aria-live="polite" data-testid="ops-batch-count">
          {plural(count, { one: '# container in the batch', other: '# containers in the batch' })}
        </p>
        <BatchProducts codes={batch} />
        <button type="button" className="button" disabled={count === 0 || !loaded || reject.isPending} onClick={() => void send()}>
          {plural(count, { one: 'Check in # container', other: 'Check in # containers' })}
        </button>
      </div>

      {result ? <CheckInAnswer key={result.batch_id ?? 'none'} result={result} onUndone={onUndone} /> : null}
      {awaiting ? <AwaitingApproval approval={awaiting} /> : null}
      {rejection ? <RejectAnswer result={rejection} /> : null}
      <RecentBatches />
    </>
  );
}

/**
 * The batch by product, with the deposits it would credit, as the server knows the codes
 * (POST /ops/containers/lookup); offline, the count alone.
 */
function BatchProducts({ codes }: { codes: readonly string[] }) {
  const { t, i18n } = useLingui();
  const lookup = useContainersLookup(codes);
  if (codes.length === 0 || !lookup.data) return null;
  const inBatch = new Set(codes);
  const products = new Map<string, { name: string; count: number }>();
  const totals = new Map<Currency, number>();
  for (const entry of lookup.data) {
    if (!inBatch.has(entry.code)) continue;
    const product = products.get(entry.product_id) ?? { name: entry.product_name, count: 0 };
    product.count += 1;
    products.set(entry.product_id, product);
    totals.set(entry.deposit.currency, (totals.get(entry.deposit.currency) ?? 0) + minorFromMoney(entry.deposit));
  }
  if (products.size === 0) return null;
  const deposits = [...totals].map(([currency, minor]) => formatMoney(moneyFromMinor(minor, currency), i18n.locale)).join(' + ');
  return (
    <div className="ops-batch-bar__products" data-testid="ops-batch-products">
      <ul>
        {[...products].map(([id, product]) => (
          <li key={id}>
            {product.name} × {product.count}
          </li>
        ))}
      </ul>
      <p>{t`Deposits: ${deposits}`}</p>
    </div>
  );
}

/** The reasons a container is refused on its own, and the operator's note the customer reads after it. */
function RejectOne({
  code,
  pending,
  onReject,
  onCancel,
}: {
  code: string;
  pending: boolean;
  onReject: (reason: RejectReasonCode, note: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [picked, setPicked] = useState<RejectReasonCode>('cracked');
  const [noteText, setNoteText] = useState('');
  const labels: Record<RejectReasonCode, string> = {
    cracked: t`Cracked or broken`,
    dirty: t`Too dirty to wash`,
    wrong_programme: t`Another programme's container`,
    label_unreadable: t`Label unreadable`,
  };
  const id = `ops-reject-${code}`;
  return (
    <fieldset className="ops-reject-one" data-testid="ops-reject-one">
      <legend>{t`Why is ${code} rejected?`}</legend>
      {rejectReasonCodes.map((reasonCode) => (
        <label key={reasonCode} className="ops-reject-one__choice">
          <input type="radio" name={id} value={reasonCode} checked={picked === reasonCode} onChange={() => setPicked(reasonCode)} />{' '}
          {labels[reasonCode]}
        </label>
      ))}
      <TextField
        id={`${id}-note`}
        label={t`Note for the customer (optional)`}
        maxLength={300}
        value={noteText}
        onChange={(event) => setNoteText(event.currentTarget.value)}
      />
      <button type="button" className="button button--secondary" disabled={pending} onClick={() => onReject(picked, noteText.trim())}>
        {t`Reject this container`}
      </button>{' '}
      <button type="button" className="button button--link" onClick={onCancel}>
        {t`Cancel`}
      </button>
    </fieldset>
  );
}

/** A batch of freshly issued codes above the approval limits: nothing is credited until a second operator approves it. */
function AwaitingApproval({ approval }: { approval: Approval }) {
  const { t } = useLingui();
  const reason = useApprovalReasonText()(approval.reason);
  const ref = useFocusWhenShown<HTMLDivElement>(approval);
  return (
    <div role="status">
      <div ref={ref} tabIndex={-1} className="notice ops-result" data-testid="ops-checkin-awaiting">
        <p>{t`Codes issued in the last 24 hours: this batch waits for a second operator (customer care) to approve it. Nothing is credited until then.`}</p>
        {reason ? <p>{reason}</p> : null}
      </div>
    </div>
  );
}

function CheckInAnswer({ result, onUndone }: { result: CheckInResult; onUndone: (codes: readonly string[], message: string) => void }) {
  const { t, i18n } = useLingui();
  const ref = useRef<HTMLElement>(null);
  // The answer takes the focus when it comes: the button that sent the batch is disabled by then.
  useEffect(() => ref.current?.focus(), [result]);
  const days = pendingProcessingDays;
  const groups = [
    {
      key: 'credited',
      title: t`Credited`,
      lines: result.checked_in.map((entry) => `${entry.code} · ${formatMoney(entry.deposit, i18n.locale)}`),
    },
    { key: 'held', title: t`Held: another customer claims it (resolve the claims first)`, lines: result.held },
    { key: 'not-pending', title: t`Not pending: nobody is waiting for this deposit`, lines: result.not_pending },
    { key: 'expired', title: t`Expired: scanned more than ${days} days ago, not credited`, lines: result.expired },
    { key: 'unknown', title: t`Unknown codes`, lines: result.unknown },
  ];
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="ops-checkin-result"
      className="ops-section ops-result"
      data-testid="ops-checkin-result"
    >
      <h2 id="ops-checkin-result">{t`Check-in result`}</h2>
      <ResultGroups groups={groups} />
      {result.batch_id ? (
        <UndoBatch batchId={result.batch_id} codes={result.checked_in.map((entry) => entry.code)} onUndone={onUndone} />
      ) : null}
    </section>
  );
}

/**
 * A batch checked in by mistake (the wrong bag, the wrong bin) is taken back whole within 15
 * minutes: its containers wait for a check-in again and the customers' credits are taken back.
 */
function UndoBatch({
  batchId,
  codes,
  onUndone,
}: {
  batchId: string;
  codes: readonly string[];
  onUndone: (codes: readonly string[], message: string) => void;
}) {
  const { t } = useLingui();
  const undo = useUndoCheckIn();
  const [failure, setFailure] = useState<string>();
  const answerRef = useFocusWhenShown<HTMLParagraphElement>(failure);

  function onUndo() {
    setFailure(undefined);
    undo.mutate(batchId, {
      onSuccess: (undone) => {
        onUndone(
          codes,
          plural(undone.scans, {
            one: 'Check-in undone: # container waits for a check-in again, and its deposit was taken back.',
            other: 'Check-in undone: # containers wait for a check-in again, and their deposits were taken back.',
          }),
        );
      },
      onError: (error) => setFailure(failureMessage(error, t`The undo could not be sent. Check your connection and try again.`)),
    });
  }

  if (undo.isSuccess) return null;
  return (
    <div className="ops-action">
      <p>{t`A mistake? This check-in can be undone for 15 minutes.`}</p>
      <button type="button" className="button button--secondary" disabled={undo.isPending} onClick={onUndo} data-testid="ops-checkin-undo">
        {undo.isPending ? t`Undoing…` : t`Undo this check-in`}
      </button>
      {failure ? (
        <p ref={answerRef} role="alert" tabIndex={-1} className="field__error">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

function RejectAnswer({ result }: { result: RejectResult }) {
  const { t } = useLingui();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [result]);
  const groups = [
    { key: 'rejected', title: t`Rejected`, lines: result.rejected.map((entry) => entry.code) },
    { key: 'not-pending', title: t`Not pending: nobody is waiting for this deposit`, lines: result.not_pending },
    { key: 'unknown', title: t`Unknown codes`, lines: result.unknown },
  ];
  return (
    <section ref={ref} tabIndex={-1} aria-labelledby="ops-reject-result" className="ops-section ops-result" data-testid="ops-reject-result">
      <h2 id="ops-reject-result">{t`Rejection result`}</h2>
      <ResultGroups groups={groups} />
    </section>
  );
}

/** An answer's codes by outcome, the empty outcomes left out. */
function ResultGroups({ groups }: { groups: readonly { key: string; title: string; lines: readonly string[] }[] }) {
  return groups
    .filter((group) => group.lines.length > 0)
    .map((group) => (
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
    ));
}
