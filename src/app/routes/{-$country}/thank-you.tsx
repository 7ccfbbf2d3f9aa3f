import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';

export const Route = createFileRoute('/{-$country}/thank-you')({
  validateSearch: (search: Record<string, unknown>): { reason?: 'email-verified' | 'account-deleted' } =>
    search.reason === 'email-verified' || search.reason === 'account-deleted' ? { reason: search.reason } : {},
  component: ThankYouPage,
});

function ThankYouPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const { reason } = Route.useSearch();
  return (
    <Page title={t`Thank you`} description={t`Thank you for being part of Roundtrip.`}>
      <p>
        {reason === 'email-verified'
          ? t`Your email address is verified. You can now return containers and withdraw your deposits.`
          : reason === 'account-deleted'
            ? t`Your account has been deleted. Your personal data is erased and you are signed out on every device.`
            : t`Thank you for being part of Roundtrip.`}
      </p>
      <p className="actions">
        {reason === 'email-verified' ? (
          <Link to="/{-$country}/user/account" params={{ country }} className="button">
            {t`Go to my account`}
          </Link>
        ) : (
          <Link to="/{-$country}" params={{ country }} className="button">
            {t`Go to the home page`}
          </Link>
        )}
      </p>
    </Page>
  );
}
