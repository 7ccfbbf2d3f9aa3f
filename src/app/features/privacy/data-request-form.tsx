import { useLingui } from '@lingui/react/macro';
import { flushSync } from 'react-dom';
import { useId, useRef, useState, type FormEvent } from 'react';
import { dsarBody, dsarKinds, maxDsarMessageLength, type DsarKind, type DsarReceipt } from '#domain/schemas/privacy';
import { isApiError } from '../../lib/api';
import { currentCountryCode, currentLocale } from '../../lib/i18n';
import { useFormSubmit } from '../../ui/use-form-submit';
import { notify } from '../../ui/notifications';
import { TextAreaField, TextField } from '../../ui/text-field';
import { useFileDataRequest } from './api/file-data-request';
import './privacy.css';

interface DataRequestFormProps {
  initialKind: DsarKind;
  /** A signed-in customer's name and email, filled in for them. */
  name?: string;
  email?: string;
}

/**
 * The public data-subject request: anyone may file one. A deletion request is answered
 * "deletion request received"; the others "request received". The
 * answer carries the reference and the date by which we must reply (one month).
 */
export function DataRequestForm({ initialKind, name = '', email = '' }: DataRequestFormProps) {
  const { t, i18n } = useLingui();
  const kindId = useId();
  const messageId = useId();
  const file = useFileDataRequest();
  const [kind, setKind] = useState(initialKind);
  const [receipt, setReceipt] = useState<DsarReceipt>();
  const formRef = useRef<HTMLFormElement>(null);
  const receiptRef = useRef<HTMLDivElement>(null);

  const kindLabels: Record<DsarKind, string> = {
    access: t`A copy of my personal data`,
    deletion: t`The deletion of my account and personal data`,
    rectification: t`The correction of my personal data`,
    other: t`Something else about my personal data`,
  };

  const form = useFormSubmit(formRef, {
    schema: dsarBody,
    initialValues: { name, email, message: '' },
    action: (data) => file.mutateAsync(data),
    onSuccess: (answer) => {
      flushSync(() => setReceipt(answer));
      notify({
        kind: 'success',
        title: t`Success`,
        description: answer.kind === 'deletion' ? t`Deletion request received.` : t`Request received.`,
      });
      receiptRef.current?.focus();
    },
    onFailure: (error) => {
      if (isApiError(error) && Object.keys(error.fields).length > 0) return { fields: error.fields };
      const description = isApiError(error) && error.code === 'RATE_LIMITED' && error.message ? error.message : t`Something went wrong`;
      notify({ kind: 'error', title: t`Error`, description });
      return undefined;
    },
  });
  const { errors } = form;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    form.submit(event, {
      ...form.values,
      kind,
      message: form.values.message || undefined,
      country_code: currentCountryCode(),
      locale: currentLocale(),
    });
  }

  if (receipt) {
    const dueDate = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(receipt.due_at));
    const reference = receipt.id;
    const address = form.values.email ?? '';
    return (
      <div ref={receiptRef} tabIndex={-1} className="notice data-request__receipt">
        <h2>{receipt.kind === 'deletion' ? t`Deletion request received` : t`Request received`}</h2>
        <p>{t`We will answer by ${dueDate} at the latest. We sent a confirmation to ${address}.`}</p>
        <p>{t`Your reference: ${reference}`}</p>
      </div>
    );
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
      <fieldset className="choice-group" role="radiogroup" {...form.invalid('kind', kindId)}>
        <legend>{t`What are you asking for?`}</legend>
        {dsarKinds.map((value) => (
          <div className="checkbox" key={value}>
            <input
              id={`${kindId}-${value}`}
              type="radio"
              name="kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
            />
            <label htmlFor={`${kindId}-${value}`}>{kindLabels[value]}</label>
          </div>
        ))}
        {errors.kind ? (
          <p id={`${kindId}-error`} className="field__error">
            {form.errorOf('kind')}
          </p>
        ) : null}
      </fieldset>
      <TextField id="dsar-name" label={t`Name`} autoComplete="name" {...form.field('name')} />
      <TextField
        id="dsar-email"
        label={t`Email`}
        hint={t`The email address of your Roundtrip account, if you have one.`}
        type="email"
        autoComplete="email"
        {...form.field('email')}
      />
      <TextAreaField id={messageId} label={t`Details (optional)`} rows={5} maxLength={maxDsarMessageLength} {...form.field('message')} />
      <button type="submit" className="button" disabled={form.pending}>
        {form.pending ? t`Sending…` : t`Send my request`}
      </button>
    </form>
  );
}
