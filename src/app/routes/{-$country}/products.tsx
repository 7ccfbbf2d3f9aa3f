import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { preloadProducts, useProducts } from '../../features/catalogue/api/products';
import { ProductGrid } from '../../features/catalogue/product-grid';
import { useCatalogueCountry } from '../../features/catalogue/use-catalogue-country';
import { QueryView } from '../../ui/query-view';

export const Route = createFileRoute('/{-$country}/products')({
  loader: ({ context, params }) => preloadProducts(context.queryClient, params.country),
  component: ProductsPage,
});

function ProductsPage() {
  const { t, i18n } = useLingui();
  const products = useProducts(useCatalogueCountry(), i18n.locale);
  return (
    <Page title={t`Products`} description={t`The products sold in Roundtrip reusable containers, with their deposits.`}>
      <p>{t`Every product comes in a reusable container. The deposit is paid at the checkout and comes back to your balance when you return the empty container.`}</p>
      <QueryView query={products} errorText={t`The product catalog could not be loaded.`}>
        {(list) => <ProductGrid products={list} />}
      </QueryView>
    </Page>
  );
}
