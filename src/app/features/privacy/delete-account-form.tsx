import { useLingui } from '@lingui/react/macro';
import { flushSync } from 'react-dom';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { deleteAccountBody } from '../../../domain/schemas/privacy';
import { isApiError } from '../../lib/api';
import { fieldErrorText, fieldErrorsOf, focusFirstError, type FieldErrors } from '../../ui/field-errors';
import { notify } from '../../ui/notifications';
import { TextField } from '../../ui/text-field';
import { signOut } from '../auth/sign-out';
import { useCountryParam } from '../shell/use-country';
import { useDeleteAccount } from './api/delete-account';

type Blocked = { kind: 'balance' | 'pending'; message: string };

/**
 * Deletion needs the box ticked and the password (spec §5). The server refuses it while
 * money is on the balance or something is pending; otherwise it erases the person and
 * ends every session, and this device signs out and says the account is deleted.
 */
export function DeleteAccountForm() {
  const { t, i18n } = useLingui();
  const country = useCountryParam();
  const headingId = useId();
  const confirmId = useId();
  const remove = useDeleteAccount();
  const [confirmed, setConfirmed] = useState(false);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [blocked, setBlocked] = useState<Blocked>();
  const [leaving, setLeaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const blockedRef = useRef<HTMLDivElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBlocked(undefined);
    const parsed = deleteAccountBody.safeParse({ password, confirm: confirmed });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setErrors({});
    remove.mutate(parsed.data, {
      onSuccess: () => {
        setLeaving(true);
        void signOut(`${country ? `/${country}` : ''}/thank-you?reason=account-deleted`);
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'LB_0102') {
          flushSync(() => setErrors({ password: 'wrongPassword' }));
          focusFirstError(formRef.current);
        } else if (isApiError(error) && (error.code === 'POSITIVE_BALANCE' || error.code === 'PENDING_ITEMS')) {
          flushSync(() => setBlocked({ kind: error.code === 'POSITIVE_BALANCE' ? 'balance' : 'pending', message: error.message }));
          blockedRef.current?.focus();
        } else if (isApiError(error) && Object.keys(error.fields).length > 0) {
          flushSync(() => setErrors(error.fields));
          focusFirstError(formRef.current);
        } else {
          notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` });
        }
      },
    });
  }

  const busy = remove.isPending || leaving;

  return (
    <section className="profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Delete my account`}</h2>
      <p>
        {t`Deleting your account erases your personal data and signs you out on every device. Your past deposits and withdrawals stay in our accounts, as the law requires, without your name. This cannot be undone.`}
      </p>
      <p>{t`Before you delete your account, withdraw your balance and wait until your returned containers are checked in.`}</p>
      {blocked ? (
        <div ref={blockedRef} tabIndex={-1} className="notice notice--error" role="alert">
          <p className="notice__text">{blocked.message}</p>
          {blocked.kind === 'balance' ? (
            <Link to="/{-$country}/user/withdraw" params={{ country }}>
              {t`Withdraw my balance`}
            </Link>
          ) : (
            <Link to="/{-$country}/dsar" params={{ country }} search={{ kind: 'deletion' }}>
              {t`Send my deletion request to customer service`}
            </Link>
          )}
        </div>
      ) : null}
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <div className="checkbox">
          <input
            id={confirmId}
            type="checkbox"
            name="confirm"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.currentTarget.checked)}
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? `${confirmId}-error` : undefined}
          />
          <label htmlFor={confirmId}>{t`I understand that my account and personal data will be deleted for good.`}</label>
          {errors.confirm ? (
            <p id={`${confirmId}-error`} className="field__error">
              {fieldErrorText(i18n, errors.confirm)}
            </p>
          ) : null}
        </div>
        <TextField
          id="delete-password"
          label={t`Your password`}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldErrorText(i18n, errors.password)}
        />
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? t`Deleting your account…` : t`Delete my account`}
        </button>
      </form>
    </section>
  );
}
