import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { User } from '#domain/schemas/user';
import { useResendCodeAction } from './use-resend-code-action';
import { useCountryParam } from '../../lib/use-country';

/** Whether the email is verified; if not, a new code (the resend-code button) or the code page. */
export function EmailVerificationStatus({ user }: { user: User }) {
  const { t } = useLingui();
  const country = useCountryParam();
  const headingId = useId();
  const { resend, pending } = useResendCodeAction();
  const email = user.email;
  return (
    <section className="profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Email verification`}</h2>
      {user.email_verified ? (
        <p className="status status--ok">{t`Your email address ${email} is verified.`}</p>
      ) : (
        <>
          <p className="notice">{t`Your email address ${email} is not verified yet. You need a verified email to withdraw your deposits.`}</p>
          <p className="actions">
            <button type="button" className="button button--secondary" onClick={resend} disabled={pending}>
              {t`Resend code`}
            </button>
            <Link to="/{-$country}/user/verify-email" params={{ country }}>
              {t`I have a code`}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
