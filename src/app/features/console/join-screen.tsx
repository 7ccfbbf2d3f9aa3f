import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { invitationAcceptBody } from '#domain/schemas/operators';
import { failureMessage, isApiError } from '../../lib/api';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { TextField } from '../../ui/text-field';
import { apiFieldFailure, useFormSubmit } from '../../ui/use-form-submit';
import { useAcceptInvitation } from './api/accept-invitation';
import { useInvitation, type Invitation } from './api/invitation';
import { useConsoleLink } from './console-pages';
import { tokenFromHash } from './link-token';
import { useOperatorLanguage } from './operator-language';

export function JoinScreen() {
  const { t } = useLingui();
  const [token] = useState(tokenFromHash);
  const invitation = useInvitation(token);
  const [joined, setJoined] = useState(false);
  const link = useConsoleLink();

  const invalid = isApiError(invitation.error) && invitation.error.status === 404;
  useOperatorLanguage(invitation.data?.language);
  return (
    <Page title={t`Join the operators' console`} description={t`Accept an invitation to the operators' console.`} className="ops-page">
      {joined ? (
        <div className="notice" role="status">
          <p className="notice__title">{t`Your account is ready.`}</p>
          <p>{t`A code is good once: wait until your authenticator app shows a new code before you log in.`}</p>
          <p>
            <Link {...link('sign-in')}>{t`Log in with your email, password and a new authenticator code`}</Link>
          </p>
        </div>
      ) : token === '' || invalid ? (
        <p role="alert">{t`This invitation link is not valid any more: it was used, it expired, or it was copied incompletely. Ask an admin for a new one.`}</p>
      ) : (
        <QueryView query={invitation} errorText={t`The invitation could not be loaded. Check your connection and reload the page.`}>
          {(data) => <JoinForm token={token} invitation={data} onJoined={() => setJoined(true)} />}
        </QueryView>
      )}
    </Page>
  );
}

/** The secret in groups of four, as authenticator apps show and take it. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function JoinForm({ token, invitation, onJoined }: { token: string; invitation: Invitation; onJoined: () => void }) {
  const { t } = useLingui();
  const accept = useAcceptInvitation(token);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const form = useFormSubmit(formRef, {
    schema: invitationAcceptBody,
    initialValues: { password: '', code: '' },
    action: (data) => accept.mutateAsync(data),
    onSuccess: onJoined,
    onFailure: (error) => {
      const fields = apiFieldFailure(error);
      if (fields) return fields;
      return {
        message: failureMessage(error, t`The account could not be set up. Check your connection and try again.`),
        focus: () => failureRef.current?.focus(),
      };
    },
  });
  const { name, email } = invitation;
  return (
    <>
      <p>{t`Welcome, ${name}. You were invited as ${email}.`}</p>
      <section aria-labelledby="ops-join-authenticator">
        <h2 id="ops-join-authenticator">{t`1. Add the console to your authenticator app`}</h2>
        <p>
          <a href={invitation.totp_uri}>{t`Open in my authenticator app`}</a>
        </p>
        <p>{t`Or type this key into the app:`}</p>
        <p className="ops-secret" data-testid="ops-totp-secret" data-secret={invitation.totp_secret}>
          <code>{groupedSecret(invitation.totp_secret)}</code>
        </p>
      </section>
      <section aria-labelledby="ops-join-password">
        <h2 id="ops-join-password">{t`2. Choose a password`}</h2>
        <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, form.values)}>
          {form.message ? (
            <div ref={failureRef} className="notice notice--error" role="alert" tabIndex={-1}>
              <p>{form.message}</p>
            </div>
          ) : null}
          <TextField
            id="ops-join-new-password"
            label={t`Password`}
            hint={t`At least 8 characters.`}
            type="password"
            autoComplete="new-password"
            {...form.field('password')}
          />
          <TextField
            id="ops-join-code"
            label={t`Authenticator code`}
            hint={t`The six digits the app now shows for Roundtrip.`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...form.field('code')}
          />
          <button type="submit" className="button" disabled={form.pending}>
            {form.pending ? t`Setting up…` : t`Set up my account`}
          </button>
        </form>
      </section>
    </>
  );
}
