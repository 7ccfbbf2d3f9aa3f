import { lazy, Suspense, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CountryCode } from '#domain/markets';
import type { PaymentMethod } from '#domain/payment-methods';
import type { PaymentMethods } from '#domain/schemas/payment-methods-answer';
import { failureMessage } from '../../lib/api';
import { loadLaterMessages } from '../../lib/i18n';
import { Dialog } from '../../ui/dialog';
import { notify } from '../../ui/notifications';
import { spaceBetween } from '../../ui/spacing';
import { usePaymentMethods } from './api/payment-methods';
import { useSetDefaultPaymentMethod } from './api/set-default-payment-method';
import './payments.css';

/**
 * The form to add or edit a method loads when the dialog opens, not with the account page: nobody
 * needs it before that tap, and its code (with the bank-field rules) weighs on the page's first load.
 * Its texts are in the later catalogue (lib/i18n.ts), which loads with it.
 */
const loadForm = () => Promise.all([import('./payment-method-form'), loadLaterMessages()]).then(([module]) => module);
const PaymentMethodForm = lazy(() => loadForm().then((module) => ({ default: module.PaymentMethodForm })));

export function usePaymentMethodNames(): Record<PaymentMethod, string> {
  const { t } = useLingui();
  return { TRANSFERWISE: t`Bank account`, PAYPAL: t`PayPal`, LINE: t`LINE Pay` };
}

/** The masked field shown for a method (account number or IBAN, email, LINE number). */
export function shownField(methods: PaymentMethods, method: PaymentMethod, phoneLabel = ''): string | undefined {
  if (method === 'TRANSFERWISE')
    return methods.transfer_wise_data
      ? (methods.transfer_wise_data.account_number ?? methods.transfer_wise_data.iban ?? undefined)
      : undefined;
  if (method === 'PAYPAL') return methods.paypalWithdrawData?.email;
  if (!methods.lineData) return undefined;
  return methods.lineData.phoneLast4
    ? `${methods.lineData.referenceNo} (${phoneLabel} ${methods.lineData.phoneLast4})`.replace('( ', '(')
    : methods.lineData.referenceNo;
}

/**
 * A button that shows the default payment method and lets the customer set it or
 * edit the account. The dialog lists the market's methods: the one on file can become the
 * default; each can be added or edited.
 */
export function PaymentMethodButton({ countryCode }: { countryCode: CountryCode }) {
  const { t } = useLingui();
  const notAdded = t`(not added yet)`;
  const names = usePaymentMethodNames();
  const methods = usePaymentMethods();
  const setDefault = useSetDefaultPaymentMethod();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<PaymentMethod>();
  const data = methods.data;
  const current = data?.withdraw_type ?? undefined;
  // The choice shows at once while it is being saved; a failure puts the saved one back. Kept in
  // this component's own state, set in the same event as the click: the mutation's pending state
  // arrives a tick later, and in between the radio would flick back to the saved method.
  const [chosen, setChosen] = useState<PaymentMethod>();
  const checked = chosen ?? current;
  const currentShown = data && current ? shownField(data, current, t`phone`) : undefined;
  // A masked number stays on one line ("FR•• •••• 0189"): broken, its parts read as separate numbers.
  const label =
    data && current ? (
      <>
        {names[current]}
        {currentShown ? (
          <>
            {' '}
            <span className="payment-method__number">{currentShown}</span>
          </>
        ) : null}
      </>
    ) : (
      t`Add a payment method`
    );

  const close = () => {
    setOpen(false);
    setEditing(undefined);
  };

  const choose = (method: PaymentMethod) => {
    setChosen(method);
    setDefault.mutate(method, {
      onSettled: () => setChosen(undefined),
      onSuccess: () => notify({ kind: 'success', title: t`Success`, description: t`Default payment method saved` }),
      onError: (error) =>
        notify({
          kind: 'error',
          title: t`Error`,
          description: failureMessage(error, t`Something went wrong`),
        }),
    });
  };

  return (
    <div className="payment-method">
      <span className="payment-method__caption" id="payment-method-caption">
        {t`Payment method`}
      </span>
      <button
        type="button"
        className="button button--secondary payment-method__button"
        aria-describedby="payment-method-caption"
        data-testid="payment-method-button"
        disabled={!data}
        onClick={() => {
          void loadForm();
          setOpen(true);
        }}
      >
        {data ? label : methods.isError ? t`Payment methods could not be loaded.` : t`Loading…`}
      </button>
      <Dialog open={open} title={editing ? names[editing] : t`Payment method`} onClose={close}>
        {data && editing && countryCode ? (
          <>
            <Suspense fallback={<p role="status">{t`Loading…`}</p>}>
              <PaymentMethodForm
                countryCode={countryCode}
                method={editing}
                saved={data.transfer_wise_data ?? undefined}
                onSaved={() => setEditing(undefined)}
              />
            </Suspense>
            <button type="button" className="button--link" onClick={() => setEditing(undefined)}>
              {t`Back to payment methods`}
            </button>
          </>
        ) : data ? (
          <fieldset className="payment-method__list">
            <legend>{t`Default payment method`}</legend>
            {data.available_methods.map((method) => {
              const shown = shownField(data, method, t`phone`);
              return (
                <div key={method} className="payment-method__option" data-testid={`payment-option-${method}`}>
                  <label className="payment-method__choice">
                    <input
                      type="radio"
                      name="default-payment-method"
                      value={method}
                      checked={checked === method}
                      disabled={!shown || setDefault.isPending}
                      onChange={() => choose(method)}
                    />
                    <span>
                      {names[method]}
                      {spaceBetween(names[method], shown ?? notAdded)}
                      {shown ? (
                        <span className="payment-method__shown payment-method__number">{shown}</span>
                      ) : (
                        <span className="payment-method__shown">{notAdded}</span>
                      )}
                    </span>
                  </label>
                  <button type="button" className="button button--small button--secondary" onClick={() => setEditing(method)}>
                    {shown ? t`Edit account` : t`Add`}
                    <span className="visually-hidden"> {names[method]}</span>
                  </button>
                </div>
              );
            })}
          </fieldset>
        ) : null}
      </Dialog>
    </div>
  );
}
