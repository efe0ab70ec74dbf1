import { use } from 'react';
import { ProductCard, type ProductCardData } from './ProductCard';
import { useShop } from './ShopContext';

/**
 * A grid of products from deferred data. The promise never rejects: a failed load resolves to null
 * and shows the generic error text instead of breaking the page.
 */
export function ProductGrid({ products }: { products: Promise<ProductCardData[] | null> }) {
  const { t } = useShop();
  const list = use(products);
  if (!list) return <p className="notice notice--error">{t('errors.generic')}</p>;
  return (
    <ul className="product-grid">
      {list.map((product) => (
        <li key={product.productId}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton() {
  const { t } = useShop();
  return (
    <div className="product-grid product-grid--loading" role="status" aria-live="polite">
      <span className="visually-hidden">{t('home.loading')}</span>
    </div>
  );
}
