import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api';
import { currentCountryCode, currentLocale } from '../../lib/i18n';
import { postalCodeInputMode } from '#domain/postal-codes';
import { hasSession } from '../../lib/session';
import { Page } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { useFormSubmit } from '../../ui/use-form-submit';
import { notify } from '../../ui/notifications';
import { useSignUp } from '../../features/auth/api/sign-up';
import { login } from '../../features/auth/api/login';
import { LanguageSelector } from '../../features/locale/language-selector';

// As on the login page: the schema (and zod with it) loads when the form first takes focus, so a
// visitor who arrives from a label on a phone gets the page without them.
const loadSchema = () => import('#domain/schemas/account').then((schemas) => schemas.signUpBody);

export const Route = createFileRoute('/{-$country}/signup')({
  beforeLoad: ({ params }) => {
    if (hasSession()) throw redirect({ to: '/{-$country}', params: { country: params.country }, replace: true });
  },
  component: SignUpPage,
});

function SignUpPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const termsId = useId();
  const [terms, setTerms] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function signInAfterSignUp(email: string) {
    setSigningIn(true);
    try {
      const result = await login({ email, password: form.values.password ?? '' });
      if (result.kind === 'signed-in') {
        await navigate({ to: '/{-$country}/user/verify-email', params: { country } });
        return;
      }
    } catch {
      // The account exists; signing in by hand still works.
    }
    setSigningIn(false);
    await navigate({ to: '/{-$country}/login', params: { country } });
  }

  const form = useFormSubmit(formRef, {
    schema: loadSchema,
    initialValues: { name: '', email: '', password: '', zip_code: '' },
    action: (data) => signUp.mutateAsync(data),
    onSuccess: (_, data) => void signInAfterSignUp(data.email),
    onFailure: (error) => {
      if (isApiError(error) && error.code === 'EMAIL_TAKEN')
        return { fieldMessages: { email: error.message || t`Email has already been taken` } };
      if (isApiError(error) && Object.keys(error.fields).length > 0) return { fields: error.fields };
      notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` });
      return undefined;
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    form.submit(event, { ...form.values, country_code: currentCountryCode(), locale: currentLocale(), terms_accepted: terms });
  }

  const busy = form.pending || signingIn;

  return (
    <Page title={t`Sign up`} description={t`Create your Roundtrip account to get your deposits back.`} className="auth">
      <form ref={formRef} className="form" noValidate onFocus={form.prepare} onSubmit={onSubmit}>
        <TextField id="signup-name" label={t`Name`} autoComplete="name" {...form.field('name')} />
        <TextField id="signup-email" label={t`Email`} type="email" autoComplete="email" {...form.field('email')} />
        <TextField
          id="signup-password"
          label={t`Password`}
          hint={t`At least 8 characters.`}
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <TextField
          id="signup-zip"
          label={t`Zip code`}
          autoComplete="postal-code"
          inputMode={postalCodeInputMode(currentCountryCode())}
          {...form.field('zip_code')}
        />
        <LanguageSelector />
        <div className="checkbox">
          <input
            id={termsId}
            type="checkbox"
            name="terms_accepted"
            checked={terms}
            onChange={(event) => setTerms(event.currentTarget.checked)}
            {...form.invalid('terms_accepted', termsId)}
          />
          <label htmlFor={termsId}>
            <Trans>
              I accept the{' '}
              <Link to="/{-$country}/privacy-policy" params={{ country }} target="_blank">
                terms and conditions and the privacy policy
              </Link>
              , and I am over 16 years old.
            </Trans>
          </label>
          {form.errors.terms_accepted ? (
            <p id={`${termsId}-error`} className="field__error">
              {form.errorOf('terms_accepted')}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? t`Creating your account…` : t`Sign up`}
        </button>
      </form>
      <p>
        {t`Already have an account?`}{' '}
        <Link to="/{-$country}/login" params={{ country }}>
          {t`Log in`}
        </Link>
      </p>
    </Page>
  );
}
