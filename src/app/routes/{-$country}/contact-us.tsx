import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';

export const Route = createFileRoute('/{-$country}/contact-us')({
  component: ContactUsPage,
});

function ContactUsPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Contact us`} description={t`Get in touch with Roundtrip customer care.`}>
      <p>{t`The contact form is not available yet.`}</p>
    </Page>
  );
}
