/**
 * The start page: an introduction, then the newest and the most sold products. Both lists are deferred
 * and stream in after the shell, each behind its own Suspense boundary.
 */
import { Suspense } from 'react';
import { ProductGrid, ProductGridSkeleton } from '../components/ProductGrid';
import type { ProductCardData } from '../components/ProductCard';
import { useShop } from '../components/ShopContext';

export interface HomePageData {
  newItems: Promise<ProductCardData[] | null>;
  popular: Promise<ProductCardData[] | null>;
}

export function HomePage({ data }: { data: HomePageData }) {
  const { t } = useShop();
  return (
    <>
      <section className="hero">
        <h1 className="hero__title">{t('home.title')}</h1>
        <p className="hero__intro">{t('home.intro')}</p>
      </section>
      <section className="shelf" aria-labelledby="shelf-new">
        <h2 id="shelf-new" className="shelf__title">
          {t('home.newItems')}
        </h2>
        <Suspense fallback={<ProductGridSkeleton />}>
          <ProductGrid products={data.newItems} />
        </Suspense>
      </section>
      <section className="shelf" aria-labelledby="shelf-popular">
        <h2 id="shelf-popular" className="shelf__title">
          {t('home.popular')}
        </h2>
        <Suspense fallback={<ProductGridSkeleton />}>
          <ProductGrid products={data.popular} />
        </Suspense>
      </section>
    </>
  );
}
