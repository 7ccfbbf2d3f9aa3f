import { useLingui } from '@lingui/react/macro';
import type { PaymentMethod } from '#domain/payment-methods';

/**
 * The states the /ops answers carry as plain strings (a scan's, a claim's), in the operator's
 * language; a state this version does not know shows as the server wrote it.
 */
export function useStatusName(): (status: string) => string {
  const { t } = useLingui();
  const names: Partial<Record<string, string>> = {
    PENDING: t`Waiting for check-in`,
    COMPLETED: t`Checked in`,
    REJECTED: t`Rejected`,
    CANCELLED: t`Cancelled`,
    OPEN: t`Open`,
    AWARDED: t`Awarded`,
    DISMISSED: t`Dismissed`,
  };
  return (status) => names[status] ?? status;
}

export function usePaymentMethodName(): (method: PaymentMethod) => string {
  const { t } = useLingui();
  const names: Record<PaymentMethod, string> = { TRANSFERWISE: t`Bank transfer`, PAYPAL: 'PayPal', LINE: 'LINE Pay' };
  return (method) => names[method];
}
