import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../../ui/page';
import { useMe } from '../../../lib/me';
import { useResendCodeAction } from '../../../features/auth/use-resend-code-action';
import { currentLocale, loadLaterMessages } from '../../../lib/i18n';
import { loadWhenOnline } from '../../../lib/query-client';
import { paymentMethodsQueryOptions } from '../../../features/payments/api/payment-methods';
import { PaymentMethodButton } from '../../../features/payments/payment-method-button';
import { balanceQueryOptions, useBalance } from '../../../features/wallet/api/balance';
import { transactionsQueryOptions, useTransactions } from '../../../features/wallet/api/transactions';
import { formatMoney } from '#domain/money';
import { TransactionList } from '../../../features/wallet/transaction-list';
import { WithdrawForm } from '../../../features/payments/withdraw-form';
import { QueryView } from '../../../ui/query-view';

export const Route = createFileRoute('/{-$country}/user/withdraw')({
  // The form's texts are in the later catalogue (lib/i18n.ts), which the page waits for.
  loader: ({ context }) =>
    Promise.all([
      loadLaterMessages(),
      loadWhenOnline(() =>
        Promise.allSettled([
          context.queryClient.ensureQueryData({ ...balanceQueryOptions(), revalidateIfStale: true }),
          context.queryClient.ensureQueryData(paymentMethodsQueryOptions()),
          context.queryClient.ensureQueryData({
            ...transactionsQueryOptions({ type: 'WITHDRAWAL' }, currentLocale()),
            revalidateIfStale: true,
          }),
        ]),
      ),
    ]),
  component: WithdrawPage,
});

function WithdrawPage() {
  const { t, i18n } = useLingui();
  const me = useMe();
  const balance = useBalance();
  const history = useTransactions({ type: 'WITHDRAWAL' }, i18n.locale);
  const resend = useResendCodeAction();
  const user = me.data;

  return (
    <Page title={t`Withdraw`} description={t`Withdraw your deposit balance to your bank account or PayPal.`}>
      <section aria-labelledby="withdraw-balance-heading">
        <h2 id="withdraw-balance-heading">{t`Your balance`}</h2>
        <p className="wallet__balance" data-testid="withdraw-balance">
          {balance.data
            ? formatMoney(balance.data.balance, i18n.locale)
            : balance.isError
              ? t`Your balance could not be loaded.`
              : t`Loading…`}
        </p>
      </section>
      {user && !user.email_verified ? (
        <div className="notice" role="alert" data-testid="withdraw-unverified">
          <p>{t`Please validate your email! You can not do withdrawal request without email validation.`}</p>
          <button type="button" className="button" onClick={resend.resend} disabled={resend.pending}>
            {t`Resend code`}
          </button>
        </div>
      ) : user ? (
        <section aria-labelledby="withdraw-form-heading">
          <h2 id="withdraw-form-heading">{t`New withdrawal`}</h2>
          <PaymentMethodButton countryCode={user.country_code} />
          <WithdrawForm countryCode={user.country_code} balance={balance.data?.balance} />
        </section>
      ) : null}
      <section aria-labelledby="withdraw-history-heading">
        <h2 id="withdraw-history-heading">{t`Your withdrawals`}</h2>
        <QueryView query={history} errorText={t`Your history could not be loaded.`}>
          {(page) => (page.data.length > 0 ? <TransactionList rows={page.data} /> : <p>{t`No withdrawal yet.`}</p>)}
        </QueryView>
      </section>
    </Page>
  );
}
