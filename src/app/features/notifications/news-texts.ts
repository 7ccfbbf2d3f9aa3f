import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { NewsItem } from '#domain/schemas/notifications';
import { currencyExponent, type Money } from '#domain/money';

/** As the wallet shows amounts (in the money's currency, its decimals, from the decimal string). */
function formatMoney(money: Money, locale: string): string {
  const digits = currencyExponent[money.currency];
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return format.format(money.value as unknown as number);
}

export interface NewsText {
  title: string;
  body: string;
}

/** The words of a piece of news in the interface language (the push and the mail say the same). */
export function useNewsText(): (item: NewsItem) => NewsText {
  const { t, i18n } = useLingui();
  return (item) => {
    const amount = item.amount ? formatMoney(item.amount, i18n.locale) : '';
    const reason = item.reason ?? '';
    switch (item.kind) {
      case 'SCAN_CREDITED': {
        const count = item.count ?? 1;
        return {
          title: t`Deposit credited`,
          body: plural(count, {
            one: `# container checked in: ${amount} added to your balance.`,
            other: `# containers checked in: ${amount} added to your balance.`,
          }),
        };
      }
      case 'SCAN_REJECTED':
        return {
          title: t`Return not accepted`,
          body: reason ? t`A container you scanned was not accepted: ${reason}` : t`A container you scanned was not accepted.`,
        };
      case 'WITHDRAWAL_PAID':
        return { title: t`Withdrawal paid`, body: t`${amount} is on its way to your account.` };
      case 'WITHDRAWAL_FAILED':
        return {
          title: t`Withdrawal not paid`,
          body: reason ? t`${amount} is back in your balance. Reason: ${reason}` : t`${amount} is back in your balance.`,
        };
      case 'DISPUTE_RESOLVED':
        return item.outcome === 'credited'
          ? { title: t`Your claim was accepted`, body: amount ? t`${amount} added to your balance.` : t`We agreed with you.` }
          : { title: t`Your claim was reviewed`, body: reason ? t`The decision stands: ${reason}` : t`The decision stands.` };
    }
  };
}
