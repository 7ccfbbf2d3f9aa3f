import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../../ui/page';
import { useResendCodeAction } from '../../../features/auth/use-resend-code-action';

export const Route = createFileRoute('/{-$country}/user/verification-error')({
  component: VerificationErrorPage,
});

function VerificationErrorPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const { resend, pending } = useResendCodeAction();
  return (
    <Page title={t`Verification error`} description={t`Your email address could not be verified.`}>
      <p>{t`We could not verify your email address. The code may have expired or been mistyped.`}</p>
      <p className="actions">
        <button type="button" className="button" onClick={resend} disabled={pending}>
          {t`Send me a new code`}
        </button>
        <Link to="/{-$country}/user/verify-email" params={{ country }} search={{}} className="button button--secondary">
          {t`Enter a code`}
        </Link>
      </p>
    </Page>
  );
}
