/**
 * The built-in commerce API's schema: a compatible subset of the public Geins Merchant API
 * (../shared/reference/geins-merchant-api.graphql). Type, field and argument names, types and
 * nullability are copied from it, so a client of that API runs unchanged against ours. Only what is
 * implemented is declared: a field here always resolves to real data.
 */
export const TYPE_DEFS = /* GraphQL */ `
schema {
  query: GeinsMerchantApiQuery
  mutation: GeinsMerchantApiMutation
}

scalar DateTime
scalar Decimal
scalar Long

enum SortType {
  NONE
  PRICE
  PRICE_DESC
  MOST_SOLD
  LATEST
  ALPHABETICAL
  ALPHABETICAL_DESC
}

input FilterInputType {
  sort: SortType
}

type LanguageType {
  id: String!
  name: String!
  code: String!
}

type CountryType {
  name: String!
  code: String!
}

type CurrencyType {
  name: String!
  symbol: String!
  code: String!
  rate: Decimal!
}

type MarketType {
  id: String!
  defaultLanguageId: String!
  virtual: Boolean
  onlyDisplayInCheckout: Boolean
  groupKey: String!
  alias: String
  allowedLanguages: [LanguageType]
  country: CountryType
  currency: CurrencyType
}

type ChannelType {
  id: String!
  name: String!
  type: String!
  url: String!
  defaultLanguageId: String!
  languages: [LanguageType]
  defaultMarketId: String!
  markets: [MarketType]
}

type PriceType {
  sellingPriceIncVat: Decimal!
  sellingPriceExVat: Decimal!
  regularPriceIncVat: Decimal!
  regularPriceExVat: Decimal!
  discountIncVat: Decimal!
  discountExVat: Decimal!
  discountPercentage: Int!
  vat: Decimal!
  isDiscounted: Boolean!
  sellingPriceIncVatFormatted: String
  sellingPriceExVatFormatted: String
  regularPriceIncVatFormatted: String
  regularPriceExVatFormatted: String
  discountIncVatFormatted: String
  discountExVatFormatted: String
  vatFormatted: String
  currency: CurrencyType
}

type ProductImageType {
  fileName: String!
  tags: [String]
}

type BrandType {
  brandId: Int!
  alias: String
  canonicalUrl: String
  name: String
}

type ProductType {
  productId: Int!
  name: String
  alias: String!
  articleNumber: String
  categoryId: Int!
  canonicalUrl: String
  firstAvailableOn: String
  brand: BrandType
  unitPrice: PriceType
  productImages: [ProductImageType]
}

type ProductsResultType {
  count: Long!
  products: [ProductType]
}

type CartItemType {
  skuId: Int!
  id: ID!
  quantity: Int!
}

type CartType {
  id: String
  items: [CartItemType]
  isCompleted: Boolean!
  promoCode: String
}

type GeinsMerchantApiQuery {
  channels: [ChannelType]
  channel(channelId: String): ChannelType
  products(
    skip: Int
    take: Int
    brandAlias: String
    categoryAlias: String
    discountCampaignAlias: String
    filter: FilterInputType
    channelId: String
    languageId: String
    marketId: String
  ): ProductsResultType
  getCart(
    id: String
    includeCompleted: Boolean
    allowExternalShippingFee: Boolean
    channelId: String
    languageId: String
    marketId: String
  ): CartType
}

type GeinsMerchantApiMutation {
  clearCart(id: String!, channelId: String, languageId: String, marketId: String): CartType
}
`;
