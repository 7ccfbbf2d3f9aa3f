import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { deleteAccountBody } from '#domain/schemas/privacy';
import { isApiError } from '../../lib/api';
import { useFormSubmit } from '../../ui/use-form-submit';
import { notify } from '../../ui/notifications';
import { TextField } from '../../ui/text-field';
import { signOut } from '../../lib/sign-out';
import { useCountryParam } from '../../lib/use-country';
import { useDeleteAccount } from './api/delete-account';

type Blocked = { kind: 'balance' | 'pending'; message: string };

/**
 * Deletion needs the box ticked and the password (docs/product.md, Account deletion). The server refuses it while
 * money is on the balance or something is pending; otherwise it erases the person and
 * ends every session, and this device signs out and says the account is deleted.
 */
export function DeleteAccountForm() {
  const { t } = useLingui();
  const country = useCountryParam();
  const headingId = useId();
  const confirmId = useId();
  const remove = useDeleteAccount();
  const [confirmed, setConfirmed] = useState(false);
  const [password, setPassword] = useState('');
  const [blocked, setBlocked] = useState<Blocked>();
  const [leaving, setLeaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const blockedRef = useRef<HTMLDivElement>(null);

  const form = useFormSubmit(formRef, {
    schema: deleteAccountBody,
    action: (data) => remove.mutateAsync(data),
    onSuccess: () => {
      setLeaving(true);
      void signOut(`${country ? `/${country}` : ''}/thank-you?reason=account-deleted`);
    },
    onFailure: (error) => {
      if (isApiError(error) && error.code === 'LB_0102') return { fields: { password: 'wrongPassword' } };
      if (isApiError(error) && (error.code === 'POSITIVE_BALANCE' || error.code === 'PENDING_ITEMS')) {
        setBlocked({ kind: error.code === 'POSITIVE_BALANCE' ? 'balance' : 'pending', message: error.message });
        return { focus: () => blockedRef.current?.focus() };
      }
      if (isApiError(error) && Object.keys(error.fields).length > 0) return { fields: error.fields };
      notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` });
      return undefined;
    },
  });
  const { errors } = form;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setBlocked(undefined);
    form.submit(event, { password, confirm: confirmed });
  }

  const busy = form.pending || leaving;

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
              {form.errorOf('confirm')}
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
          error={form.errorOf('password')}
        />
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? t`Deleting your account…` : t`Delete my account`}
        </button>
      </form>
    </section>
  );
}
