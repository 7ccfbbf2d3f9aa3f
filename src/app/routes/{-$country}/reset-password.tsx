import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { resetPasswordBody } from '#domain/schemas/account';
import { isApiError } from '../../lib/api';
import { Page } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { useFormSubmit } from '../../ui/use-form-submit';
import { notify } from '../../ui/notifications';
import { useResetPassword } from '../../features/auth/api/reset-password';

export const Route = createFileRoute('/{-$country}/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token.length > 0 ? { token: search.token } : {},
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [linkProblem, setLinkProblem] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);

  const form = useFormSubmit(formRef, {
    schema: resetPasswordBody,
    action: (data) => reset.mutateAsync(data),
    onSuccess: () => {
      notify({ kind: 'success', title: t`Success`, description: t`Your password has been updated.` });
      void navigate({ to: '/{-$country}/login', params: { country } });
    },
    onFailure: (error) => {
      if (isApiError(error) && error.code === 'RESET_LINK_USED') {
        setLinkProblem(t`This password link has already been used`);
      } else if (isApiError(error) && (error.code === 'RESET_LINK_INVALID' || error.fields.token)) {
        setLinkProblem(error.message || t`This password link is invalid or has expired. Please ask for a new one.`);
      } else if (isApiError(error) && Object.keys(error.fields).length > 0) {
        return { fields: error.fields };
      } else {
        notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` });
      }
      return undefined;
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!token) {
      event.preventDefault();
      return;
    }
    form.submit(event, { token, password, password_confirmation: confirmation });
  }

  const problem = token ? linkProblem : t`This password link is invalid or has expired. Please ask for a new one.`;

  return (
    <Page title={t`Reset password`} description={t`Choose a new password for your Roundtrip account.`} className="auth">
      {problem ? (
        <>
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
          <p>
            <Link to="/{-$country}/login" params={{ country }} className="button">
              {t`Go to the login page`}
            </Link>
          </p>
        </>
      ) : (
        <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
          <TextField
            id="new-password"
            label={t`New password`}
            hint={t`At least 8 characters.`}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={form.errorOf('password')}
          />
          <TextField
            id="new-password-confirmation"
            label={t`Confirm the new password`}
            type="password"
            name="password_confirmation"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={form.errorOf('password_confirmation')}
          />
          <button type="submit" className="button" disabled={form.pending}>
            {t`Save my new password`}
          </button>
        </form>
      )}
    </Page>
  );
}
