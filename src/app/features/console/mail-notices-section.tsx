import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { operatorNoticesBody, type OperatorNotices } from '#domain/schemas/operator-notices';
import { failureMessage } from '../../lib/api';
import { QueryView } from '../../ui/query-view';
import { SelectField } from '../../ui/text-field';
import { apiFieldFailure, useFormSubmit } from '../../ui/use-form-submit';
import { useOperatorNotices } from './api/operator-notices';
import { useSaveOperatorNotices } from './api/save-operator-notices';

/** The mails the operator gets from the console (docs/operators.md, Mails to operators): the daily digest and approval requests. */
export function MailNoticesSection() {
  const { t } = useLingui();
  const notices = useOperatorNotices();
  return (
    <section aria-labelledby="ops-mail-notices" className="ops-section">
      <h2 id="ops-mail-notices">{t`Mails from the console`}</h2>
      <QueryView query={notices} errorText={t`Your mail choices could not be loaded.`}>
        {(current) => <MailNoticesForm current={current} />}
      </QueryView>
    </section>
  );
}

function MailNoticesForm({ current }: { current: OperatorNotices }) {
  const { t } = useLingui();
  const save = useSaveOperatorNotices();
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const [saved, setSaved] = useState(false);
  const form = useFormSubmit(formRef, {
    schema: operatorNoticesBody,
    initialValues: { digest: current.digest, approvals: current.approvals },
    action: (data) => {
      setSaved(false);
      return save.mutateAsync(data);
    },
    onSuccess: () => setSaved(true),
    onFailure: (error) =>
      apiFieldFailure(error) ?? {
        message: failureMessage(error, t`Not saved. Check your connection and try again.`),
        focus: () => failureRef.current?.focus(),
      },
  });
  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, form.values)}>
      {form.message ? (
        <p ref={failureRef} role="alert" tabIndex={-1} className="field__error">
          {form.message}
        </p>
      ) : null}
      <SelectField
        id="ops-notice-digest"
        label={t`Daily digest`}
        hint={t`Once a day, what waits in the lists your roles open. Nothing is sent on a day when nothing waits.`}
        {...form.field('digest')}
      >
        <option value="daily">{t`Every day`}</option>
        <option value="off">{t`Never`}</option>
      </SelectField>
      <SelectField
        id="ops-notice-approvals"
        label={t`Requests for a second operator`}
        hint={t`For Customer care: another operator's adjustment or credit above the approval limit.`}
        {...form.field('approvals')}
      >
        <option value="immediate">{t`A mail at once`}</option>
        <option value="digest">{t`In the daily digest only`}</option>
        <option value="off">{t`Never`}</option>
      </SelectField>
      <div className="ops-actions">
        <button type="submit" className="button" disabled={form.pending}>
          {t`Save my mail choices`}
        </button>
      </div>
      {saved ? (
        <p role="status" className="notice">
          {t`Saved.`}
        </p>
      ) : null}
    </form>
  );
}
