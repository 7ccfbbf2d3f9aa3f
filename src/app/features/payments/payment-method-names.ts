import { useLingui } from '@lingui/react/macro';
import type { PaymentMethod } from '#domain/payment-methods';
import type { PaymentMethods } from '#domain/schemas/payment-methods-answer';

/** The methods' names, as the button, its dialog and the withdraw form show them. */
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
