/**
 * The fields a product card shows, shared by every query that lists products. Interpolate them as
 * `${PRODUCT_CARD_FIELDS}` inside a GraphQL document; scripts/schema.mjs substitutes them the same way
 * when it builds the schema subset.
 *
 * RELATED_PRODUCT_CARD_FIELDS are the ones RelatedProductType has too (it has no productId and no
 * totalStock: the stock state is read from the skus, which both types have), for `relatedProducts`.
 * PRODUCT_CARD_FIELDS adds the productId, for ProductType (home shelves, lists, search).
 */
export const RELATED_PRODUCT_CARD_FIELDS = /* GraphQL fields */ `
  name
  alias
  brand { name }
  productImages { fileName }
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
  discountCampaigns { campaignId name hideTitle }
  skus { skuId productId stock { inStock oversellable static totalStock } }
`;

export const PRODUCT_CARD_FIELDS = /* GraphQL fields */ `
  productId
  ${RELATED_PRODUCT_CARD_FIELDS}
`;
