import { languageOf, type Language } from './locales';
import type { SupportedLocale } from './markets';
import { formatMoney, isCurrency, moneyFromMinor } from './money';
import type { NewsKind } from './schemas/notifications';

// The words of the news that pushes and mails carry, in the customer's stored language. The app
// says the same through its Lingui catalogues, which are the product's wording and what translators
// edit; src/app/features/notifications/news-texts.test.ts fails when the two part
// (src/app/features/notifications/README.md, Decisions, Texts).

/** A piece of news as the dispatcher reads it from customer_news. */
export interface NewsRecord {
  id: number;
  kind: NewsKind;
  rowId: string;
  params: { amount_minor?: number; currency?: string; count?: number; reason?: string | null; outcome?: string };
}

export interface NewsText {
  title: string;
  body: string;
}

function formatAmount(locale: SupportedLocale, minor: number | undefined, currency: string | undefined): string {
  if (minor === undefined || !isCurrency(currency)) return '';
  return formatMoney(moneyFromMinor(minor, currency), locale);
}

interface KindTexts {
  credited: (count: number, amount: string) => NewsText;
  rejected: (reason: string | null) => NewsText;
  paid: (amount: string) => NewsText;
  failed: (amount: string, reason: string | null) => NewsText;
  disputeCredited: (amount: string) => NewsText;
  disputeUpheld: (reason: string | null) => NewsText;
  claimAwarded: NewsText;
  claimDismissed: (reason: string | null) => NewsText;
  several: (count: number) => string;
}

