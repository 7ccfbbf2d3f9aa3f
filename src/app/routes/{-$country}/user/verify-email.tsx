import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent, useRef } from 'react';
import { verifyEmailBody } from '#domain/schemas/account';
import { plainDigits } from '#domain/typed-digits';
import { isApiError } from '../../../lib/api';
import { Page } from '../../../ui/page';
import { TextField } from '../../../ui/text-field';
import { useFormSubmit } from '../../../ui/use-form-submit';
import { notify } from '../../../ui/notifications';
import { useMe } from '../../../lib/me';
import { useVerifyEmail } from '../../../features/auth/api/verify-email';
import { useResendCodeAction } from '../../../features/auth/use-resend-code-action';

export const Route = createFileRoute('/{-$country}/user/verify-email')({
  validateSearch: (search: Record<string, unknown>): { code?: string } =>
    typeof search.code === 'string' || typeof search.code === 'number' ? { code: String(search.code) } : {},
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const { code: linkCode } = Route.useSearch();
  const navigate = useNavigate();
  const me = useMe();
  const verify = useVerifyEmail();
  const { resend, pending: resending } = useResendCodeAction();
  const formRef = useRef<HTMLFormElement>(null);
  const linkHandled = useRef(false);

  function onVerified() {
    notify({ kind: 'success', title: t`Success`, description: t`Your email address is verified.` });
    void navigate({ to: '/{-$country}/thank-you', params: { country }, search: { reason: 'email-verified' } });
  }

  // The mailed link carries the code: it is checked without asking anything.
  const verifyLinkCode = useEffectEvent((code: string) => {
    if (linkHandled.current || me.data?.email_verified) return;
    linkHandled.current = true;
    verify.mutate(code, {
      onSuccess: onVerified,
      onError: (error) => {
        // A second click on the mailed link is not a failure.
        if (isApiError(error) && error.code === 'EMAIL_ALREADY_VERIFIED') onVerified();
        else void navigate({ to: '/{-$country}/user/verification-error', params: { country } });
      },
    });
  });
  useEffect(() => {
    if (linkCode) verifyLinkCode(linkCode);
  }, [linkCode]);

  const form = useFormSubmit(formRef, {
    schema: verifyEmailBody,
    initialValues: { code: '' },
    action: (data) => verify.mutateAsync(data.code),
    onSuccess: onVerified,
    onFailure: (error) => {
      if (isApiError(error) && error.fields.code) return { fields: { code: error.fields.code } };
      if (isApiError(error) && error.message && error.status !== 0) return { fieldMessages: { code: error.message } };
      notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` });
      return undefined;
    },
  });

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
          <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, form.values)}>
            <TextField
              id="verification-code"
              label={t`Verification code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              {...form.field('code')}
              // The code is digits, full-width ones made plain: anything else typed is dropped.
              onChange={(event) => form.setValue('code', plainDigits(event.currentTarget.value).replace(/\D/g, ''))}
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
