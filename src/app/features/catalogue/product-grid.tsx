import { useLingui } from '@lingui/react/macro';
import type { Product } from '#domain/schemas/wallet';
import { formatMoney } from '#domain/money';
import { LazyImage } from '../../ui/lazy-image';
import './catalogue.css';

export function ProductGrid({ products }: { products: Product[] }) {
  const { t, i18n } = useLingui();
  return (
    <ul className="catalogue" data-testid="products">
      {products.map((product) => {
        const deposit = formatMoney(product.deposit, i18n.locale);
        return (
          <li key={product.id} className="catalogue__item" data-testid="product">
            <LazyImage src={product.image_url} alt="" height={140} />
            <span className="catalogue__name">{product.name}</span>
            <span className="catalogue__deposit">{t`Deposit: ${deposit}`}</span>
          </li>
        );
      })}
    </ul>
  );
}
