import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { preloadProducts, useProducts } from '../../features/catalogue/api/products';
import { ProductGrid } from '../../features/catalogue/product-grid';
import { useCatalogueCountry } from '../../features/catalogue/use-catalogue-country';
import { preloadPageContent } from '../../features/content/api/page-content';
import { usePageContent } from '../../features/content/use-page-content';
import { QueryView } from '../../ui/query-view';

export const Route = createFileRoute('/{-$country}/shop-and-return')({
  loader: ({ context, params }) =>
    Promise.all([preloadProducts(context.queryClient, params.country), preloadPageContent(context.queryClient, 'shop-and-return')]),
  component: ShopAndReturnPage,
});

function ShopAndReturnPage() {
  const { t, i18n } = useLingui();
  const { country } = Route.useParams();
  const products = useProducts(useCatalogueCountry(), i18n.locale);
  const content = usePageContent('shop-and-return');
  return (
    <Page title={content.text('title')} description={content.text('description')}>
      <p>
        <Link to="/{-$country}/map" params={{ country }} data-testid="return-points-link">
          {t`Find a return point near you`}
        </Link>
      </p>
      <p>{content.text('intro')}</p>
      <ol className="steps" data-testid="return-steps">
        <li>{content.text('step.buy')}</li>
        <li>{content.text('step.enjoy')}</li>
        <li>{content.text('step.scan')}</li>
        <li>{content.text('step.credit')}</li>
      </ol>
      <p className="actions">
        <Link to="/{-$country}/user/account" params={{ country }} className="button">
          {t`Go to my account`}
        </Link>
      </p>
      <h2>{content.text('products.heading')}</h2>
      <QueryView query={products} errorText={t`The product catalog could not be loaded.`}>
        {(list) => <ProductGrid products={list} />}
      </QueryView>
    </Page>
  );
}
