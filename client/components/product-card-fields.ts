/**
 * The ProductType fields a product card shows, shared by every query that lists products (home shelves,
 * lists, search, related products). Interpolate it as `${PRODUCT_CARD_FIELDS}` inside a GraphQL document;
 * scripts/schema.mjs substitutes it the same way when it builds the schema subset.
 */
export const PRODUCT_CARD_FIELDS = /* GraphQL fields */ `
  productId
  name
  alias
  brand { name }
  productImages { fileName }
  unitPrice {
    isDiscounted
    discountPercentage
    sellingPriceIncVatFormatted
    sellingPriceExVatFormatted
    regularPriceIncVatFormatted
    regularPriceExVatFormatted
  }
`;
