import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';

export const Route = createFileRoute('/{-$country}/how-it-works')({
  component: HowItWorksPage,
});

function HowItWorksPage() {
  const { t } = useLingui();
  return (
    <Page title={t`How it works`} description={t`How to return Roundtrip containers and get your deposit back.`}>
      <ol className="steps">
        <li>{t`Buy products in reusable containers. Each container carries a small deposit.`}</li>
        <li>{t`When a container is empty, scan its QR code with the app and drop it in a return bin.`}</li>
        <li>
          {t`When the container reaches the cleaning facility, its deposit is credited to your balance. This can take up to 32 days.`}
        </li>
        <li>{t`Withdraw your balance to your bank account or PayPal.`}</li>
      </ol>
    </Page>
  );
}
