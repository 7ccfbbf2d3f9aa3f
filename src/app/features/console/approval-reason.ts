import { useLingui } from '@lingui/react/macro';
import { formatMoney, moneyFromMinor } from '#domain/money';
import type { ApprovalReason } from '#domain/schemas/operators';

/**
 * Why a request waits for a second operator, in the reader's language: the limit it passed and
 * what the sum came to (docs/operators.md, Approvals). Undefined for requests kept without one.
 */
export function useApprovalReasonText(): (reason: ApprovalReason | null) => string | undefined {
  const { t, i18n } = useLingui();
  return (reason) => {
    if (!reason) return undefined;
    const money = (minor: number) => formatMoney(moneyFromMinor(minor, reason.currency), i18n.locale);
    const limit = money(reason.limit_minor);
    const moved = money(reason.moved_minor);
    switch (reason.kind) {
      case 'per_call':
        return t`This one moves ${moved}, above the limit of ${limit} for one change.`;
      case 'customer_24h':
        return t`With this one, the same operator would have moved ${moved} for this customer in 24 hours, above the limit of ${limit}.`;
      case 'daily_total':
        return t`With this one, the same operator would have moved ${moved} in 24 hours across all customers, above the daily limit of ${limit}.`;
    }
  };
}
