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
import { useSetDefaultPaymentMethod } from './api/set-default-payment-method';
import { shownField, usePaymentMethodNames } from './payment-method-names';

/**
 * The form to add or edit a method loads when the dialog opens: its code (with the bank-field
 * rules) waits for that tap. Its texts are in the later catalogue (lib/i18n.ts), which loads with it.
 */
export const loadForm = () => Promise.all([import('./payment-method-form'), loadLaterMessages()]).then(([module]) => module);
const PaymentMethodForm = lazy(() => loadForm().then((module) => ({ default: module.PaymentMethodForm })));

/**
 * The market's methods: the one on file can become the default; each can be added or edited.
 * Mounted from the first opening on, so that closing restores the focus to the button.
 */
export function PaymentMethodDialog({
  countryCode,
  methods,
  open,
  onClose,
}: {
  countryCode: CountryCode;
  methods: PaymentMethods;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const notAdded = t`(not added yet)`;
  const names = usePaymentMethodNames();
  const setDefault = useSetDefaultPaymentMethod();
  const [editing, setEditing] = useState<PaymentMethod>();
  const current = methods.withdraw_type ?? undefined;
  // The choice shows at once while it is being saved; a failure puts the saved one back. Kept in
  // this component's own state, set in the same event as the click: the mutation's pending state
  // arrives a tick later, and in between the radio would flick back to the saved method.
  const [chosen, setChosen] = useState<PaymentMethod>();
  const checked = chosen ?? current;

  const close = () => {
    onClose();
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
    <Dialog open={open} title={editing ? names[editing] : t`Payment method`} onClose={close}>
      {editing ? (
        <>
          <Suspense fallback={<p role="status">{t`Loading…`}</p>}>
            <PaymentMethodForm
              countryCode={countryCode}
              method={editing}
              saved={methods.transfer_wise_data ?? undefined}
              onSaved={() => setEditing(undefined)}
            />
          </Suspense>
          <button type="button" className="button--link" onClick={() => setEditing(undefined)}>
            {t`Back to payment methods`}
          </button>
        </>
      ) : (
        <fieldset className="payment-method__list">
          <legend>{t`Default payment method`}</legend>
          {methods.available_methods.map((method) => {
            const shown = shownField(methods, method, t`phone`);
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
      )}
    </Dialog>
  );
}
