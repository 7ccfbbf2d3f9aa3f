import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type FormEvent } from 'react';
import { contactMessageMaxLength, contactTopics, type ContactTopic } from '#domain/contact-topics';
import type { ContactBody } from '#domain/schemas/contact';
import { isApiError } from '../../lib/api';
import { currentCountryCode, currentLocale } from '../../lib/i18n';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field';
import { useFormSubmit } from '../../ui/use-form-submit';
import { notify } from '../../ui/notifications';
import { useMe } from '../../lib/me';
import { useSendContactMessage } from './api/send-contact-message';

// As on the login page: the schema (and zod with it) loads when the form first takes focus.
const loadSchema = () => import('#domain/schemas/contact').then((schemas) => schemas.contactBody);

const topicLabels: Record<ContactTopic, MessageDescriptor> = {
  returns: msg`Returns and scans`,
  balance: msg`My balance`,
  withdrawals: msg`Withdrawals`,
  account: msg`My account`,
  privacy: msg`Privacy and my data`,
  other: msg`Something else`,
};

interface ContactFormProps {
  /** The notice on how the message is used, from the page's content. */
  consentText: string;
  onSent: () => void;
}

export function ContactForm({ consentText, onSent }: ContactFormProps) {
  const { t, i18n } = useLingui();
  const me = useMe();
  const send = useSendContactMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const submission = useFormSubmit(formRef, {
    schema: loadSchema,
    initialValues: { name: '', email: '', topic: '', message: '' },
    action: (body: ContactBody) => send.mutateAsync(body),
    onSuccess: onSent,
    onFailure: (error) => {
      if (isApiError(error) && Object.keys(error.fields).length > 0) return { fields: error.fields };
      if (isApiError(error) && error.code === 'RATE_LIMITED') {
        notify({ kind: 'error', title: t`Error`, description: error.message || t`Too many attempts. Please try again later.` });
      } else if (isApiError(error) && error.code === 'NETWORK') {
        notify({
          kind: 'error',
          title: t`Error`,
          description: t`You are offline. Your message was not sent; please try again when you are back online.`,
        });
      } else {
        notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` });
      }
      return undefined;
    },
  });
  const { setValues } = submission;

  // A signed-in customer writes from the account's address: support finds the account by it.
  const user = me.data;
  useEffect(() => {
    if (!user) return;
    setValues((current) => ({ ...current, name: current.name || (user.name ?? ''), email: current.email || (user.email ?? '') }));
  }, [user, setValues]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    submission.submit(event, { ...submission.values, country_code: currentCountryCode(), locale: currentLocale() });
  }

  const messageField = submission.field('message');
  const messageLength = messageField.value.trim().length;
  return (
    <form ref={formRef} className="form" noValidate onFocus={submission.prepare} onSubmit={onSubmit} aria-label={t`Contact form`}>
      <TextField id="contact-name" label={t`Name`} autoComplete="name" {...submission.field('name')} />
      <TextField id="contact-email" label={t`Email`} type="email" autoComplete="email" {...submission.field('email')} />
      <SelectField id="contact-topic" label={t`Topic`} {...submission.field('topic')}>
        <option value="">{t`Choose a topic`}</option>
        {contactTopics.map((topic) => (
          <option key={topic} value={topic}>
            {i18n._(topicLabels[topic])}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id="contact-message"
        label={t`Message`}
        hint={t`Between 10 and 2,000 characters. For a return, give the date and the code printed on the container.`}
        count={t`${messageLength} of 2,000 characters`}
        rows={7}
        maxLength={contactMessageMaxLength}
        {...messageField}
      />
      <p className="field__hint" data-testid="contact-consent">
        {consentText}
      </p>
      <button type="submit" className="button" disabled={submission.pending}>
        {submission.pending ? t`Sending…` : t`Send message`}
      </button>
    </form>
  );
}
