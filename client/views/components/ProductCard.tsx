/**
 * One product in a list: image, campaign label, brand, name linking to the product page, price (inc or ex
 * VAT by customer type, spec §4) with the regular price and discount when discounted, and the stock state.
 * The `data-item-*` attributes describe the product for the analytics data layer (spec §7
 * view_item_list / select_item), which reads them from the HTML.
 */
import { useShop } from './ShopContext';
import { CardBuyForm } from './cart/CardBuyForm';
import { CardFavoriteToggle } from './CardFavoriteToggle';
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

const STOCK_TEXT: Record<StockState['kind'], MessageKey> = {
  'in-stock': 'list.stock.inStock',
  'few-left': 'list.stock.fewLeft',
  'out-of-stock': 'list.stock.outOfStock',
  'made-to-order': 'list.stock.madeToOrder',
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

export interface ProductCardProps {
  product: ProductCardData;
  /** The list the card is shown in, for analytics (`item_list_name`). */
  listName?: string;
  /** Position in that list, 0-based, for analytics (`index`). */
  index?: number;
  /** Level of the name's heading: 3 under a section heading (default), 2 directly under the page's h1. */
  headingLevel?: 2 | 3;
  /** Load the image at once (the first row of a list, the page's largest paint), not when scrolled to. */
  eagerImage?: boolean;
}

export function ProductCard({ product, listName, index, headingLevel = 3, eagerImage = false }: ProductCardProps) {
  const { t, href, pricesIncludeVat, market } = useShop();
  const price = product.unitPrice;
  const image = product.productImages?.[0];
  const selling = pricesIncludeVat ? price?.sellingPriceIncVatFormatted : price?.sellingPriceExVatFormatted;
  const regular = pricesIncludeVat ? price?.regularPriceIncVatFormatted : price?.regularPriceExVatFormatted;
  const campaign = campaignLabel(product);
  const stock = product.skus ? stockState(productStock(product.skus)) : null;
  const Heading = `h${headingLevel}` as const;
  return (
    // Named by its heading: no aria-label repeating the name (a list renders 48 cards).
    <article
      className="product-card"
      data-item-id={itemId(product)}
      data-item-name={product.name ?? ''}
      data-item-brand={product.brand?.name ?? ''}
      data-item-price={price?.sellingPriceIncVat ?? ''}
      data-item-currency={market.currency}
      data-item-list={listName}
      data-item-index={index}
    >
      <div className="product-card__media">
        {image && (
          <img
            src={`/images/products/${image.fileName}`}
            alt=""
            width={PRODUCT_IMAGE_SIZE}
            height={PRODUCT_IMAGE_SIZE}
            loading={eagerImage ? 'eager' : 'lazy'}
            fetchPriority={eagerImage ? 'high' : undefined}
            decoding="async"
          />
        )}
        {price?.isDiscounted && (
          <span className="badge badge--discount">{t('product.discount', { percent: price.discountPercentage })}</span>
        )}
        {campaign && <span className="product-card__campaign">{campaign}</span>}
        {product.productId !== undefined && (
          <CardFavoriteToggle productId={product.productId} name={product.name ?? product.alias} />
        )}
      </div>
      <p className="product-card__brand">{product.brand?.name}</p>
      <Heading className="product-card__name">
        <a className="product-card__link" href={href('product', { alias: product.alias })}>
          {product.name}
        </a>
      </Heading>
      <p className="product-card__price">
        <span className={price?.isDiscounted ? 'price price--sale' : 'price'}>{selling}</span>
        {price?.isDiscounted && regular && (
          <span className="price price--regular">{t('product.regularPrice', { price: regular })}</span>
        )}
        <span className="price__vat">{t(pricesIncludeVat ? 'product.incVat' : 'product.exVat')}</span>
      </p>
      {stock && (
        <p className={`stock-state stock-state--${stock.kind}`}>
          <span className="stock-state__dot" aria-hidden="true" />
          {t(STOCK_TEXT[stock.kind], stock.kind === 'few-left' ? { count: stock.count } : undefined)}
        </p>
      )}
      <CardBuyForm
        productId={product.productId}
        alias={product.alias}
        name={product.name ?? product.alias}
        skuIds={(product.skus ?? []).flatMap((sku) => (sku ? [sku.skuId] : []))}
        purchasable={stock !== null && isPurchasable(stock)}
      />
    </article>
  );
}
