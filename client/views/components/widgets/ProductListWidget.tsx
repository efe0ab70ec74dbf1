import { Suspense } from 'react';
import { ProductGrid, ProductGridSkeleton } from '../ProductGrid';
import { useShop } from '../ShopContext';
import type { ProductListWidgetData } from './types';
import { shelfLink } from './widget-links';

/** A shelf of product cards (streamed in behind Suspense) with a link to the whole list when there is one. */
export function ProductListWidget({ widget }: { widget: ProductListWidgetData }) {
  const { t, href } = useShop();
  const titleId = `widget-${widget.id}-title`;
  const all = shelfLink(widget.selection, href);
  return (
    <section className="shelf-widget" aria-labelledby={widget.title ? titleId : undefined}>
      {(widget.title || all) && (
        <div className="widget-head">
          {widget.title && (
            <h2 id={titleId} className="widget-head__title">
              {widget.title}
            </h2>
          )}
          {all && (
            <a className="widget-head__link" href={all}>
              {t('content.showAll')}
              {widget.title && <span className="visually-hidden">: {widget.title}</span>}
            </a>
          )}
        </div>
      )}
      <Suspense fallback={<ProductGridSkeleton />}>
        <ProductGrid products={widget.products} listName={widget.title ?? undefined} />
      </Suspense>
    </section>
  );
}
