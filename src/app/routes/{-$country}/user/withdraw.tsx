import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../../ui/page';

export const Route = createFileRoute('/{-$country}/user/withdraw')({
  component: WithdrawPage,
});

function WithdrawPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Withdraw`} description={t`Withdraw your deposit balance.`}>
      <p>{t`Withdrawals are not available yet.`}</p>
    </Page>
  );
}
