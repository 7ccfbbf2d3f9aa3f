import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../../ui/page';
import { useMe } from '../../../features/auth/api/me';

export const Route = createFileRoute('/{-$country}/user/account')({
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
      <p>{t`Your balance and transaction history are not available yet.`}</p>
    </Page>
  );
}
