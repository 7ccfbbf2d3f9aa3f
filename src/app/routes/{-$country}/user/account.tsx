import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../../ui/page';
import { useMe } from '../../../features/auth/api/me';
import { currentLocale } from '../../../lib/i18n';
import { loadWhenOnline } from '../../../lib/query-client';
import { balanceQueryOptions } from '../../../features/wallet/api/balance';
import { transactionsQueryOptions } from '../../../features/wallet/api/transactions';
import { AccountWallet } from '../../../features/wallet/account-wallet';

export const Route = createFileRoute('/{-$country}/user/account')({
  // A failed call shows its message on the page instead of an error page.
  loader: ({ context }) =>
    loadWhenOnline(() =>
      Promise.allSettled([
        context.queryClient.ensureQueryData({ ...balanceQueryOptions(), revalidateIfStale: true }),
        context.queryClient.ensureQueryData({ ...transactionsQueryOptions({}, currentLocale()), revalidateIfStale: true }),
      ]),
    ),
  component: AccountPage,
});

function AccountPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const me = useMe();
  const user = me.data;
  const email = user?.email;
  return (
    <Page title={t`Account`} description={t`Your balance and your returns.`}>
      {email ? <p>{t`Signed in as ${email}.`}</p> : null}
      {user && !user.email_verified ? (
        <p className="notice">
          {t`Your email address is not verified yet.`}{' '}
          <Link to="/{-$country}/user/verify-email" params={{ country }}>
            {t`Verify my email`}
          </Link>
        </p>
      ) : null}
      <AccountWallet />
    </Page>
  );
}
