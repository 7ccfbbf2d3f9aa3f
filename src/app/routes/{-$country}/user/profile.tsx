import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../../ui/page';
import { useMe } from '../../../features/auth/api/me';

export const Route = createFileRoute('/{-$country}/user/profile')({
  component: ProfilePage,
});

function ProfilePage() {
  const { t } = useLingui();
  const me = useMe();
  return (
    <Page title={t`Profile page`} description={t`Your personal data.`}>
      {me.data ? (
        <dl className="details">
          <dt>{t`Name`}</dt>
          <dd>{me.data.name}</dd>
          <dt>{t`Email`}</dt>
          <dd>{me.data.email}</dd>
        </dl>
      ) : null}
      <p>{t`Editing your personal data is not available yet.`}</p>
    </Page>
  );
}
