/**
 * The fields a product card shows, shared by every query that lists products, as fragments: pass the
 * fragment with the document (`graphql(QUERY, [PRODUCT_CARD])`) and spread it (`...ProductCard`).
 *
 * RelatedProductCard has the fields RelatedProductType has too (it has no productId and no totalStock:
 * the stock state is read from the skus, which both types have), for `relatedProducts`. ProductCard adds
 * the productId, for ProductType (home shelves, lists, search, favorites).
 */
import { graphql } from './tada';

export const RELATED_PRODUCT_CARD = graphql(/* GraphQL */ `
  fragment RelatedProductCard on RelatedProductType {
    name
    alias
    brand {
      name
    }
    productImages {
      fileName
    }
    unitPrice {
      isDiscounted
      discountPercentage
      sellingPriceIncVat
      sellingPriceExVat
      sellingPriceIncVatFormatted
      sellingPriceExVatFormatted
      regularPriceIncVatFormatted
      regularPriceExVatFormatted
    }
    discountCampaigns {
      campaignId
      name
      hideTitle
    }
    skus {
      skuId
      productId
      stock {
        inStock
        oversellable
        static
        totalStock
      }
    }
  }
`);

export const PRODUCT_CARD = graphql(/* GraphQL */ `
  fragment ProductCard on ProductType {
    productId
    name
    alias
    brand {
      name
    }
    productImages {
      fileName
    }
    unitPrice {
      isDiscounted
      discountPercentage
      sellingPriceIncVat
      sellingPriceExVat
      sellingPriceIncVatFormatted
      sellingPriceExVatFormatted
      regularPriceIncVatFormatted
      regularPriceExVatFormatted
    }
    discountCampaigns {
      campaignId
      name
      hideTitle
    }
    skus {
      skuId
      productId
      stock {
        inStock
        oversellable
        static
        totalStock
      }
    }
  }
`);
