/**
 * One product in a list: image, campaign label, brand, name linking to the product page, price (inc or ex
 * VAT by customer type, spec §4) with the regular price and discount when discounted, and the stock state.
 * The `data-item-*` attributes describe the product for the analytics data layer (spec §7
 * view_item_list / select_item), which reads them from the HTML.
 */
import { preload } from 'react-dom';
import type { ShopContextValue } from './ShopContext';
import { cardBuyFormHtml } from './cart/CardBuyForm';
import { cardFavoriteToggleHtml } from './CardFavoriteToggle';
import { attribute, escapeHtml } from './html-string';
import { isPurchasable, stockState, type StockState } from './product/stock';
import type { StockData } from './product/types';
import type { MessageKey } from '../../../locales';
import type { PRODUCT_CARD, RELATED_PRODUCT_CARD } from '../../../core/graphql/product-card';
import type { ResultOf } from '../../../core/graphql/tada';

/**
 * The fields of RELATED_PRODUCT_CARD_FIELDS / PRODUCT_CARD_FIELDS (product-card-fields.ts) a card reads.
 * Everything but name and alias may be missing, so related products (no productId) and older selections fit.
 */
/**
 * What a card shows: the RelatedProductCard fragment's fields (core/graphql/product-card.ts), with the
 * productId that ProductType adds (lists, shelves) and RelatedProductType lacks (related products).
 */
export type ProductCardData = ResultOf<typeof RELATED_PRODUCT_CARD> &
  Partial<Pick<ResultOf<typeof PRODUCT_CARD>, 'productId'>>;

export const PRODUCT_IMAGE_SIZE = 600;

/** Where a product image is served (worker/db/seed images, static assets). */
export function productImagePath(fileName: string): string {
  return `/images/products/${encodeURIComponent(fileName)}`;
}

const STOCK_TEXT: Record<StockState['kind'], MessageKey> = {
  'in-stock': 'list.stock.inStock',
  'few-left': 'list.stock.fewLeft',
  'out-of-stock': 'list.stock.outOfStock',
  'made-to-order': 'list.stock.madeToOrder',
  static: 'list.stock.static',
};

/** A product's stock: the sum of its skus' (a card shows one state for the product, spec §4). */
function productStock(skus: NonNullable<ProductCardData['skus']>): StockData {
  const total: StockData = { inStock: 0, oversellable: 0, static: null, totalStock: 0, incoming: null };
  for (const sku of skus) {
    if (!sku?.stock) continue;
    total.inStock += sku.stock.inStock;
    total.oversellable += sku.stock.oversellable;
    total.totalStock += sku.stock.totalStock;
    if (sku.stock.static !== null) total.static = (total.static ?? 0) + sku.stock.static;
  }
  return total;
}

/** The product id for analytics: the product's own, else its first sku's (related products have no productId). */
function itemId(product: ProductCardData): string {
  const id = product.productId ?? product.skus?.find((sku) => sku?.productId)?.productId;
  return id !== undefined ? String(id) : product.alias;
}

/** The first campaign that shows its name (spec: a campaign with hideTitle has no label). */
function campaignLabel(product: ProductCardData): string | null {
  return product.discountCampaigns?.find((campaign) => campaign && !campaign.hideTitle && campaign.name)?.name ?? null;
}

export interface ProductCardOptions {
  /** The id of the grid's form (CardActionsForm, ProductGrid.tsx) that the card's buttons post through. */
  formId: string;
  /** The list the card is shown in, for analytics (`item_list_name`). */
  listName?: string;
  /** Position in that list, 0-based, for analytics (`index`). */
  index?: number;
  /** Level of the name's heading: 3 under a section heading (default), 2 directly under the page's h1. */
  headingLevel?: 2 | 3;
  /** Load the image at once (the first row of a list, the page's largest paint), not when scrolled to. */
  eagerImage?: boolean;
}

