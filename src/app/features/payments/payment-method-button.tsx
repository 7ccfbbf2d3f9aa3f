import { lazy, Suspense, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CountryCode } from '#domain/markets';
import { usePaymentMethods } from './api/payment-methods';
import { shownField, usePaymentMethodNames } from './payment-method-names';
import './payments.css';

/**
 * The dialog (the market's methods, the choice of the default, the form to add or edit one) loads
 * with the first tap on the button, not with the account page: nobody needs it before that tap.
 * The form is fetched right behind it, so that "Add" finds it there.
 */
const loadDialog = () => import('./payment-method-dialog');
const PaymentMethodDialog = lazy(() => loadDialog().then((module) => ({ default: module.PaymentMethodDialog })));

/**
 * A button that shows the default payment method and opens the dialog to set it or edit the
 * account (payment-method-dialog.tsx).
 */
export function PaymentMethodButton({ countryCode }: { countryCode: CountryCode }) {
  const { t } = useLingui();
  const names = usePaymentMethodNames();
  const methods = usePaymentMethods();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const data = methods.data;
  const current = data?.withdraw_type ?? undefined;
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
          // Fetched ahead only: a load that fails here is the lazy dialog's and form's to show.
          loadDialog()
            .then((module) => module.loadForm())
            .catch(() => undefined);
          setOpened(true);
          setOpen(true);
        }}
      >
        {data ? label : methods.isError ? t`Payment methods could not be loaded.` : t`Loading…`}
      </button>
      {opened && data && countryCode ? (
        <Suspense fallback={null}>
          <PaymentMethodDialog countryCode={countryCode} methods={data} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
