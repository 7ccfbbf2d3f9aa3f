import { useLingui } from '@lingui/react/macro';
import { flushSync } from 'react-dom';
import { useId, useRef, useState, type FormEvent } from 'react';
import { changePasswordBody } from '../../../domain/schemas/account';
import { isApiError } from '../../lib/api';
import { fieldErrorText, fieldErrorsOf, focusFirstError, type FieldErrors } from '../../ui/field-errors';
import { notify } from '../../ui/notifications';
import { TextField } from '../../ui/text-field';
import { useChangePassword } from './api/change-password';

const empty = { current_password: '', password: '', password_confirmation: '' };

/** The spec's messages: "Current password is incorrect" under the field, "Password change failed" for anything else. */
export function ChangePasswordForm() {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const change = useChangePassword();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [currentPasswordMessage, setCurrentPasswordMessage] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);

  const set = (field: keyof typeof empty) => (event: { currentTarget: HTMLInputElement }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCurrentPasswordMessage(undefined);
    const parsed = changePasswordBody.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => {
        setValues(empty);
        notify({ kind: 'success', title: t`Success`, description: t`Your password has been updated.` });
      },
      onError: (error) => {
        // Rendered at once, so the field in error exists to be focused (the answer arrives outside any event).
        if (isApiError(error) && error.code === 'CURRENT_PASSWORD_INCORRECT') {
          flushSync(() => setCurrentPasswordMessage(error.message || t`Current password is incorrect`));
        } else if (isApiError(error) && Object.keys(error.fields).length > 0) {
          flushSync(() => setErrors(error.fields));
        } else {
          const description = isApiError(error) && error.code === 'RATE_LIMITED' && error.message ? error.message : t`Password change failed`;
          notify({ kind: 'error', title: t`Error`, description });
          return;
        }
        focusFirstError(formRef.current);
      },
    });
  }

  return (
    <section className="profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Change password`}</h2>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <TextField
          id="current-password"
          label={t`Current password`}
          type="password"
          name="current_password"
          autoComplete="current-password"
          value={values.current_password}
          onChange={set('current_password')}
          error={currentPasswordMessage ?? fieldErrorText(i18n, errors.current_password)}
        />
        <TextField
          id="new-password"
          label={t`New password`}
          hint={t`At least 8 characters.`}
          type="password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={fieldErrorText(i18n, errors.password)}
        />
        <TextField
          id="new-password-confirmation"
          label={t`Confirm the new password`}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={fieldErrorText(i18n, errors.password_confirmation)}
        />
        <button type="submit" className="button" disabled={change.isPending}>
          {change.isPending ? t`Saving…` : t`Change password`}
        </button>
      </form>
    </section>
  );
}
