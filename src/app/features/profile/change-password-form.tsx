import { useLingui } from '@lingui/react/macro';
import { useId, useRef } from 'react';
import { changePasswordBody } from '#domain/schemas/account';
import { isApiError } from '../../lib/api';
import { useFormSubmit } from '../../ui/use-form-submit';
import { notify } from '../../ui/notifications';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { TextField } from '../../ui/text-field';
import { useChangePassword } from './api/change-password';

const empty = { current_password: '', password: '', password_confirmation: '' };

/** Its messages: "Current password is incorrect" under the field, "Password change failed" for anything else. */
export function ChangePasswordForm() {
  const { t } = useLingui();
  const headingId = useId();
  const change = useChangePassword();
  const formRef = useRef<HTMLFormElement>(null);

  const form = useFormSubmit(formRef, {
    schema: changePasswordBody,
    initialValues: empty,
    action: (data) => change.mutateAsync(data),
    onSuccess: () => {
      form.setValues(empty);
      notify({ kind: 'success', title: t`Success`, description: t`Your password has been updated.` });
    },
    onFailure: (error) => {
      if (isApiError(error) && error.code === 'CURRENT_PASSWORD_INCORRECT') {
        return { fieldMessages: { current_password: error.message || t`Current password is incorrect` } };
      }
      if (isApiError(error) && Object.keys(error.fields).length > 0) return { fields: error.fields };
      const description = isApiError(error) && error.code === 'RATE_LIMITED' && error.message ? error.message : t`Password change failed`;
      notify({ kind: 'error', title: t`Error`, description });
      return undefined;
    },
  });

  return (
    <section className="profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Change password`}</h2>
      <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, form.values)}>
        <TextField
          id="current-password"
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          {...form.field('current_password')}
        />
        <NewPasswordFields password={form.field('password')} confirmation={form.field('password_confirmation')} />
        <button type="submit" className="button" disabled={form.pending}>
          {form.pending ? t`Saving…` : t`Change password`}
        </button>
      </form>
    </section>
  );
}
