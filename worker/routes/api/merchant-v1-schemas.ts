/**
 * The merchant REST API's bodies and answers (issue 27) as valibot schemas: the routes read requests with
 * them, and the OpenAPI document is generated from them (@valibot/to-json-schema), so the document cannot
 * say something the API does not do.
 */
import * as v from 'valibot';

const Units = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000));
const Minor = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000_000));

export const StockBody = v.strictObject({
  stock: v.pipe(Units, v.description('Units in stock of the article.')),
});

const CurrencyPrice = (currency: string) =>
  v.optional(v.pipe(Minor, v.description(`Minor units incl. VAT in ${currency}.`)));
export const PricesBody = v.strictObject({
  prices: v.pipe(
    v.strictObject({
      SEK: CurrencyPrice('SEK'),
      DKK: CurrencyPrice('DKK'),
      NOK: CurrencyPrice('NOK'),
      EUR: CurrencyPrice('EUR'),
    }),
    v.description('Regular price per currency, set in every market of that currency.'),
  ),
});

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));
export const ProductUpsert = v.strictObject({
  product: v.pipe(Text(40), v.description("The product's article number.")),
  sku: v.pipe(Text(40), v.description("The article's number.")),
  gtin: v.optional(v.pipe(Text(13), v.description('EAN-13; needed for a new article.'))),
  name: v.optional(v.pipe(Text(200), v.description('Swedish name; needed for a new product.'))),
  brand: v.optional(Text(80)),
  category: v.optional(v.pipe(Text(120), v.description("The category's Swedish alias."))),
  size: v.optional(Text(20)),
  stock: v.optional(Units),
  price_SEK: v.optional(Minor),
  price_DKK: v.optional(Minor),
  price_NOK: v.optional(Minor),
  price_EUR: v.optional(Minor),
  published: v.optional(v.boolean()),
  available_from: v.optional(v.pipe(v.string(), v.isoDate(), v.description('First day of sale, YYYY-MM-DD.'))),
  description: v.optional(Text(4000)),
});

export const ProductsBody = v.strictObject({
  products: v.pipe(v.array(ProductUpsert), v.minLength(1), v.maxLength(100)),
});

export const StatusBody = v.strictObject({
  status: v.picklist(['PROCESSING', 'COMPLETED', 'CANCELLED']),
  trackingLink: v.optional(v.pipe(v.string(), v.maxLength(500), v.url(), v.startsWith('https://'))),
});

export const ErrorAnswer = v.object({
  error: v.object({ code: v.string(), message: v.string() }),
});

const Address = v.object({
  firstName: v.string(),
  lastName: v.string(),
  company: v.string(),
  addressLine1: v.string(),
  zip: v.string(),
  city: v.string(),
  country: v.string(),
});

export const OrderExport = v.object({
  orderNumber: v.string(),
  status: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
  marketId: v.string(),
  currency: v.string(),
  email: v.string(),
  customerType: v.string(),
  paymentMethod: v.string(),
  shippingMethod: v.string(),
  trackingLink: v.nullable(v.string()),
  held: v.boolean(),
  totalIncVat: v.pipe(v.number(), v.description('Minor units.')),
  vat: v.number(),
  shippingFeeIncVat: v.number(),
  billingAddress: Address,
  shippingAddress: Address,
  lines: v.array(
    v.object({
      position: v.number(),
      articleNumber: v.string(),
      name: v.string(),
      quantity: v.number(),
      totalIncVat: v.number(),
      vatRateBp: v.number(),
    }),
  ),
});

export const OrdersAnswer = v.object({
  orders: v.array(OrderExport),
  next: v.pipe(v.nullable(v.string()), v.description('The `since` of the next page, or null at the end.')),
});
