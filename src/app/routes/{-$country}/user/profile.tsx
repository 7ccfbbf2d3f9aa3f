import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Page } from '../../../ui/page';
import { meQueryOptions, useMe } from '../../../lib/me';
import { loadWhenOnline } from '../../../lib/query-client';
import { loadLaterMessages } from '../../../lib/i18n';
import { ChangePasswordForm } from '../../../features/profile/change-password-form';
import { EmailVerificationStatus } from '../../../features/auth/email-verification-status';
import { PersonalDataForm } from '../../../features/profile/personal-data-form';
import { LanguageSetting } from '../../../features/locale/language-setting';
import { DataExportButton } from '../../../features/privacy/data-export';
import { DeleteAccountForm } from '../../../features/privacy/delete-account-form';
import { EmailPreference } from '../../../features/notifications/email-preference';
import { QueryView } from '../../../ui/query-view';
import { useBalance } from '../../../features/wallet/api/balance';

export const Route = createFileRoute('/{-$country}/user/profile')({
  // The forms start from the server's data, not a saved copy that may predate a change made
  // a moment ago or on another device. A failed call leaves the saved copy on screen.
  // Its forms' texts are in the later catalogue (lib/i18n.ts), which the page waits for.
  loader: ({ context }) =>
    Promise.all([
      loadLaterMessages(),
      loadWhenOnline(() => Promise.allSettled([context.queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 })])),
    ]),
  component: ProfilePage,
});

function ProfilePage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const me = useMe();
  // The balance a deletion would give up, named on the box that gives it up.
  const balance = useBalance();
  const dataHeadingId = useId();
  return (
    <Page title={t`My details and password`} description={t`Your personal data, password, email verification and account.`}>
      <QueryView query={me} errorText={t`Something went wrong`}>
        {(user) => (
          <>
            {/* Keyed by the user: the form starts from the saved data once it has loaded. */}
            <PersonalDataForm key={user.id} user={user} />
            <LanguageSetting user={user} />
            <EmailVerificationStatus user={user} />
            <ChangePasswordForm />
            <EmailPreference />
            <section className="profile-section" aria-labelledby={dataHeadingId}>
              <h2 id={dataHeadingId}>{t`Your data`}</h2>
              <p>{t`Download a copy of everything we hold about you, as a JSON file.`}</p>
              <p className="actions">
                <DataExportButton />
                <Link to="/{-$country}/dsar" params={{ country }}>
                  {t`Other requests about your data`}
                </Link>
              </p>
            </section>
            <DeleteAccountForm balance={balance.data?.balance} />
          </>
        )}
      </QueryView>
    </Page>
  );
}
