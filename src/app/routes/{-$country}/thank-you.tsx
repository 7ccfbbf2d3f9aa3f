import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';

const reasons = ['email-verified', 'contact', 'account-deleted'] as const;
type ThankYouReason = (typeof reasons)[number];

export const Route = createFileRoute('/{-$country}/thank-you')({
  validateSearch: (search: Record<string, unknown>): { reason?: ThankYouReason } => {
    const reason = reasons.find((known) => known === search.reason);
    return reason ? { reason } : {};
  },
  component: ThankYouPage,
});

function ThankYouPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const { reason } = Route.useSearch();
  const message =
    reason === 'email-verified'
      ? t`Your email address is verified. You can now return containers and withdraw your deposits.`
      : reason === 'contact'
        ? t`Your message has been sent. Customer care will answer you by email, usually within two working days.`
        : reason === 'account-deleted'
          ? t`Your account has been deleted. Your personal data is erased and you are logged out on every device.`
          : t`Thank you for being part of Roundtrip.`;
  return (
    <Page title={t`Thank you`} description={t`Thank you for being part of Roundtrip.`}>
      <p data-testid="thank-you-message">{message}</p>
      <p className="actions">
        {reason === 'email-verified' ? (
          <Link to="/{-$country}/user/account" params={{ country }} className="button">
            {t`Go to my account`}
          </Link>
        ) : (
          <>
            <Link to="/{-$country}" params={{ country }} className="button">
              {t`Go to the home page`}
            </Link>
            {reason === 'contact' ? (
              <Link to="/{-$country}/faq" params={{ country }} className="button button--link">
                {t`Frequently asked questions`}
              </Link>
            ) : null}
          </>
        )}
      </p>
    </Page>
  );
}
