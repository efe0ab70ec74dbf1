import { use, useId } from 'react';
import { productCardHtml, type ProductCardData } from './ProductCard';
import { useShop } from './ShopContext';
import { FORM_ACTIONS } from '../../../core/form-actions';

/**
 * The one form the cards of a grid post through (ProductCard.tsx): their buy buttons to its action
 * (POST /api/cart/add), their hearts to /api/favorites/toggle (`formaction`), each button naming its
 * product. It carries the page to come back to. Not rendered (`hidden`): it has nothing to show.
 */
export function CardActionsForm({ id }: { id: string }) {
  const { currentPath } = useShop();
  return (
    <form id={id} action={FORM_ACTIONS.addToCart} method="post" hidden>
      <input type="hidden" name="redirect" value={currentPath} />
    </form>
  );
}

/** The id of the cards' form of a grid with id `gridId`; a grid without one gets a page-unique id from `useId`. */
export function cardActionsFormId(gridId: string | undefined, reactId: string): string {
  return `${gridId ?? `cards-${reactId.replace(/[^\w-]/g, '')}`}-actions`;
}

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
  // Cards appended from the next page (ListPager) name the same form: a list's id is the same on every page.
  const formId = cardActionsFormId(id, useId());
  // The cards are one string (ProductCard.tsx): React streams the grid's 48 items as one piece of markup.
  let items = '';
  products.forEach((product, index) => {
    const eagerImage = index < eagerImages;
    items += `<li>${productCardHtml(shop, product, { formId, listName, index: firstIndex + index, headingLevel, eagerImage })}</li>`;
  });
  return (
    <>
      {/* Related products (no productId) have neither heart nor buy button: nothing posts. */}
      {products.some((product) => product.productId !== undefined) && <CardActionsForm id={formId} />}
      {/* What a card's buy button says when adding fails (client/store/add-to-cart-forms.ts), once per grid. */}
      <ul
        className="product-grid"
        id={id}
        data-failed={shop.t('forms.cart.failed')}
        data-retry={shop.t('errors.tryAgain')}
        dangerouslySetInnerHTML={{ __html: items }}
      />
    </>
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
