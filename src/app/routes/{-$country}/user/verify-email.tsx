import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { verifyEmailBody } from '../../../../domain/schemas/account';
import { isApiError } from '../../../lib/api';
import { Page } from '../../../ui/page';
import { TextField } from '../../../ui/text-field';
import { fieldErrorText, fieldErrorsOf, focusFirstError, type FieldErrors } from '../../../ui/field-errors';
import { notify } from '../../../ui/notifications';
import { useMe } from '../../../features/auth/api/me';
import { useVerifyEmail } from '../../../features/auth/api/verify-email';
import { useResendCodeAction } from '../../../features/auth/use-resend-code-action';

export const Route = createFileRoute('/{-$country}/user/verify-email')({
  validateSearch: (search: Record<string, unknown>): { code?: string } =>
    typeof search.code === 'string' || typeof search.code === 'number' ? { code: String(search.code) } : {},
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { t, i18n } = useLingui();
  const { country } = Route.useParams();
  const { code: linkCode } = Route.useSearch();
  const navigate = useNavigate();
  const me = useMe();
  const verify = useVerifyEmail();
  const { resend, pending: resending } = useResendCodeAction();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverMessage, setServerMessage] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const linkHandled = useRef(false);

  function onVerified() {
    notify({ kind: 'success', title: t`Success`, description: t`Your email address is verified.` });
    void navigate({ to: '/{-$country}/thank-you', params: { country }, search: { reason: 'email-verified' } });
  }

  // The mailed link carries the code: it is checked without asking anything.
  useEffect(() => {
    if (!linkCode || linkHandled.current || me.data?.email_verified) return;
    linkHandled.current = true;
    verify.mutate(linkCode, {
      onSuccess: onVerified,
      onError: (error) => {
        // A second click on the mailed link is not a failure.
        if (isApiError(error) && error.code === 'EMAIL_ALREADY_VERIFIED') onVerified();
        else void navigate({ to: '/{-$country}/user/verification-error', params: { country } });
      },
    });
  }, [linkCode]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerMessage(undefined);
    const parsed = verifyEmailBody.safeParse({ code });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setErrors({});
    verify.mutate(parsed.data.code, {
      onSuccess: onVerified,
      onError: (error) => {
        if (isApiError(error) && error.fields.code) {
          setErrors({ code: error.fields.code });
        } else if (isApiError(error) && error.message && error.status !== 0) {
          setServerMessage(error.message);
        } else {
          notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` });
        }
        requestAnimationFrame(() => focusFirstError(formRef.current));
      },
    });
  }

  if (me.data?.email_verified) {
    return (
      <Page title={t`Verify email`} description={t`Confirm your email address with the code we sent you.`}>
        <p>{t`Your email address is already verified.`}</p>
        <p>
          <Link to="/{-$country}/user/account" params={{ country }} className="button">
            {t`Go to my account`}
          </Link>
        </p>
      </Page>
    );
  }

  const email = me.data?.email;
  const checkingLink = Boolean(linkCode) && !me.data?.email_verified && (verify.isPending || verify.isIdle);
  const errorText = serverMessage ?? fieldErrorText(i18n, errors.code);

  return (
    <Page title={t`Verify email`} description={t`Confirm your email address with the code we sent you.`}>
      {checkingLink ? (
        <p role="status">{t`Checking your code…`}</p>
      ) : (
        <>
          <p>
            {email
              ? t`We sent a 4-digit code to ${email}. Enter it below to verify your email address.`
              : t`We sent you a 4-digit code by email. Enter it below to verify your email address.`}
          </p>
          <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
            <TextField
              id="verification-code"
              label={t`Verification code`}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
              error={errorText}
            />
            <button type="submit" className="button" disabled={verify.isPending}>
              {t`Verify`}
            </button>
          </form>
          <p>
            <button type="button" className="button button--link" onClick={resend} disabled={resending}>
              {t`Resend code`}
            </button>
          </p>
        </>
      )}
    </Page>
  );
}
