import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { resetPasswordBody, type ResetLinkState } from '#domain/schemas/account';
import { isApiError } from '../../lib/api';
import { Page } from '../../ui/page';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { useFormSubmit } from '../../ui/use-form-submit';
import { notify } from '../../ui/notifications';
import { useResetPassword } from '../../features/auth/api/reset-password';
import { useRenewResetLink } from '../../features/auth/api/renew-reset-link';
import { useResetLinkState } from '../../features/auth/api/reset-link-state';

export const Route = createFileRoute('/{-$country}/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token.length > 0 ? { token: search.token } : {},
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { t } = useLingui();
  const { token } = Route.useSearch();
  // The link's state is asked as the page opens, so a used link says so before anyone types a password.
  const linkState = useResetLinkState(token);
  const [refused, setRefused] = useState<ResetLinkState>();

  // Offline the check waits for a network (not loading): the form shows, and its answer tells.
  const state = !token ? 'expired' : (refused ?? linkState.data);

  return (
    <Page title={t`Reset password`} description={t`Choose a new password for your Roundtrip account.`} className="auth">
      {token && linkState.isLoading && !refused ? (
        <p role="status">{t`Checking the link…`}</p>
      ) : state === 'used' || state === 'expired' ? (
        <LinkProblem state={state} token={token} focus={refused !== undefined} />
      ) : (
        // Usable, or the check could not be made (offline): the form, whose answer tells.
        <NewPasswordForm token={token ?? ''} onLinkRefused={setRefused} />
      )}
    </Page>
  );
}

/** A used or expired link: what happened, and one button for a new link to the same account. */
function LinkProblem({ state, token, focus }: { state: 'used' | 'expired'; token: string | undefined; focus: boolean }) {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const renew = useRenewResetLink();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    // Refused on saving: the form went away, the keyboard goes to what replaced it.
    if (focus) noticeRef.current?.focus();
  }, [focus]);

  useEffect(() => {
    if (renew.isSuccess) sentRef.current?.focus();
  }, [renew.isSuccess]);

  return (
    <div className="form" data-testid="reset-link-problem">
      <p ref={noticeRef} className="notice notice--error" role="alert" tabIndex={-1}>
        {state === 'used'
          ? t`This link has already been used to choose a new password. Each link works only once.`
          : t`This link is no longer valid: a password link works for one hour.`}
      </p>
      {renew.isSuccess ? (
        <p ref={sentRef} className="notice" role="status" tabIndex={-1}>
          {t`A new link is on its way to the email address this link was sent to. It works for one hour.`}
        </p>
      ) : token ? (
        <>
          <button type="button" className="button" disabled={renew.isPending} onClick={() => renew.mutate(token)}>
            {renew.isPending ? t`Sending…` : t`Send me a new link`}
          </button>
          {renew.isError ? (
            <p className="field__error" role="alert">
              {isApiError(renew.error) && renew.error.code === 'RATE_LIMITED' && renew.error.message
                ? renew.error.message
                : t`The new link could not be sent. Check your connection and try again.`}
            </p>
          ) : null}
        </>
      ) : null}
      <p>
        <Link to="/{-$country}/login" params={{ country }} className={token ? undefined : 'button'}>
          {t`Go to the login page`}
        </Link>
      </p>
    </div>
  );
}

function NewPasswordForm({ token, onLinkRefused }: { token: string; onLinkRefused: (state: ResetLinkState) => void }) {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const formRef = useRef<HTMLFormElement>(null);

  const form = useFormSubmit(formRef, {
    schema: resetPasswordBody,
    initialValues: { password: '', password_confirmation: '' },
    action: (data) => reset.mutateAsync(data),
    onSuccess: () => {
      notify({ kind: 'success', title: t`Success`, description: t`Your password has been updated.` });
      void navigate({ to: '/{-$country}/login', params: { country } });
    },
    onFailure: (error) => {
      if (isApiError(error) && error.code === 'RESET_LINK_USED') {
        onLinkRefused('used');
      } else if (isApiError(error) && (error.code === 'RESET_LINK_INVALID' || error.fields.token)) {
        onLinkRefused('expired');
      } else if (isApiError(error) && Object.keys(error.fields).length > 0) {
        return { fields: error.fields };
      } else {
        notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` });
      }
      return undefined;
    },
  });

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, { ...form.values, token })}>
      <NewPasswordFields password={form.field('password')} confirmation={form.field('password_confirmation')} />
      <button type="submit" className="button" disabled={form.pending}>
        {t`Save my new password`}
      </button>
    </form>
  );
}
