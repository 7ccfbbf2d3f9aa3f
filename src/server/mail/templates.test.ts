import { describe, expect, it } from 'vitest';
import { operatorInvitationMail, payoutDestinationChangedMail, withdrawalRequestedMail } from './templates';

// Japan pays withdrawals to a bank account or to PayPal: a mail about money on its way names neither
// as the other. 振込 and 口座 are a bank's words; a PayPal withdrawal read as a bank transfer made
// customers look for a bank fee that is a withdrawal fee (docs/product.md, Payment methods per market).

const paypal = {
  locale: 'ja-JP',
  name: '山田',
  destination: 'PayPal ya•••@example.jp',
  publicUrl: 'http://127.0.0.1:8080',
  countryCode: 'jp',
} as const;

const bankWords = /振込|振り込|口座/;

describe('the mails of a Japanese PayPal withdrawal', () => {
  it('the withdrawal says where it is paid without a bank’s words', () => {
    const mail = withdrawalRequestedMail({ ...paypal, amount: '￥600', payout: '￥351', fee: '￥249' });
    expect(mail.text).toContain('PayPal ya•••@example.jp');
    expect(mail.text).toContain('出金手数料（この金額から差し引かれます）：￥249');
    expect(mail.html).toContain('出金手数料');
    expect(mail.text).not.toMatch(bankWords);
    expect(mail.html).not.toMatch(bankWords);
    expect(mail.subject).not.toMatch(bankWords);
  });

  it('the change of payout destination says where withdrawals go without a bank’s words', () => {
    const mail = payoutDestinationChangedMail(paypal);
    expect(mail.text).toContain('PayPal ya•••@example.jp');
    expect(mail.text).not.toMatch(bankWords);
    expect(mail.subject).not.toMatch(bankWords);
  });
});

describe("an operator's mail with a link to set up their login", () => {
  it('carries the link whole in the text and as a link in the page, in the language asked for', () => {
    const link = 'http://127.0.0.1:8080/ops/join?token=a1&lang=ja';
    const mail = operatorInvitationMail({ language: 'ja', name: '佐藤', invitedBy: 'Ana', link });
    expect(mail.subject).toBe('Roundtrip オペレーターアカウントのご案内');
    expect(mail.text.split('\n')).toContain(link);
    expect(mail.html).toContain(`<a href="http://127.0.0.1:8080/ops/join?token=a1&#38;lang=ja">`);
    expect(mail.html).toContain('リンクの有効期限は48時間で、1回のみ使用できます。');
  });
});
