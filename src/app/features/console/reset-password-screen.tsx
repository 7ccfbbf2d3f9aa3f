import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { passwordResetAcceptBody } from '#domain/schemas/operators';
import { failureMessage, isApiError } from '../../lib/api';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { TextField } from '../../ui/text-field';
import { apiFieldFailure, useFormSubmit } from '../../ui/use-form-submit';
import { useAcceptPasswordReset } from './api/accept-password-reset';
import { usePasswordReset, type PasswordReset } from './api/password-reset';
import { useConsoleLink } from './console-pages';
import { tokenFromHash } from './link-token';
import { useOperatorLanguage } from './operator-language';

/**
 * Where a mailed password-reset link opens (docs/operators.md, The admin's day): a new password,
 * with a code of the authenticator the operator already has, so that the mailbox alone is not enough.
 */
export function ResetPasswordScreen() {
  const { t } = useLingui();
  const [token] = useState(tokenFromHash);
  const reset = usePasswordReset(token);
  const [done, setDone] = useState(false);
  const link = useConsoleLink();
  useOperatorLanguage(reset.data?.language);

  const invalid = isApiError(reset.error) && reset.error.status === 404;
  return (
    <Page title={t`Choose a new password`} description={t`Choose a new password for your operator account.`} className="ops-page">
      {done ? (
        <div className="notice" role="status">
          <p className="notice__title">{t`Your password is changed.`}</p>
          <p>{t`A code is good once: wait until your authenticator app shows a new code before you log in.`}</p>
          <p>
            <Link {...link('sign-in')}>{t`Log in with your new password`}</Link>
          </p>
        </div>
      ) : token === '' || invalid ? (
        <>
          <p role="alert">{t`This link is not valid any more: it was used, it expired, or a newer one was sent.`}</p>
          <p>
            <Link {...link('sign-in')}>{t`Ask for a new link on the login page`}</Link>
          </p>
        </>
      ) : (
        <QueryView query={reset} errorText={t`The link could not be checked. Check your connection and reload the page.`}>
          {(data) => <ResetForm token={token} reset={data} onDone={() => setDone(true)} />}
        </QueryView>
      )}
    </Page>
  );
}

function ResetForm({ token, reset, onDone }: { token: string; reset: PasswordReset; onDone: () => void }) {
  const { t } = useLingui();
  const accept = useAcceptPasswordReset(token);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const form = useFormSubmit(formRef, {
    schema: passwordResetAcceptBody,
    initialValues: { password: '', code: '' },
    action: (data) => accept.mutateAsync(data),
    onSuccess: onDone,
    onFailure: (error) => {
      form.setValue('code', '');
      const fields = apiFieldFailure(error);
      if (fields) return fields;
      return {
        message: failureMessage(error, t`The password could not be changed. Check your connection and try again.`),
        focus: () => failureRef.current?.focus(),
      };
    },
  });
  const { email } = reset;
  return (
    <>
      <p>{t`A new password for ${email}. Every session of yours ends once it is set.`}</p>
      <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, form.values)}>
        {form.message ? (
          <div ref={failureRef} className="notice notice--error" role="alert" tabIndex={-1}>
            <p>{form.message}</p>
          </div>
        ) : null}
        <TextField
          id="ops-reset-new-password"
          label={t`New password`}
          hint={t`At least 8 characters.`}
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <TextField
          id="ops-reset-code"
          label={t`Authenticator code`}
          hint={t`The six digits your authenticator app shows now.`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.field('code')}
        />
        <button type="submit" className="button" disabled={form.pending}>
          {form.pending ? t`Saving…` : t`Set the new password`}
        </button>
      </form>
    </>
  );
}
