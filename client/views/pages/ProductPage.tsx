/**
 * The product page (issue 5): breadcrumbs, gallery, name, brand, article number and EAN, price, stock,
 * colours and sizes, add to cart and favorite as plain forms, back-in-stock form, description,
 * specification, then reviews (and the form to write one) and related products streamed in behind Suspense. Everything works
 * without JavaScript. The article carries the `data-item-*` attributes the analytics data layer reads.
 */
import { Suspense } from 'react';
import { useShop } from '../components/ShopContext';
import { ProductBreadcrumbs } from '../components/product/Breadcrumbs';
import { BuyForm, FavoriteToggle } from '../components/product/BuyForm';
import { ColourVariants } from '../components/product/ColourVariants';
import { Gallery } from '../components/product/Gallery';
import { JsonLd } from '../components/product/JsonLd';
import { PriceBlock } from '../components/product/PriceBlock';
import { RelatedProducts, RelatedProductsLoading } from '../components/product/RelatedProducts';
import { ReviewsLoading, ReviewsSection, REVIEWS_ID, Stars, useRatingText } from '../components/product/Reviews';
import { ReviewForm } from '../components/product/ReviewForm';
import { Description, Specification } from '../components/product/Specification';
import { StockNotificationForm } from '../components/product/StockNotificationForm';
import { StockStatus } from '../components/product/StockStatus';
import { LiveSubject } from '../components/LiveSubject';
import { productLiveState } from '../../../core/live/subscriptions';
import { isPurchasable, stockState } from '../components/product/stock';
import type { ProductDetails, ProductPageData } from '../components/product/types';

/** The values the analytics data layer reads from the product page (spec §7 view_item). */
function analyticsAttributes(product: ProductDetails, currency: string) {
  return {
    'data-item-id': product.productId,
    'data-item-name': product.name ?? '',
    'data-item-brand': product.brand?.name ?? '',
    // Selling price including VAT, as a plain number in the market's currency (like the JSON-LD offer).
    'data-item-price': product.unitPrice?.sellingPriceIncVat ?? '',
    'data-item-currency': currency,
    'data-item-category': product.primaryCategory?.name ?? '',
  };
}

function RatingLink({ rating }: { rating: ProductDetails['rating'] }) {
  const text = useRatingText();
  if (!rating || rating.voteCount === 0) return null;
  return (
    <a className="product-rating" href={`#${REVIEWS_ID}`}>
      <Stars rating={rating.score} />
      <span>
        {text.rating(rating.score)} ({text.count(rating.voteCount)})
      </span>
    </a>
  );
}

export function ProductPage({
  data,
  colour,
  structuredData,
}: {
  data: ProductPageData;
  /** The product's own colour (its Color parameter), or null. */
  colour: string | null;
  structuredData: readonly Record<string, unknown>[];
}) {
  const { t, href, market } = useShop();
  const { product } = data;
  const name = product.name ?? product.alias;
  const skus = product.skus ?? [];
  const sized = (product.variantDimensions?.length ?? 0) > 0;
  const overall = stockState(product.totalStock);
  const skuStates = skus.map((sku) => ({ sku, state: stockState(sku.stock, sku.incoming) }));
  const purchasable = skuStates.some(({ state }) => isPurchasable(state));
  const soldOut = skuStates.filter(({ state }) => !isPurchasable(state)).map(({ sku }) => sku);
  const ean = skus.length === 1 ? skus[0]?.gtin : null;
  const images = (product.productImages ?? []).map((image) => image.fileName);
  return (
    <>
      <ProductBreadcrumbs crumbs={product.breadcrumbs ?? []} current={name} />
      <article className="product-page" {...analyticsAttributes(product, market.currency)}>
        <div className="product-page__top">
          <div className="product-page__gallery">
            <Gallery images={images} name={name} />
          </div>
          <div className="product-page__summary">
            {product.brand?.name && product.brand.alias && (
              <p className="product-page__brand">
                <a href={href('brand', { brand: product.brand.alias })}>{product.brand.name}</a>
              </p>
            )}
            <h1 className="product-page__name">{name}</h1>
            <RatingLink rating={product.rating} />
            {product.texts?.text2 && <p className="product-page__intro">{product.texts.text2}</p>}
            <dl className="product-facts">
              {product.articleNumber && (
                <div>
                  <dt>{t('productPage.articleNumber')}</dt>
                  <dd>{product.articleNumber}</dd>
                </div>
              )}
              {ean && (
                <div>
                  <dt>{t('productPage.ean')}</dt>
                  <dd>{ean}</dd>
                </div>
              )}
            </dl>
            <div className="buy-box" data-live-region="buy-box">
              {product.unitPrice && (
                <PriceBlock
                  price={product.unitPrice}
                  lowest={product.lowestPrice}
                  campaigns={product.discountCampaigns ?? []}
                />
              )}
              <StockStatus state={overall} />
              <ColourVariants colour={colour} variants={data.colourVariants} />
              {purchasable && <BuyForm productId={product.productId} skus={skus} sized={sized} />}
              <FavoriteToggle productId={product.productId} isFavorite={data.isFavorite} />
            </div>
            <div data-live-region="stock-notification">
              {soldOut.length > 0 && <StockNotificationForm skus={soldOut} sized={sized} status={data.notifyStatus} />}
            </div>
            <LiveSubject
              kind="product"
              subject={String(product.productId)}
              variables={{ productId: product.productId }}
              state={productLiveState(product)}
            />
          </div>
        </div>
        <div className="product-page__details">
          {product.texts?.text1 && <Description text={product.texts.text1} />}
          <Specification groups={product.parameterGroups ?? []} />
        </div>
        <section className="product-section product-reviews" id={REVIEWS_ID} aria-labelledby="product-reviews-title">
          <h2 id="product-reviews-title" className="product-section__title">
            {t('productPage.reviews.title')}
          </h2>
          <Suspense fallback={<ReviewsLoading />}>
            <ReviewsSection reviews={data.reviews} />
          </Suspense>
          <ReviewForm alias={product.alias} data={data.reviewForm} />
        </section>
        {structuredData.map((item, index) => (
          <JsonLd key={index} data={item} />
        ))}
      </article>
      <Suspense fallback={<RelatedProductsLoading />}>
        <RelatedProducts related={data.related} />
      </Suspense>
    </>
  );
}
