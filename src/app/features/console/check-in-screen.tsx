import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OutboxEntry } from '#domain/outbox';
import { parseScannedPayload } from '#domain/container-codes';
import { rejectReasonCodes, type RejectReasonCode } from '#domain/reject-reasons';
import type { CheckInResult, RejectResult } from '#domain/schemas/operator-answers';
import type { Approval } from '#domain/schemas/operators';
import { rejectBody, typedCodeForm, type RejectRequest } from '#domain/schemas/operator-requests';
import { failureMessage } from '../../lib/api';
import { CameraView } from '../../lib/camera/camera-view';
import { giveFeedback } from '../../lib/camera/feedback';
import { formatMoney, minorFromMoney, moneyFromMinor } from '#domain/money';
import type { Currency } from '#domain/markets';
import { pendingProcessingDays } from '#domain/pending-rule';
import { TextField } from '../../ui/text-field';
import { apiFieldFailure, useFormSubmit, type FormFailure } from '../../ui/use-form-submit';
import { createBatchStore } from './check-in-batch';
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
  const [store] = useState(() => createBatchStore());
  const state = useSyncExternalStore(store.subscribe, store.get);
  const [flash, setFlash] = useState<{ tone: 'ok' | 'bad'; serial: number }>();
  const [cameraOn, setCameraOn] = useState(false);
  const undoneRef = useFocusWhenShown<HTMLParagraphElement>(state.undone);
  const reject = useRejectContainers();
  const failureRef = useFocusWhenShown<HTMLParagraphElement>(state.failure);
  const work = useMemo(() => keepAliveOnWork(() => fetchOperatorMe(), Date.now), []);

  const onAnswer = useCallback(
    (_entry: OutboxEntry, outcome: CheckInOutcome) => {
      store.dispatch(
        outcome.kind === 'checked-in'
          ? { type: 'checked-in', result: outcome.result }
          : { type: 'awaiting-approval', approval: outcome.approval },
      );
      void queryClient.invalidateQueries({ queryKey: recentCheckInsQueryOptions.queryKey });
    },
    [queryClient, store],
  );
  const kept = useKeptCheckIns(owner, onAnswer);

  // The batch on the device: read once, then written at every change (a reload, a closed tab or the
  // end of the session finds it again).
  useEffect(() => {
    let cancelled = false;
    void readDraft(owner).then((draft) => {
      if (!cancelled) store.dispatch({ type: 'draft-read', codes: draft.codes, removed: draft.removed });
    });
    return () => {
      cancelled = true;
    };
  }, [owner, store]);
  const { loaded, codes: batch, removed } = state;
  useEffect(() => {
    if (loaded) void saveDraft(owner, batch, removed);
  }, [owner, loaded, batch, removed]);

  // Every label in the picture is read at each frame; each one joins the batch once.
  function onRead(texts: string[]) {
    work();
    const codes: string[] = [];
    for (const text of texts) {
      const parsed = parseScannedPayload(text, window.location.origin);
      if (parsed.ok) codes.push(parsed.code);
    }
    const before = store.get().codes;
    if (store.dispatch({ type: 'scanned', codes }).codes !== before) {
      giveFeedback('saved', true);
      setFlash((current) => ({ tone: 'ok', serial: (current?.serial ?? 0) + 1 }));
    }
  }

  async function send() {
    work();
    const codes = [...store.get().codes];
    store.dispatch({ type: 'sending', codes });
    try {
      await kept.keep(codes);
    } catch {
      // Not on the device (storage full or refused): the codes go back to the batch, nothing was sent.
      store.dispatch({
        type: 'keep-failed',
        codes,
        failure: t`The batch could not be kept on this phone (its storage may be full). Nothing was sent; try again.`,
      });
    }
  }

  /** A rejection sent from either form: its refusal is the form's to show when it names a field, else the screen's. */
  async function sendRejection(body: RejectRequest): Promise<void> {
    store.dispatch({ type: 'rejecting-sent' });
    store.dispatch({ type: 'rejected', codes: body.codes, result: await reject.mutateAsync(body) });
  }
  function rejectionFailure(error: unknown): FormFailure | undefined {
    const fields = apiFieldFailure(error);
    if (fields) return fields;
    store.dispatch({
      type: 'failed',
      failure: failureMessage(error, t`The rejection could not be sent. Check your connection and try again.`),
    });
    return undefined;
  }

  /** An undone batch waits for a check-in again: its labels may join a new batch from the camera. */
  function onUndone(codes: readonly string[], message: string) {
    store.dispatch({ type: 'undone', codes, message });
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
        <TypedCodeForm
          onTyping={work}
          onCode={(code) => {
            work();
            store.dispatch({ type: 'typed', code });
          }}
        />
      </section>

      <section aria-labelledby="ops-checkin-batch" className="ops-section">
        <h2 id="ops-checkin-batch">{t`This batch`}</h2>
        {state.undone ? (
          <p ref={undoneRef} tabIndex={-1} role="status" data-testid="ops-checkin-undone">
            {state.undone}
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
          {state.already ? t`${state.already} is already in the batch.` : ''}
        </p>
        {count > 0 ? (
          <ul className="ops-codes">
            {batch.map((code) => (
              <li key={code}>
                <code>{code}</code>{' '}
                <button
                  type="button"
                  className="button button--link"
                  onClick={() => {
                    work();
                    store.dispatch({ type: 'removed', code });
                  }}
                  aria-label={t`Remove ${code}`}
                >
                  {t`Remove`}
                </button>{' '}
                <button
                  type="button"
                  className="button button--link"
                  aria-expanded={state.rejecting === code}
                  onClick={() => store.dispatch({ type: 'reject-one', code })}
                  aria-label={t`Reject ${code}`}
                >
                  {t`Reject…`}
                </button>
                {state.rejecting === code ? (
                  <RejectOne
                    code={code}
                    pending={reject.isPending}
                    onReject={sendRejection}
                    onFailure={rejectionFailure}
                    onCancel={() => store.dispatch({ type: 'reject-one', code: undefined })}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {state.failure ? (
          <p ref={failureRef} role="alert" tabIndex={-1} className="field__error">
            {state.failure}
          </p>
        ) : null}
        {count > 0 ? <RejectBatch codes={batch} pending={reject.isPending} onReject={sendRejection} onFailure={rejectionFailure} /> : null}
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

      {state.checkedIn ? <CheckInAnswer key={state.checkedIn.batch_id ?? 'none'} result={state.checkedIn} onUndone={onUndone} /> : null}
      {state.awaiting ? <AwaitingApproval approval={state.awaiting} /> : null}
      {state.rejection ? <RejectAnswer result={state.rejection} /> : null}
      <RecentBatches />
    </>
  );
}

/**
 * A code typed by hand, or a label's QR address pasted whole: checked by the domain's rule before
 * it joins the batch, then the field is emptied for the next one.
 */
function TypedCodeForm({ onTyping, onCode }: { onTyping: () => void; onCode: (code: string) => void }) {
  const { t } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const [schema] = useState(() => typedCodeForm(window.location.origin));
  const form = useFormSubmit(formRef, {
    schema,
    action: (data) => data.code,
    onSuccess: (code) => {
      onCode(code);
      form.setValues({ code: '' });
    },
  });
  const field = form.field('code');
  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, form.values)}>
      <TextField
        id="ops-typed-code"
        label={t`Container code`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...field}
        onChange={(event) => {
          onTyping();
          field.onChange(event);
        }}
      />
      <button type="submit" className="button button--secondary">
        {t`Add to the batch`}
      </button>
    </form>
  );
}

/** "Reject them instead": the whole batch refused with the operator's words, which each customer reads (online only). */
function RejectBatch({
  codes,
  pending,
  onReject,
  onFailure,
}: {
  codes: readonly string[];
  pending: boolean;
  onReject: (body: RejectRequest) => Promise<void>;
  onFailure: (error: unknown) => FormFailure | undefined;
}) {
  const { t } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const count = codes.length;
  const form = useFormSubmit(formRef, {
    schema: rejectBody,
    initialValues: { reason: '' },
    action: onReject,
    onSuccess: () => form.setValues({ reason: '' }),
    onFailure,
  });
  return (
    <details className="ops-reject">
      <summary>{t`Reject them instead`}</summary>
      <p>{t`For containers that cannot be accepted: no deposit is credited, and each customer reads the reason.`}</p>
      <form ref={formRef} noValidate onSubmit={(event) => form.submit(event, { codes: [...codes], reason: form.values.reason })}>
        <TextField
          id="ops-reject-reason"
          label={t`Reason shown to the customers`}
          maxLength={300}
          {...form.field('reason')}
          error={
            form.errors.reason === 'required' ? t`Write why these containers are rejected; the customers read it.` : form.errorOf('reason')
          }
        />
        <button type="submit" className="button button--secondary" disabled={pending}>
          {plural(count, { one: 'Reject # container', other: 'Reject # containers' })}
        </button>
      </form>
    </details>
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
  onFailure,
  onCancel,
}: {
  code: string;
  pending: boolean;
  onReject: (body: RejectRequest) => Promise<void>;
  onFailure: (error: unknown) => FormFailure | undefined;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormSubmit(formRef, {
    schema: rejectBody,
    // A reason is picked from the start: the one most containers are refused for.
    initialValues: { reason_code: 'cracked', reason: '' },
    action: onReject,
    onFailure,
  });
  const labels: Record<RejectReasonCode, string> = {
    cracked: t`Cracked or broken`,
    dirty: t`Too dirty to wash`,
    wrong_programme: t`Another programme's container`,
    label_unreadable: t`Label unreadable`,
  };
  const id = `ops-reject-${code}`;
  const picked = form.values.reason_code;
  const reasonError = form.errorOf('reason_code');
  const note = form.values.reason?.trim();
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => form.submit(event, { codes: [code], reason_code: picked, ...(note ? { reason: note } : {}) })}
    >
      <fieldset className="ops-reject-one" data-testid="ops-reject-one">
        <legend>{t`Why is ${code} rejected?`}</legend>
        {rejectReasonCodes.map((reasonCode, index) => (
          <label key={reasonCode} className="ops-reject-one__choice">
            <input
              type="radio"
              name={id}
              value={reasonCode}
              checked={picked === reasonCode}
              onChange={() => form.setValue('reason_code', reasonCode)}
              {...(index === 0 ? form.invalid('reason_code', id) : {})}
            />{' '}
            {labels[reasonCode]}
          </label>
        ))}
        {reasonError ? (
          <p id={`${id}-error`} className="field__error">
            {reasonError}
          </p>
        ) : null}
        <TextField id={`${id}-note`} label={t`Note for the customer (optional)`} maxLength={300} {...form.field('reason')} />
        <button type="submit" className="button button--secondary" disabled={pending}>
          {t`Reject this container`}
        </button>{' '}
        <button type="button" className="button button--link" onClick={onCancel}>
          {t`Cancel`}
        </button>
      </fieldset>
    </form>
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
