import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';

export const Route = createFileRoute('/{-$country}/products')({
  component: ProductsPage,
});

function ProductsPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Products`} description={t`The products sold in Roundtrip reusable containers, with their deposits.`}>
      <p>{t`The product catalog is not available yet.`}</p>
    </Page>
  );
}
