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
import { useMe } from '../../lib/me';
import { formatMoney } from '#domain/money';
import { currencyOf } from '#domain/markets';
import { moneyFromMinor, type Money } from '#domain/money';
import { minimumWithdrawalMinor } from '#domain/payment-methods';
import { useDeleteAccount } from './api/delete-account';

/** The server's refusals that name what stands in the way (docs/product.md, Account deletion). */
const blockerCodes = ['POSITIVE_BALANCE', 'BALANCE_BELOW_MINIMUM', 'PENDING_WITHDRAWAL', 'PENDING_SCANS', 'OPEN_DISPUTE'] as const;
type BlockerCode = (typeof blockerCodes)[number];
const isBlockerCode = (code: string): code is BlockerCode => blockerCodes.some((blocker) => blocker === code);

type Blocked = { code: BlockerCode; message: string };

/**
 * Deletion needs the box ticked and the password (docs/product.md, Account deletion). The server refuses it while
 * a balance can be withdrawn or something is pending, and says which; a balance below the minimum
 * withdrawal can be given up with a second box. Otherwise it erases the person and ends every
 * session, and this device signs out and says the account is deleted.
 */
/** `balance`: the customer's balance as the page has it, named when it is given up; undefined until known. */
export function DeleteAccountForm({ balance }: { balance?: Money | undefined }) {
  const { t, i18n } = useLingui();
  const country = useCountryParam();
  const headingId = useId();
  const confirmId = useId();
  const remove = useDeleteAccount();
  const [confirmed, setConfirmed] = useState(false);
  const [blocked, setBlocked] = useState<Blocked>();
  // Once the server has said the balance is too small to withdraw, the box to give it up stays.
  const [offerGiveUp, setOfferGiveUp] = useState(false);
  const [giveUp, setGiveUp] = useState(false);
  const giveUpId = useId();
  const countryCode = useMe().data?.country_code;
  const minimum = countryCode
    ? formatMoney(moneyFromMinor(minimumWithdrawalMinor(countryCode), currencyOf(countryCode)), i18n.locale)
    : undefined;
  const [leaving, setLeaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const blockedRef = useRef<HTMLDivElement>(null);

  const form = useFormSubmit(formRef, {
    schema: deleteAccountBody,
    initialValues: { password: '' },
    action: (data) => remove.mutateAsync(data),
    onSuccess: () => {
      setLeaving(true);
      void signOut(`${country ? `/${country}` : ''}/thank-you?reason=account-deleted`);
    },
    onFailure: (error) => {
      if (isApiError(error) && error.code === 'LB_0102') return { fields: { password: 'wrongPassword' } };
      if (isApiError(error) && isBlockerCode(error.code)) {
        setBlocked({ code: error.code, message: error.message });
        if (error.code === 'BALANCE_BELOW_MINIMUM') setOfferGiveUp(true);
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
    form.submit(event, { ...form.values, confirm: confirmed, ...(offerGiveUp && giveUp ? { give_up_balance: true } : {}) });
  }

  const busy = form.pending || leaving;

  return (
    <section className="profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Delete my account`}</h2>
      <p>
        {t`Deleting your account erases your personal data and signs you out on every device. Your past deposits and withdrawals stay in our accounts, as the law requires, without your name. This cannot be undone.`}
      </p>
      <p>
        {t`Before you delete your account, withdraw your balance and wait until your returned containers are checked in. A balance below the minimum withdrawal can be given up instead.`}
      </p>
      {blocked ? (
        <div ref={blockedRef} tabIndex={-1} className="notice notice--error" role="alert" data-testid="deletion-blocked">
          <p className="notice__text">{blocked.message}</p>
          {blocked.code === 'POSITIVE_BALANCE' ? (
            <Link to="/{-$country}/user/withdraw" params={{ country }}>
              {t`Withdraw my balance`}
            </Link>
          ) : blocked.code === 'BALANCE_BELOW_MINIMUM' ? (
            minimum ? (
              <p className="notice__text">{t`Withdrawals start at ${minimum}. Tick the box below to give up your balance and delete your account.`}</p>
            ) : null
          ) : (
            <ul className="deletion__ways">
              <li>
                {blocked.code === 'PENDING_WITHDRAWAL' ? (
                  <Link to="/{-$country}/user/withdraw" params={{ country }}>
                    {t`See my withdrawals`}
                  </Link>
                ) : (
                  <Link to="/{-$country}/user/account" params={{ country }}>
                    {blocked.code === 'PENDING_SCANS' ? t`See my pending returns` : t`See my disputes in my history`}
                  </Link>
                )}
              </li>
              <li>
                <Link to="/{-$country}/dsar" params={{ country }} search={{ kind: 'deletion' }}>
                  {t`Send my deletion request to customer care`}
                </Link>
              </li>
            </ul>
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
            {...form.invalid('confirm', confirmId)}
          />
          <label htmlFor={confirmId}>{t`I understand that my account and personal data will be deleted for good.`}</label>
          {errors.confirm ? (
            <p id={`${confirmId}-error`} className="field__error">
              {form.errorOf('confirm')}
            </p>
          ) : null}
        </div>
        {offerGiveUp ? (
          <div className="checkbox">
            <input
              id={giveUpId}
              type="checkbox"
              name="give_up_balance"
              checked={giveUp}
              onChange={(event) => setGiveUp(event.currentTarget.checked)}
            />
            <label htmlFor={giveUpId}>
              {balance
                ? t`I give up my remaining balance of ${formatMoney(balance, i18n.locale)}. It will not be paid out.`
                : t`I give up my remaining balance. It will not be paid out.`}
            </label>
          </div>
        ) : null}
        <TextField
          id="delete-password"
          label={t`Your password`}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? t`Deleting your account…` : t`Delete my account`}
        </button>
      </form>
    </section>
  );
}
