import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';

export const Route = createFileRoute('/{-$country}/shop-and-return')({
  component: ShopAndReturnPage,
});

function ShopAndReturnPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Shop and return`} description={t`Where to buy Roundtrip products and where to return the empty containers.`}>
      <p>{t`The map of return points is not available yet.`}</p>
    </Page>
  );
}
