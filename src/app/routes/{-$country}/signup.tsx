import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { signUpBody } from '../../../domain/schemas/account';
import { isApiError } from '../../lib/api';
import { currentCountryCode, currentLocale } from '../../lib/i18n';
import { hasSession } from '../../lib/session';
import { Page } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { fieldErrorText, fieldErrorsOf, focusFirstError, type FieldErrors } from '../../ui/field-errors';
import { notify } from '../../ui/notifications';
import { useSignUp } from '../../features/auth/api/sign-up';
import { login } from '../../features/auth/api/login';
import { LanguageSelector } from '../../features/locale/language-selector';

export const Route = createFileRoute('/{-$country}/signup')({
  beforeLoad: ({ params }) => {
    if (hasSession()) throw redirect({ to: '/{-$country}', params: { country: params.country }, replace: true });
  },
  component: SignUpPage,
});

function SignUpPage() {
  const { t, i18n } = useLingui();
  const { country } = Route.useParams();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const termsId = useId();
  const [form, setForm] = useState({ name: '', email: '', password: '', zip_code: '' });
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverMessages, setServerMessages] = useState<Partial<Record<string, string>>>({});
  const [signingIn, setSigningIn] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const update = (field: keyof typeof form) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setForm((current) => ({ ...current, [field]: value }));
  };

  const errorOf = (field: string) => serverMessages[field] ?? fieldErrorText(i18n, errors[field]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerMessages({});
    const parsed = signUpBody.safeParse({
      ...form,
      country_code: currentCountryCode(),
      locale: currentLocale(),
      terms_accepted: terms,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setErrors({});
    signUp.mutate(parsed.data, {
      onSuccess: async () => {
        setSigningIn(true);
        try {
          const result = await login({ email: parsed.data.email, password: form.password });
          if (result === 'signed-in') {
            await navigate({ to: '/{-$country}/user/verify-email', params: { country } });
            return;
          }
        } catch {
          // The account exists; signing in by hand still works.
        }
        setSigningIn(false);
        await navigate({ to: '/{-$country}/login', params: { country } });
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'EMAIL_TAKEN') {
          setServerMessages({ email: error.message || t`Email has already been taken` });
        } else if (isApiError(error) && Object.keys(error.fields).length > 0) {
          setErrors(error.fields);
        } else {
          notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` });
        }
        requestAnimationFrame(() => focusFirstError(formRef.current));
      },
    });
  }

  const busy = signUp.isPending || signingIn;

  return (
    <Page title={t`Sign up`} description={t`Create your Roundtrip account to get your deposits back.`} className="auth">
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <TextField id="signup-name" label={t`Name`} name="name" autoComplete="name" value={form.name} onChange={update('name')} error={errorOf('name')} />
        <TextField
          id="signup-email"
          label={t`Email`}
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          onChange={update('email')}
          error={errorOf('email')}
        />
        <TextField
          id="signup-password"
          label={t`Password`}
          hint={t`At least 8 characters.`}
          type="password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={update('password')}
          error={errorOf('password')}
        />
        <TextField
          id="signup-zip"
          label={t`Zip code`}
          name="zip_code"
          autoComplete="postal-code"
          value={form.zip_code}
          onChange={update('zip_code')}
          error={errorOf('zip_code')}
        />
        <LanguageSelector />
        <div className="checkbox">
          <input
            id={termsId}
            type="checkbox"
            name="terms_accepted"
            checked={terms}
            onChange={(event) => setTerms(event.currentTarget.checked)}
            aria-invalid={errors.terms_accepted ? true : undefined}
            aria-describedby={errors.terms_accepted ? `${termsId}-error` : undefined}
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
          {errors.terms_accepted ? (
            <p id={`${termsId}-error`} className="field__error">
              {fieldErrorText(i18n, errors.terms_accepted)}
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
