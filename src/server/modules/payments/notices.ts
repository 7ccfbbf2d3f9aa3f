import { and, eq, isNull } from 'drizzle-orm';
import { mailErrorSummary } from '../../mail/mailer';
import type { FastifyBaseLogger } from 'fastify';
import { languageOf, type Language } from '#domain/locales';
import { formatMoney, minorFromMoney, type Money } from '#domain/money';
import type { PaymentMethod } from '#domain/payment-methods';
import type { Withdrawal } from '#domain/schemas/payments';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema';
import { payoutDestinationChangedMail, withdrawalRequestedMail, type MailContent } from '../../mail/templates';
import { toUserView } from '../accounts/user-view';
import type { User } from '#domain/schemas/user';

const methodNames: Record<Language, Record<PaymentMethod, string>> = {
  en: { TRANSFERWISE: 'Bank account', PAYPAL: 'PayPal', LINE: 'LINE Pay' },
  fr: { TRANSFERWISE: 'Compte bancaire', PAYPAL: 'PayPal', LINE: 'LINE Pay' },
  ja: { TRANSFERWISE: '銀行口座', PAYPAL: 'PayPal', LINE: 'LINE Pay' },
};

function destinationText(user: User, method: PaymentMethod, maskedNumber: string | null): string {
  const name = methodNames[languageOf(user.locale)][method];
  return maskedNumber ? `${name} ${maskedNumber}` : name;
}

function money(user: User, amount: Money): string {
  return formatMoney(amount, user.locale);
}

/**
 * Mails the customer about money, after the answer: a mail server that fails never turns a done
 * change into an error, and the failure is logged by kind (never the address or content).
 */
function mailCustomer(
  context: AppContext,
  log: FastifyBaseLogger,
  userId: string,
  kind: string,
  render: (user: User) => MailContent,
): void {
  const send = async () => {
    const [row] = await context.db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .limit(1);
    if (!row?.email) return;
    const user = toUserView(row);
    await context.mailer.send({ to: row.email, kind, ...render(user) });
  };
  void send().catch((error: unknown) => {
    log.error({ kind, err: mailErrorSummary(error) }, 'customer mail not sent');
  });
}

/** Every change of where withdrawals are paid: a new or replaced destination, or another default. */
export function mailPayoutDestinationChanged(
  context: AppContext,
  log: FastifyBaseLogger,
  userId: string,
  destination: { method: PaymentMethod; maskedNumber: string | null },
): void {
  mailCustomer(context, log, userId, 'payout-destination-changed', (user) =>
    payoutDestinationChangedMail({
      locale: user.locale,
      name: user.name,
      destination: destinationText(user, destination.method, destination.maskedNumber),
      publicUrl: context.config.publicUrl,
      countryCode: user.country_code,
    }),
  );
}

/** Every withdrawal request (not its replays). */
export function mailWithdrawalRequested(context: AppContext, log: FastifyBaseLogger, userId: string, withdrawal: Withdrawal): void {
  mailCustomer(context, log, userId, 'withdrawal-requested', (user) =>
    withdrawalRequestedMail({
      locale: user.locale,
      name: user.name,
      amount: money(user, withdrawal.amount),
      payout: money(user, withdrawal.payout_amount),
      fee: minorFromMoney(withdrawal.fee) === 0 ? undefined : money(user, withdrawal.fee),
      destination: destinationText(user, withdrawal.withdraw_type, withdrawal.account_number),
      publicUrl: context.config.publicUrl,
      countryCode: user.country_code,
    }),
  );
}
