/** Related products (the API's relatedProducts) as the shop's product cards; deferred behind Suspense. */
import { use } from 'react';
import type { ProductCardData } from '../ProductCard';
import { ProductCards, ProductGridSkeleton } from '../ProductGrid';
import { useShop } from '../ShopContext';

function Heading() {
  const { t } = useShop();
  return (
    <h2 id="related-products" className="product-section__title">
      {t('productPage.related.title')}
    </h2>
  );
}

export function RelatedProducts({ related }: { related: Promise<ProductCardData[] | null> }) {
  const { t } = useShop();
  const list = use(related);
  // Nothing related: no section at all. A failed load (null) keeps it, with a notice.
  if (list && list.length === 0) return null;
  return (
    <section className="product-related" aria-labelledby="related-products">
      <Heading />
      {list ? (
        <ProductCards products={list} listName={t('productPage.related.title')} />
      ) : (
        <p className="notice notice--error">{t('errors.generic')}</p>
      )}
    </section>
  );
}

export function RelatedProductsLoading() {
  return (
    <section className="product-related" aria-labelledby="related-products">
      <Heading />
      <ProductGridSkeleton />
    </section>
  );
}
