import { createFileRoute, Link, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { hasSession } from '../../lib/session';
import { Page } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { useFormSubmit } from '../../ui/use-form-submit';
import { useLogin } from '../../features/auth/api/login';
import { ForgotPasswordDialog } from '../../features/auth/forgot-password-dialog';
import { LanguageSelector } from '../../features/locale/language-selector';
import { followAccountLocale, pathInMarket } from '../../features/locale/change-locale';
import { countryCodeOfLocale } from '#domain/markets';
import type { User } from '#domain/schemas/user';
import { safeReturnPath } from '#domain/return-path';

// The schema (and zod with it) loads when the form first takes focus, not with the page: a visitor
// who only looks at the page never downloads or runs it, and the page starts sooner on a phone.
const loadSchema = () => import('#domain/schemas/account').then((schemas) => schemas.passwordGrantBody);

export const Route = createFileRoute('/{-$country}/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const target = safeReturnPath(search.redirect);
    return target ? { redirect: target } : {};
  },
  beforeLoad: ({ params }) => {
    if (hasSession()) throw redirect({ to: '/{-$country}', params: { country: params.country }, replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const { redirect: returnTo } = Route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const login = useLogin();
  const [forgotOpen, setForgotOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  async function goOn(user: User) {
    // In the account's language and under its market's prefix, unless the customer picked a language just before.
    const switched = await followAccountLocale(user.locale);
    if (returnTo) router.history.push(switched ? pathInMarket(returnTo, switched) : returnTo);
    else await navigate({ to: '/{-$country}/user/account', params: { country: switched ? countryCodeOfLocale(switched) : country } });
  }

  const form = useFormSubmit(formRef, {
    schema: loadSchema,
    initialValues: { email: '', password: '' },
    action: (data) => login.mutateAsync({ email: data.email, password: data.password }),
    onSuccess: (result) => {
      if (result.kind === 'signed-in') void goOn(result.user);
    },
    onFailure: (error) => {
      const rateLimited = isApiError(error) && error.code === 'RATE_LIMITED';
      // In the form, not a timed notification: it stays until the next try and covers nothing.
      return {
        message: rateLimited && error.message ? error.message : t`The email or password is incorrect.`,
        focus: () => failureRef.current?.focus(),
      };
    },
  });

  return (
    <Page title={t`Log in`} description={t`Log in to Roundtrip to see your balance and your returns.`} className="auth">
      <form
        ref={formRef}
        className="form"
        noValidate
        onFocus={form.prepare}
        onSubmit={(event) => form.submit(event, { grant_type: 'password', ...form.values })}
      >
        {form.message ? (
          <div ref={failureRef} className="notice notice--error" role="alert" tabIndex={-1} data-testid="login-failure">
            <p className="notice__title">{t`Login failed`}</p>
            <p>{form.message}</p>
          </div>
        ) : null}
        <TextField id="login-email" label={t`Email`} type="email" autoComplete="username" {...form.field('email')} />
        <TextField id="login-password" label={t`Password`} type="password" autoComplete="current-password" {...form.field('password')} />
        <LanguageSelector />
        <button type="submit" className="button" disabled={form.pending}>
          {form.pending ? t`Logging in…` : t`Log in`}
        </button>
      </form>
      <p>
        <button type="button" className="button button--link" onClick={() => setForgotOpen(true)}>
          {t`Forgot your password?`}
        </button>
      </p>
      <p>
        {t`No account yet?`}{' '}
        <Link to="/{-$country}/signup" params={{ country }}>
          {t`Sign up`}
        </Link>
      </p>
      {forgotOpen ? <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} initialEmail={form.values.email ?? ''} /> : null}
    </Page>
  );
}
