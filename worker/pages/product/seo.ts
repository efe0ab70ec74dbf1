/**
 * What search engines and link previews read of a product page: schema.org JSON-LD (Product with its
 * offers, BreadcrumbList) and Open Graph tags.
 *
 * Prices in both are the SELLING price INCLUDING VAT, whatever the visitor's customer type: search
 * engines and shopping surfaces show consumer prices, and in the EU a consumer price includes VAT
 * (Google Merchant Center requires it for these countries). The page itself shows ex-VAT prices to
 * business customers.
 */
import type { MetaTag } from '../../../client/views/pages/Document';
import { schemaAvailability, stockState } from '../../../client/views/components/product/stock';
import type { ProductDetails } from '../../../client/views/components/product/types';

/** A page of the shop in the breadcrumb trail, with its absolute URL. */
export interface TrailItem {
  name: string;
  url: string;
}

export interface ProductSeoInput {
  product: ProductDetails;
  /** Absolute URL of the product's canonical page. */
  url: string;
  /** Absolute URLs of the product's images. */
  images: string[];
  currency: string;
  /** The categories above the product, top first (absolute URLs). */
  trail: TrailItem[];
}

const GTIN13 = /^\d{13}$/;

/** A price as schema.org and Open Graph want it: a decimal number with a point, two decimals. */
export function priceAmount(amount: number): string {
  return amount.toFixed(2);
}

function description(product: ProductDetails): string | undefined {
  return product.texts?.text1 ?? product.meta?.description ?? product.texts?.text2 ?? undefined;
}

/** schema.org Product: one Offer per sku, each with its availability (and size when it has sizes). */
export function productJsonLd({ product, url, images, currency }: ProductSeoInput): Record<string, unknown> {
  const skus = product.skus ?? [];
  const sized = (product.variantDimensions?.length ?? 0) > 0;
  const price = product.unitPrice ? priceAmount(product.unitPrice.sellingPriceIncVat) : undefined;
  const onlyGtin = skus.length === 1 ? skus[0]?.gtin : null;
  const rating = product.rating;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: description(product),
    image: images,
    sku: product.articleNumber ?? undefined,
    ...(onlyGtin && GTIN13.test(onlyGtin) ? { gtin13: onlyGtin } : {}),
    brand: product.brand?.name ? { '@type': 'Brand', name: product.brand.name } : undefined,
    url,
    ...(rating && rating.voteCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.score,
            reviewCount: rating.voteCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    offers: skus.map((sku) => ({
      '@type': 'Offer',
      sku: sku.articleNumber,
      ...(sku.gtin && GTIN13.test(sku.gtin) ? { gtin13: sku.gtin } : {}),
      ...(sized && sku.name ? { name: sku.name } : {}),
      price,
      priceCurrency: currency,
      availability: schemaAvailability(stockState(sku.stock, sku.incoming)),
      itemCondition: 'https://schema.org/NewCondition',
      url,
    })),
  };
}

/** schema.org BreadcrumbList: the categories above the product, then the product. */
export function breadcrumbJsonLd({ product, url, trail }: ProductSeoInput): Record<string, unknown> {
  const items = [...trail, { name: product.name ?? product.alias, url }];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/** Open Graph tags of a product (ogp.me, with the `product:` price tags). */
export function productOpenGraph(input: ProductSeoInput, text: { siteName: string; localeIso: string }): MetaTag[] {
  const { product, url, images, currency } = input;
  const tags: MetaTag[] = [
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: text.siteName },
    { property: 'og:locale', content: text.localeIso.replace('-', '_') },
    { property: 'og:title', content: product.name ?? product.alias },
    { property: 'og:url', content: url },
  ];
  const summary = product.meta?.description ?? product.texts?.text2;
  if (summary) tags.push({ property: 'og:description', content: summary });
  if (images[0]) tags.push({ property: 'og:image', content: images[0] });
  if (product.unitPrice) {
    tags.push({ property: 'product:price:amount', content: priceAmount(product.unitPrice.sellingPriceIncVat) });
    tags.push({ property: 'product:price:currency', content: currency });
  }
  return tags;
}