const texts: Record<Language, KindTexts> = {
  en: {
    credited: (count, amount) => ({
      title: 'Deposit credited',
      body: `${count === 1 ? '1 container' : `${count} containers`} checked in: ${amount} added to your balance.`,
    }),
    rejected: (reason) => ({
      title: 'Return not accepted',
      body: reason ? `A container you scanned was not accepted: ${reason}` : 'A container you scanned was not accepted.',
    }),
    paid: (amount) => ({ title: 'Withdrawal paid', body: `${amount} is on its way to your account.` }),
    failed: (amount, reason) => ({
      title: 'Withdrawal not paid',
      body: `${amount} is back in your balance.${reason ? ` Reason: ${reason}` : ''}`,
    }),
    disputeCredited: (amount) => ({
      title: 'Your claim was accepted',
      body: amount ? `${amount} added to your balance.` : 'We agreed with you.',
    }),
    disputeUpheld: (reason) => ({
      title: 'Your claim was reviewed',
      body: reason ? `The decision stands: ${reason}` : 'The decision stands.',
    }),
    claimAwarded: {
      title: 'Review done: your scan counts',
      body: 'Someone else scanned this container first, and our team found that you returned it. Its deposit is pending until check-in.',
    },
    claimDismissed: (reason) => ({
      title: 'Review done: your scan does not count',
      body: reason
        ? `Someone else scanned this container first, and it stays theirs: ${reason}`
        : 'Someone else scanned this container first, and it stays theirs.',
    }),
    several: (count) => `${count} updates on your Roundtrip account`,
  },
  fr: {
    credited: (count, amount) => ({
      title: 'Consigne créditée',
      body: `${count === 1 ? '1 contenant enregistré' : `${count} contenants enregistrés`}\u202F: ${amount} ajoutés à votre solde.`,
    }),
    rejected: (reason) => ({
      title: 'Retour refusé',
      body: reason ? `Un contenant scanné n’a pas été accepté\u202F: ${reason}` : 'Un contenant scanné n’a pas été accepté.',
    }),
    paid: (amount) => ({ title: 'Retrait versé', body: `${amount} sont en route vers votre compte.` }),
    failed: (amount, reason) => ({
      title: 'Retrait non versé',
      body: `${amount} sont de retour sur votre solde.${reason ? ` Motif\u202F: ${reason}` : ''}`,
    }),
    disputeCredited: (amount) => ({
      title: 'Votre contestation est acceptée',
      body: amount ? `${amount} ajoutés à votre solde.` : 'Nous vous donnons raison.',
    }),
    disputeUpheld: (reason) => ({
      title: 'Votre contestation a été examinée',
      body: reason ? `La décision est maintenue\u202F: ${reason}` : 'La décision est maintenue.',
    }),
    claimAwarded: {
      title: 'Vérification faite\u202F: votre scan compte',
      body: 'Quelqu’un d’autre avait scanné ce contenant avant vous, et notre équipe a constaté que c’est vous qui l’avez rendu. Sa consigne est en attente jusqu’à son enregistrement.',
    },
    claimDismissed: (reason) => ({
      title: 'Vérification faite\u202F: votre scan ne compte pas',
      body: reason
        ? `Quelqu’un d’autre avait scanné ce contenant avant vous, et il reste à son compte\u202F: ${reason}`
        : 'Quelqu’un d’autre avait scanné ce contenant avant vous, et il reste à son compte.',
    }),
    several: (count) => `${count} nouvelles sur votre compte Roundtrip`,
  },
  ja: {
    credited: (count, amount) => ({
      title: 'デポジットを入金しました',
      body: `容器${count}個の返却を確認し、${amount}を残高に追加しました。`,
    }),
    rejected: (reason) => ({
      title: '返却が不承認になりました',
      body: reason ? `スキャンした容器は不承認になりました：${reason}` : 'スキャンした容器は不承認になりました。',
    }),
    paid: (amount) => ({ title: '出金が完了しました', body: `${amount}をお客様の口座へ送金しました。` }),
    failed: (amount, reason) => ({
      title: '出金を完了できませんでした',
      body: `${amount}を残高に戻しました。${reason ? `理由：${reason}` : ''}`,
    }),
    disputeCredited: (amount) => ({
      title: 'お申し立てが認められました',
      body: amount ? `${amount}を残高に追加しました。` : 'お申し立てを認めました。',
    }),
    disputeUpheld: (reason) => ({
      title: 'お申し立てを確認しました',
      body: reason ? `判断は変わりません：${reason}` : '判断は変わりません。',
    }),
    claimAwarded: {
      title: '確認が終わりました：あなたのスキャンが有効です',
      body: 'この容器は先に別の方がスキャンしていましたが、確認の結果、あなたが返却したものでした。デポジットは受け入れ処理まで確認待ちです。',
    },
    claimDismissed: (reason) => ({
      title: '確認が終わりました：あなたのスキャンは無効です',
      body: reason
        ? `この容器は先に別の方がスキャンしており、その方の返却となりました：${reason}`
        : 'この容器は先に別の方がスキャンしており、その方の返却となりました。',
    }),
    several: (count) => `Roundtrip のお知らせが${count}件あります`,
  },
};

/** The title and text of one piece of news in the customer's language (push and mail). */
export function newsText(locale: SupportedLocale, news: NewsRecord): NewsText {
  const t = texts[languageOf(locale)];
  const { params } = news;
  const amount = formatAmount(locale, params.amount_minor, params.currency);
  const reason = params.reason ?? null;
  switch (news.kind) {
    case 'SCAN_CREDITED':
      return t.credited(params.count ?? 1, amount);
    case 'SCAN_REJECTED':
      return t.rejected(reason);
    case 'WITHDRAWAL_PAID':
      return t.paid(amount);
    case 'WITHDRAWAL_FAILED':
      return t.failed(amount, reason);
    case 'DISPUTE_RESOLVED':
      return params.outcome === 'credited' ? t.disputeCredited(amount) : t.disputeUpheld(reason);
    case 'CLAIM_DECIDED':
      return params.outcome === 'awarded' ? t.claimAwarded : t.claimDismissed(reason);
  }
}

/** The title of a push or mail that carries several pieces of news at once. */
export function severalNewsTitle(locale: SupportedLocale, count: number): string {
  return texts[languageOf(locale)].several(count);
}
