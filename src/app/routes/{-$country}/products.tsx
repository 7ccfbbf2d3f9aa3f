import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { isCountryCode } from '../../../domain/markets';
import { Page } from '../../ui/page';
import { currentCountryCode, currentLocale } from '../../lib/i18n';
import { productsQueryOptions, useProducts } from '../../features/catalogue/api/products';
import { ProductGrid } from '../../features/catalogue/product-grid';
import { useCatalogueCountry } from '../../features/catalogue/use-catalogue-country';

export const Route = createFileRoute('/{-$country}/products')({
  loader: async ({ context, params }) => {
    const country = isCountryCode(params.country) ? params.country : currentCountryCode();
    await Promise.allSettled([context.queryClient.ensureQueryData(productsQueryOptions(country, currentLocale()))]);
  },
  component: ProductsPage,
});

function ProductsPage() {
  const { t, i18n } = useLingui();
  const products = useProducts(useCatalogueCountry(), i18n.locale);
  return (
    <Page title={t`Products`} description={t`The products sold in Roundtrip reusable containers, with their deposits.`}>
      <p>{t`Every product comes in a reusable container. The deposit is paid at the checkout and comes back to your balance when you return the empty container.`}</p>
      {products.data ? (
        <ProductGrid products={products.data} />
      ) : products.isError ? (
        <p role="alert">{t`The product catalog could not be loaded.`}</p>
      ) : (
        <p>{t`Loading…`}</p>
      )}
    </Page>
  );
}
