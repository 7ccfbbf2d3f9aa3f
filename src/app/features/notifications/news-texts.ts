import { useLingui } from '@lingui/react';
import { plural, t } from '@lingui/core/macro';
import type { NewsItem } from '#domain/schemas/notifications';
import { formatMoney } from '#domain/money';
import type { NewsText } from '#domain/news-texts';

/**
 * The words of a piece of news in the active interface language. Pushes and mails say the same in
 * the customer's stored language (`src/domain/news-texts.ts`); `news-texts.test.ts` holds the two
 * equal (src/app/features/notifications/README.md, Texts).
 */
export function newsText(item: NewsItem, locale: string): NewsText {
  const amount = item.amount ? formatMoney(item.amount, locale) : '';
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
    case 'CLAIM_DECIDED':
      return item.outcome === 'awarded'
        ? {
            title: t`Review done: your scan counts`,
            body: t`Someone else scanned this container first, and our team found that you returned it. Its deposit is pending until check-in.`,
          }
        : {
            title: t`Review done: your scan does not count`,
            body: reason
              ? t`Someone else scanned this container first, and it stays theirs: ${reason}`
              : t`Someone else scanned this container first, and it stays theirs.`,
          };
  }
}

/** `newsText` for a component: it renders again when the interface language changes. */
export function useNewsText(): (item: NewsItem) => NewsText {
  const { i18n } = useLingui();
  return (item) => newsText(item, i18n.locale);
}
