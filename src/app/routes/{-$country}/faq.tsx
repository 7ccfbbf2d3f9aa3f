import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';

export const Route = createFileRoute('/{-$country}/faq')({
  component: FaqPage,
});

function FaqPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Frequently asked questions`} description={t`Answers to common questions about Roundtrip.`}>
      <p>{t`Answers to common questions are not available yet.`}</p>
    </Page>
  );
}
