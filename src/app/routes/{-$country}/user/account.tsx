import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../../ui/page';
import { useMe } from '../../../lib/me';
import { currentLocale } from '../../../lib/i18n';
import { loadWhenOnline } from '../../../lib/query-client';
import { balanceQueryOptions } from '../../../features/wallet/api/balance';
import { transactionsQueryOptions } from '../../../features/wallet/api/transactions';
import { AccountWallet } from '../../../features/wallet/account-wallet';
import { PaymentMethodButton } from '../../../features/payments/payment-method-button';
import { ScanForm } from '../../../features/scan/scan-form';
import { newsQueryOptions } from '../../../features/notifications/api/news';
import { NewsSummary } from '../../../features/notifications/news-summary';
import { PushOptIn } from '../../../features/notifications/push-opt-in';
import { impactQueryOptions } from '../../../features/impact/api/impact';
import { ImpactSection } from '../../../features/impact/impact-section';

/** `row`: a history row to open and bring into view (a notification's link). */
const accountSearch = (search: Record<string, unknown>): { row?: string } =>
  typeof search.row === 'string' && search.row.length <= 200 ? { row: search.row } : {};

export const Route = createFileRoute('/{-$country}/user/account')({
  validateSearch: accountSearch,
  // A failed call shows its message on the page instead of an error page.
  loader: ({ context }) =>
    loadWhenOnline(() =>
      Promise.allSettled([
        context.queryClient.ensureQueryData({ ...balanceQueryOptions(), revalidateIfStale: true }),
        context.queryClient.ensureQueryData({ ...transactionsQueryOptions({}, currentLocale()), revalidateIfStale: true }),
        context.queryClient.ensureQueryData({ ...newsQueryOptions(), revalidateIfStale: true }),
        context.queryClient.ensureQueryData({ ...impactQueryOptions(), revalidateIfStale: true }),
      ]),
    ),
  component: AccountPage,
});

function AccountPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const { row } = Route.useSearch();
  const me = useMe();
  const user = me.data;
  const email = user?.email;
  return (
    <Page title={t`Account`} description={t`Your balance and your returns.`}>
      {email ? <p>{t`Logged in as ${email}.`}</p> : null}
      {user && !user.email_verified ? (
        <p className="notice">
          {t`Your email address is not verified yet.`}{' '}
          <Link to="/{-$country}/user/verify-email" params={{ country }}>
            {t`Verify my email`}
          </Link>
        </p>
      ) : null}
      {/* The balance and what to do with it come first, in the first screen of a phone; news and this
          device's switch follow, above the history, which can be 1,000 rows long (docs/product.md, Account page). */}
      <AccountWallet
        countryCode={user?.country_code}
        paymentMethod={user ? <PaymentMethodButton countryCode={user.country_code} /> : null}
        scanForm={<ScanForm />}
        afterActions={
          <>
            <NewsSummary />
            <PushOptIn />
          </>
        }
        pickedRow={row}
      />
      <ImpactSection />
    </Page>
  );
}
