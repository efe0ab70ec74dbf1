import { use } from 'react';
import { productCardHtml, type ProductCardData } from './ProductCard';
import { useShop } from './ShopContext';

export interface ProductCardsProps {
  products: readonly ProductCardData[];
  /** The list's name for analytics (`data-item-list` on every card). */
  listName?: string;
  /** Position of the first product in the whole list, 0-based (page 3 of 48 starts at 96). */
  firstIndex?: number;
  /** Heading level of the product names (ProductCard). */
  headingLevel?: 2 | 3;
  id?: string;
  /** How many of the first cards load their image at once (the first row above the fold); none by default. */
  eagerImages?: number;
}

/** Products as a grid of cards (a list: screen readers announce how many there are). */
export function ProductCards({
  products,
  listName,
  firstIndex = 0,
  headingLevel,
  id,
  eagerImages = 0,
}: ProductCardsProps) {
  const shop = useShop();
  // The cards are one string (ProductCard.tsx): React streams the grid's 48 items as one piece of markup.
  let items = '';
  products.forEach((product, index) => {
    const eagerImage = index < eagerImages;
    items += `<li>${productCardHtml(shop, product, { listName, index: firstIndex + index, headingLevel, eagerImage })}</li>`;
  });
  return (
    // What a card's add-to-cart form says when adding fails (client/store/add-to-cart-forms.ts), once per grid.
    <ul
      className="product-grid"
      id={id}
      data-failed={shop.t('forms.cart.failed')}
      data-retry={shop.t('errors.tryAgain')}
      dangerouslySetInnerHTML={{ __html: items }}
    />
  );
}

/**
 * A grid of products from deferred data. The promise never rejects: a failed load resolves to null
 * and shows the generic error text instead of breaking the page.
 */
export function ProductGrid({
  products,
  listName,
  headingLevel,
}: {
  products: Promise<ProductCardData[] | null>;
  listName?: string;
  headingLevel?: 2 | 3;
}) {
  const { t } = useShop();
  const list = use(products);
  if (!list) return <p className="notice notice--error">{t('errors.generic')}</p>;
  return <ProductCards products={list} listName={listName} headingLevel={headingLevel} />;
}

export function ProductGridSkeleton() {
  const { t } = useShop();
  return (
    <div className="product-grid product-grid--loading" role="status" aria-live="polite">
      <span className="visually-hidden">{t('home.loading')}</span>
    </div>
  );
}