/**
 * The card's markup as a string (client/views/components/html-string.ts): a list renders 48 cards, and
 * rendering a card's seventeen elements through React cost most of the list page's render budget. The
 * card has no state, no events and never hydrates. The markup is what React rendered for it before:
 * same elements, attributes and escaping. An eager image is also preloaded (`<link rel="preload">`), as
 * React does for an `<img>` that is not lazy: call it while rendering.
 *
 * The card has no form of its own: its heart and buy buttons post through one form per grid (`form`,
 * `formaction`; CardActionsForm, ProductGrid.tsx), so the browser skips the whole card while it is out of view (index.css
 * `.product-card`, content-visibility). A form inside a skipped card made Chromium style that card when the
 * page finished loading (its form scan asks whether each form is visible): 40 forced style updates in one
 * task. Without them a list of 48 is 7 elements (two forms, five hidden fields) a card lighter, and only
 * the cards in view are styled and laid out before the first paint. The heart is placed over the picture
 * by CSS, and comes after the name in the tab order.
 */
export function productCardHtml(
  shop: ShopContextValue,
  product: ProductCardData,
  { formId, listName, index, headingLevel = 3, eagerImage = false }: ProductCardOptions,
): string {
  const { t, href, pricesIncludeVat, market } = shop;
  const price = product.unitPrice;
  const image = product.productImages?.[0];
  if (image && eagerImage) preload(productImagePath(image.fileName), { as: 'image', fetchPriority: 'high' });
  const selling = pricesIncludeVat ? price?.sellingPriceIncVatFormatted : price?.sellingPriceExVatFormatted;
  const regular = pricesIncludeVat ? price?.regularPriceIncVatFormatted : price?.regularPriceExVatFormatted;
  const campaign = campaignLabel(product);
  const stock = product.skus ? stockState(productStock(product.skus)) : null;
  const name = product.name ?? product.alias;
  const link = escapeHtml(href('product', { alias: product.alias }));
  // Named by its heading: no aria-label repeating the name (a list renders 48 cards).
  let html =
    '<article class="product-card"' +
    attribute('data-item-id', itemId(product)) +
    attribute('data-item-name', product.name ?? '') +
    attribute('data-item-brand', product.brand?.name ?? '') +
    attribute('data-item-price', price?.sellingPriceIncVat ?? '') +
    attribute('data-item-currency', market.currency) +
    attribute('data-item-list', listName) +
    attribute('data-item-index', index) +
    '><div class="product-card__body"><div class="product-card__media">';
  if (image) {
    html +=
      `<img src="${escapeHtml(productImagePath(image.fileName))}" alt="" width="${PRODUCT_IMAGE_SIZE}" height="${PRODUCT_IMAGE_SIZE}"` +
      (eagerImage ? ' loading="eager" fetchPriority="high"' : ' loading="lazy"') +
      ' decoding="async"/>';
  }
  if (price?.isDiscounted) {
    html += `<span class="badge badge--discount">${escapeHtml(t('product.discount', { percent: price.discountPercentage }))}</span>`;
  }
  if (campaign) html += `<span class="product-card__campaign">${escapeHtml(campaign)}</span>`;
  html +=
    `</div><p class="product-card__brand">${escapeHtml(product.brand?.name ?? '')}</p>` +
    `<h${headingLevel} class="product-card__name"><a class="product-card__link" href="${link}">${escapeHtml(product.name ?? '')}</a></h${headingLevel}>` +
    `<p class="product-card__price"><span class="${price?.isDiscounted ? 'price price--sale' : 'price'}">${escapeHtml(selling ?? '')}</span>`;
  if (price?.isDiscounted && regular) {
    html += `<span class="price price--regular">${escapeHtml(t('product.regularPrice', { price: regular }))}</span>`;
  }
  html += `<span class="price__vat">${escapeHtml(t(pricesIncludeVat ? 'product.incVat' : 'product.exVat'))}</span></p>`;
  if (stock) {
    const text = t(STOCK_TEXT[stock.kind], stock.kind === 'few-left' ? { count: stock.count } : undefined);
    html += `<p class="stock-state stock-state--${stock.kind}"><span class="stock-state__dot" aria-hidden="true"></span>${escapeHtml(text)}</p>`;
  }
  html += '</div>';
  if (product.productId !== undefined) html += cardFavoriteToggleHtml(shop, product.productId, name, formId);
  return (
    html +
    cardBuyFormHtml(shop, {
      productId: product.productId,
      alias: product.alias,
      name,
      skuIds: (product.skus ?? []).flatMap((sku) => (sku ? [sku.skuId] : [])),
      purchasable: stock !== null && isPurchasable(stock),
      formId,
    }) +
    '</article>'
  );
}
