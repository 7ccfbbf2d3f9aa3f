import { useLingui } from '@lingui/react/macro';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { operatorSignInBody, passwordResetRequestBody } from '#domain/schemas/operators';
import { failureMessage } from '../../lib/api';
import { Page } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { apiFieldFailure, useFormSubmit } from '../../ui/use-form-submit';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { usePasskeySignIn } from './api/passkey-sign-in';
import { useRequestPasswordReset } from './api/request-password-reset';
import { useSignInOperator } from './api/sign-in';
import { isConsolePage, useConsoleLink, type ConsolePage } from './console-pages';
import { returnPage } from './operator-session';
import { useFocusWhenShown } from './use-focus-when-shown';
import { useOperatorSession } from './use-operator-session';

export function SignInScreen() {
  const { t } = useLingui();
  const link = useConsoleLink();
  const navigate = useNavigate();
  const session = useOperatorSession();
  const signIn = useSignInOperator();
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const passkey = usePasskeySignIn();
  const [passkeyFailure, setPasskeyFailure] = useState<string>();
  const passkeyFailureRef = useFocusWhenShown<HTMLParagraphElement>(passkeyFailure);

  /** After a sign-in: the page the ended session was on (the check-in with its kept batch), else the start. */
  const back = returnPage();
  const target: ConsolePage = back !== undefined && isConsolePage(back) && back !== 'sign-in' && back !== 'join' ? back : '';
  const signedIn = () => void navigate(link(target));

  function signInWithPasskey() {
    setPasskeyFailure(undefined);
    passkey.mutate(undefined, {
      onSuccess: signedIn,
      onError: (error) => {
        // The browser's own refusals (cancelled, timed out, no passkey here) carry no server message.
        setPasskeyFailure(failureMessage(error, t`No passkey was used. Try again, or log in with your password and code.`));
      },
    });
  }

  const form = useFormSubmit(formRef, {
    schema: operatorSignInBody,
    initialValues: { email: '', password: '', code: '' },
    action: (data) => signIn.mutateAsync(data),
    onSuccess: signedIn,
    onFailure: (error) => {
      // A code is good once: a refused attempt needs the next one.
      form.setValue('code', '');
      const fields = apiFieldFailure(error);
      if (fields) return fields;
      return {
        message: failureMessage(error, t`Login failed. Check your connection and try again.`),
        focus: () => failureRef.current?.focus(),
      };
    },
  });

  if (session && !signIn.isPending && !form.pending && !passkey.isPending) return <Navigate {...link(target)} replace />;

  return (
    <Page title={t`Operator login`} description={t`Log in to the operators' console.`} className="ops-page">
      <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, form.values)}>
        {form.message ? (
          <div ref={failureRef} className="notice notice--error" role="alert" tabIndex={-1}>
            <p className="notice__title">{t`Login failed`}</p>
            <p>{form.message}</p>
          </div>
        ) : null}
        <TextField id="ops-email" label={t`Email`} type="email" autoComplete="username" {...form.field('email')} />
        <TextField id="ops-password" label={t`Password`} type="password" autoComplete="current-password" {...form.field('password')} />
        <TextField
          id="ops-code"
          label={t`Authenticator code`}
          hint={t`The six digits your authenticator app shows now.`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.field('code')}
        />
        <button type="submit" className="button" disabled={form.pending}>
          {form.pending ? t`Logging in…` : t`Log in`}
        </button>
      </form>
      {browserSupportsWebAuthn() ? (
        <section aria-labelledby="ops-passkey-sign-in" className="ops-section">
          <h2 id="ops-passkey-sign-in">{t`Or use a passkey`}</h2>
          {passkeyFailure ? (
            <p ref={passkeyFailureRef} role="alert" tabIndex={-1} className="field__error">
              {passkeyFailure}
            </p>
          ) : null}
          <button type="button" className="button button--secondary" disabled={passkey.isPending} onClick={signInWithPasskey}>
            {t`Log in with a passkey`}
          </button>
        </section>
      ) : null}
      <ForgotPassword />
    </Page>
  );
}

/**
 * "Forgot your password": the answer is the same whether or not the email is an operator's, so the
 * page says only where the link goes if there is one.
 */
function ForgotPassword() {
  const { t } = useLingui();
  const request = useRequestPasswordReset();
  const [open, setOpen] = useState(false);
  const [askedFor, setAskedFor] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormSubmit(formRef, {
    schema: passwordResetRequestBody,
    initialValues: { email: '' },
    action: async (data) => {
      await request.mutateAsync(data);
      return data.email;
    },
    onSuccess: (email) => setAskedFor(email),
    onFailure: (error) => apiFieldFailure(error) ?? { message: failureMessage(error, t`Check your connection and try again.`) },
  });
  return (
    <section aria-labelledby="ops-forgot" className="ops-section">
      <h2 id="ops-forgot">{t`Forgot your password?`}</h2>
      <div role="status">
        {askedFor ? (
          <p className="notice">
            {t`If ${askedFor} belongs to an operator, a link to choose a new password is on its way. It works for one hour; you will need a code from your authenticator app.`}
          </p>
        ) : null}
      </div>
      {open ? (
        <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, form.values)}>
          {form.message ? (
            <p role="alert" className="field__error">
              {form.message}
            </p>
          ) : null}
          <TextField id="ops-forgot-email" label={t`Your email`} type="email" autoComplete="username" {...form.field('email')} />
          <button type="submit" className="button button--secondary" disabled={form.pending}>
            {t`Mail me a link`}
          </button>
        </form>
      ) : (
        <button type="button" className="button button--link" onClick={() => setOpen(true)}>
          {t`Choose a new password by mail`}
        </button>
      )}
      <p className="field__hint ops-forgot__hint">{t`Lost your authenticator? Ask an admin to reset it.`}</p>
    </section>
  );
}
