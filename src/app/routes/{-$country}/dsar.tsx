import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';

export const Route = createFileRoute('/{-$country}/dsar')({
  component: DataSubjectRequestPage,
});

function DataSubjectRequestPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Data-subject request`} description={t`Ask for a copy of your personal data, or for its deletion.`}>
      <p>{t`The form to ask for a copy or the deletion of your personal data is not available yet.`}</p>
    </Page>
  );
}
