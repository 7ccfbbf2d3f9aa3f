import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { preloadProducts, useProducts } from '../../features/catalogue/api/products';
import { ProductGrid } from '../../features/catalogue/product-grid';
import { useCatalogueCountry } from '../../features/catalogue/use-catalogue-country';

export const Route = createFileRoute('/{-$country}/shop-and-return')({
  loader: ({ context, params }) => preloadProducts(context.queryClient, params.country),
  component: ShopAndReturnPage,
});

function ShopAndReturnPage() {
  const { t, i18n } = useLingui();
  const { country } = Route.useParams();
  const products = useProducts(useCatalogueCountry(), i18n.locale);
  return (
    <Page title={t`Shop and return`} description={t`Where to buy Roundtrip products and where to return the empty containers.`}>
      <p>
        <Link to="/{-$country}/map" params={{ country }} data-testid="return-points-link">
          {t`Find a return point near you`}
        </Link>
      </p>
      <ol className="steps" data-testid="return-steps">
        <li>{t`Buy a product in a Roundtrip container. Its deposit is part of the price.`}</li>
        <li>{t`Enjoy it, then drop the empty container in a Roundtrip return bin.`}</li>
        <li>{t`Scan the QR code on the container with your phone, or type the code printed under it in your account.`}</li>
        <li>{t`Once the container is checked in at the cleaning facility (up to 32 days), its deposit is added to your balance.`}</li>
      </ol>
      <p>
        <Link to="/{-$country}/user/account" params={{ country }} className="button">
          {t`Go to my account`}
        </Link>
      </p>
      <h2>{t`Products and their deposits`}</h2>
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
