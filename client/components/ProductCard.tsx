import { useShop } from './ShopContext';

/** The fields of ProductType a card shows (the catalog issue adds links, stock and campaign labels). */
export interface ProductCardData {
  productId: number;
  name: string | null;
  alias: string;
  brand: { name: string | null } | null;
  productImages: { fileName: string }[] | null;
  unitPrice: {
    isDiscounted: boolean;
    discountPercentage: number;
    sellingPriceIncVatFormatted: string | null;
    sellingPriceExVatFormatted: string | null;
    regularPriceIncVatFormatted: string | null;
    regularPriceExVatFormatted: string | null;
  } | null;
}

export const PRODUCT_IMAGE_SIZE = 600;

export function ProductCard({ product }: { product: ProductCardData }) {
  const { t, pricesIncludeVat } = useShop();
  const price = product.unitPrice;
  const image = product.productImages?.[0];
  const selling = pricesIncludeVat ? price?.sellingPriceIncVatFormatted : price?.sellingPriceExVatFormatted;
  const regular = pricesIncludeVat ? price?.regularPriceIncVatFormatted : price?.regularPriceExVatFormatted;
  return (
    <article className="product-card" aria-label={product.name ?? undefined}>
      <div className="product-card__media">
        {image && (
          <img
            src={`/images/products/${image.fileName}`}
            alt=""
            width={PRODUCT_IMAGE_SIZE}
            height={PRODUCT_IMAGE_SIZE}
            loading="lazy"
            decoding="async"
          />
        )}
        {price?.isDiscounted && (
          <span className="badge badge--discount">{t('product.discount', { percent: price.discountPercentage })}</span>
        )}
      </div>
      <p className="product-card__brand">{product.brand?.name}</p>
      <h3 className="product-card__name">{product.name}</h3>
      <p className="product-card__price">
        <span className={price?.isDiscounted ? 'price price--sale' : 'price'}>{selling}</span>
        {price?.isDiscounted && regular && (
          <span className="price price--regular">{t('product.regularPrice', { price: regular })}</span>
        )}
        <span className="price__vat">{t(pricesIncludeVat ? 'product.incVat' : 'product.exVat')}</span>
      </p>
    </article>
  );
}
