import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import type { CountryCode } from '#domain/markets';
import { minorFromDecimal, moneyFromMinor, type Money } from '#domain/money';
import { currencyOf } from '#domain/markets';
import { minimumWithdrawalMinor, withdrawalFeeMinor } from '#domain/payment-methods';
import { withdrawalAmountForm } from '#domain/schemas/payments';
import { isApiError } from '../../lib/api';
import { useFormSubmit } from '../../ui/use-form-submit';
import { notify } from '../../ui/notifications';
import { TextField } from '../../ui/text-field';
import { usePaymentMethods } from './api/payment-methods';
import { shownField, usePaymentMethodNames } from './payment-method-names';
import { formatMoney } from '#domain/money';
import { useRequestWithdrawal } from './api/request-withdrawal';

interface Confirmation {
  amountMinor: number;
  /** Made once per confirmation: a second click or a retry sends the same key. */
  idempotencyKey: string;
}

/** Amount, then a confirmation with the fee and what arrives, then the request. */
/** `balance`: the customer's balance as the page has it, undefined until it is known. */
export function WithdrawForm({ countryCode, balance }: { countryCode: CountryCode; balance: Money | undefined }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const id = useId();
  const methods = usePaymentMethods();
  const names = usePaymentMethodNames();
  const request = useRequestWithdrawal();
  const [serverError, setServerError] = useState<string>();
  const [confirmation, setConfirmation] = useState<Confirmation>();
  const formRef = useRef<HTMLFormElement>(null);

  const currency = currencyOf(countryCode);
  const money = (minor: number) => formatMoney(moneyFromMinor(minor, currency), locale);
  const minimum = money(minimumWithdrawalMinor(countryCode));
  const method = methods.data?.withdraw_type ?? undefined;
  const destination = method && methods.data ? `${names[method]} ${shownField(methods.data, method) ?? ''}`.trim() : undefined;
  const balanceMinor = balance ? (minorFromDecimal(balance.value, currency) ?? 0) : undefined;
  // Below the minimum no amount can succeed: the page says so instead of offering the form.
  const belowMinimum = balanceMinor !== undefined && balanceMinor < minimumWithdrawalMinor(countryCode);

  const form = useFormSubmit(formRef, {
    // Until the balance is known the button is disabled and review stops before the check.
    schema: withdrawalAmountForm(countryCode, balanceMinor ?? 0),
    initialValues: { amount: '' },
    action: (data) => setConfirmation({ amountMinor: data.amount, idempotencyKey: crypto.randomUUID() }),
  });

  const review = (event: FormEvent<HTMLFormElement>) => {
    setServerError(undefined);
    if (balanceMinor === undefined) {
      event.preventDefault();
      return;
    }
    form.submit(event, form.values);
  };

  const confirm = () => {
    if (!confirmation) return;
    request.mutate(
      { idempotencyKey: confirmation.idempotencyKey, body: { amount: moneyFromMinor(confirmation.amountMinor, currency).value } },
      {
        onSuccess: () => {
          notify({ kind: 'success', title: t`Success`, description: t`Your withdrawal request has been sent.` });
          setConfirmation(undefined);
          form.setValues({ amount: '' });
        },
        onError: (failure) => {
          const key = isApiError(failure) ? failure.fields.amount : undefined;
          if (key) {
            // Back to the amount, rendered at once so the field in error takes the focus.
            flushSync(() => setConfirmation(undefined));
            form.show({ fields: { amount: key } });
          } else {
            setServerError(isApiError(failure) && failure.message ? failure.message : t`Something went wrong`);
          }
        },
      },
    );
  };

  if (confirmation) {
    const fee = withdrawalFeeMinor(countryCode, confirmation.amountMinor);
    return (
      <section aria-labelledby={`${id}-confirm`} data-testid="withdraw-confirmation">
        <h2 id={`${id}-confirm`}>{t`Confirm your withdrawal`}</h2>
        <dl className="withdraw__summary">
          <dt>{t`Amount`}</dt>
          <dd>{money(confirmation.amountMinor)}</dd>
          <dt>{t`Fee`}</dt>
          <dd data-testid="withdraw-fee">{money(fee)}</dd>
          <dt>{t`You receive`}</dt>
          <dd data-testid="withdraw-payout">{money(confirmation.amountMinor - fee)}</dd>
          <dt>{t`To`}</dt>
          <dd>{destination}</dd>
        </dl>
        {serverError ? (
          <p role="alert" className="field__error">
            {serverError}
          </p>
        ) : null}
        <div className="withdraw__actions">
          <button type="button" className="button" onClick={confirm} disabled={request.isPending}>
            {t`Confirm withdrawal`}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setConfirmation(undefined)}
            disabled={request.isPending}
          >
            {t`Back`}
          </button>
        </div>
      </section>
    );
  }

  if (belowMinimum) {
    return (
      <p className="notice" data-testid="withdraw-below-minimum">
        {t`The minimum withdrawal is ${minimum}. Your balance is below it: once your returns bring it to ${minimum}, you can withdraw it here.`}
      </p>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={review} className="withdraw__form">
      <TextField
        id={`${id}-amount`}
        label={t`Amount to withdraw`}
        hint={
          countryCode === 'jp'
            ? t`Minimum ${minimum}. Maximum: your balance. A fee of 249 yen applies to withdrawals below 8,800 yen.`
            : t`Minimum ${minimum}. Maximum: your balance.`
        }
        {...form.field('amount')}
        error={
          form.errors.amount === 'amountAboveBalance' && balanceMinor !== undefined
            ? t`The most you can withdraw is your balance, ${money(balanceMinor)}.`
            : form.errorOf('amount')
        }
        inputMode={countryCode === 'jp' ? 'numeric' : 'decimal'}
        autoComplete="off"
        data-testid="withdraw-amount"
      />
      {!method && methods.data ? <p className="notice">{t`Add a payment method to withdraw.`}</p> : null}
      <button type="submit" className="button" disabled={!method || balanceMinor === undefined}>
        {t`Continue`}
      </button>
    </form>
  );
}
