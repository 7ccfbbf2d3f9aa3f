import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { disputeBody, disputeReasons, maxDisputeNoteLength, type DisputeBody, type DisputeReason } from '#domain/schemas/disputes';
import type { Transaction } from '#domain/schemas/wallet';
import { useFormSubmit } from '../../ui/use-form-submit';
import { notify } from '../../ui/notifications';
import { fileDispute } from './api/file-dispute';
import { prepareDisputePhoto, type PreparedPhoto } from './dispute-photo';
import { submitThroughOutbox, type OutboxOutcome } from '../../lib/outbox-outcome';
import { TextAreaField } from '../../ui/text-field';

/**
 * Saved in the offline outbox before anything is sent (a dispute written in a shop with no
 * signal is not lost), then followed until the outbox's first try. The id is made when the
 * form opens: sending again after a refusal, or the outbox resending, is the same dispute.
 */
async function submitDispute(body: DisputeBody): Promise<OutboxOutcome> {
  return submitThroughOutbox({ kind: 'dispute', endpoint: '/disputes', payload: body, id: body.id }, () => fileDispute(body));
}

/** "This isn't right": a reason from a short list, an optional note and an optional photo. */
export default function DisputeForm({ row, onDone }: { row: Transaction; onDone: () => void }) {
  const { t } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const [id] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState<DisputeReason>();
  const [photo, setPhoto] = useState<PreparedPhoto>();
  const [preparing, setPreparing] = useState(false);
  const reasonId = useId();

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  const reasonLabels: Record<DisputeReason, string> = {
    returned: t`I returned it, but no deposit came back`,
    not_damaged: t`The container was clean and undamaged`,
    wrong_container: t`This is not the container I returned`,
    other: t`Something else`,
  };

  const form = useFormSubmit(formRef, {
    schema: disputeBody,
    initialValues: { note: '' },
    action: submitDispute,
    onSuccess: (outcome) => {
      if (outcome.kind === 'refused') {
        const onFields =
          outcome.fields && Object.keys(outcome.fields).some((field) => field === 'note' || field === 'photo' || field === 'reason');
        form.show({ fields: onFields ? outcome.fields : undefined, message: outcome.message || t`Something went wrong` });
        return;
      }
      notify(
        outcome.kind === 'sent'
          ? { kind: 'success', title: t`Dispute sent`, description: t`We will look at it and answer you here, in your history.` }
          : {
              kind: 'success',
              title: t`Dispute saved`,
              description: t`It is saved on this device and will be sent when you are back online.`,
            },
      );
      onDone();
    },
  });
  const { errors } = form;

  async function onPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setPreparing(true);
    form.setErrors((current) => ({ ...current, photo: undefined }));
    try {
      setPhoto(await prepareDisputePhoto(file));
    } catch {
      setPhoto(undefined);
      form.setErrors((current) => ({ ...current, photo: 'photoInvalid' }));
    } finally {
      setPreparing(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    form.submit(event, { id, transaction_id: row.id, reason, note: form.values.note?.trim() || undefined, photo: photo?.base64 });
  }

  const noteLength = form.values.note?.length ?? 0;
  return (
    <form ref={formRef} className="form dispute-form" noValidate onSubmit={onSubmit} data-testid="dispute-form">
      <p className="field__hint">{t`Tell us what went wrong with this return. Our team checks it and answers you in your history.`}</p>
      <fieldset className="dispute-form__reasons" role="radiogroup" {...form.invalid('reason', reasonId)}>
        <legend>{t`What is wrong?`}</legend>
        {disputeReasons.map((value) => (
          <div className="checkbox" key={value}>
            <input
              id={`${reasonId}-${value}`}
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                // Any choice is a valid one: "Please choose what is wrong." goes as soon as there is one.
                form.setErrors((current) => ({ ...current, reason: undefined }));
              }}
            />
            <label htmlFor={`${reasonId}-${value}`}>{reasonLabels[value]}</label>
          </div>
        ))}
        {errors.reason ? (
          <p id={`${reasonId}-error`} className="field__error">
            {t`Please choose what is wrong.`}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        id="dispute-note"
        label={t`Note (optional)`}
        count={t`${noteLength} of 500 characters`}
        rows={3}
        maxLength={maxDisputeNoteLength}
        {...form.field('note')}
      />
      <div className="dispute-form__photo">
        <p className="dispute-form__photo-title">{t`Photo (optional)`}</p>
        <p id="dispute-photo-hint" className="field__hint">
          {t`Take a photo or choose one from your phone. It is made smaller and its location is removed before it is sent.`}
        </p>
        {/* The browser's own file button speaks the browser's language, not the customer's: ours stands in for it. */}
        <input
          id="dispute-photo"
          className="visually-hidden"
          type="file"
          accept="image/*"
          onChange={(event) => void onPhoto(event)}
          disabled={preparing}
          {...form.invalid('photo', 'dispute-photo', 'dispute-photo-hint')}
          data-testid="dispute-photo"
        />
        <label htmlFor="dispute-photo" className="button button--secondary button--small dispute-form__pick">
          {photo ? t`Use another photo` : t`Take or choose a photo`}
        </label>
        {preparing ? (
          <p className="field__hint" role="status">
            {t`Preparing the photo…`}
          </p>
        ) : null}
        {photo ? (
          <div className="dispute-form__preview" data-testid="dispute-photo-preview">
            {/* The customer's own photo: "photo" names what it is, it is not a redundant "image of". */}
            {/* eslint-disable-next-line jsx-a11y/img-redundant-alt */}
            <img src={photo.url} alt={t`The photo you added`} width={96} height={96} />
            <button type="button" className="button button--secondary button--small" onClick={() => setPhoto(undefined)}>
              {t`Remove the photo`}
            </button>
          </div>
        ) : null}
        {errors.photo ? (
          <p id="dispute-photo-error" className="field__error">
            {form.errorOf('photo')}
          </p>
        ) : null}
      </div>
      {form.message ? (
        <p className="field__error" role="alert" data-testid="dispute-refusal">
          {form.message}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="submit" className="button" disabled={form.pending || preparing}>
          {t`Send the dispute`}
        </button>
      </div>
    </form>
  );
}
