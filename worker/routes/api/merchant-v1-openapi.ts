/**
 * The merchant REST API's OpenAPI 3.1 document (issue 27), generated from the valibot schemas the routes
 * read requests with (@valibot/to-json-schema: JSON Schema draft 2020-12, which OpenAPI 3.1 uses as is).
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { MERCHANT_SCOPES } from '../../commerce/merchant-keys';
import { ErrorAnswer, OrdersAnswer, PricesBody, ProductsBody, StatusBody, StockBody } from './merchant-v1-schemas';

const schema = (of: GenericSchema) => {
  const { $schema: _draft, ...rest } = toJsonSchema(of, { errorMode: 'ignore' }) as Record<string, unknown>;
  return rest;
};
const json = (of: GenericSchema) => ({ content: { 'application/json': { schema: schema(of) } } });
const errors = {
  '400': { description: 'The body is not what the operation takes.', ...json(ErrorAnswer) },
  '401': { description: 'No key, or not a live one.', ...json(ErrorAnswer) },
  '403': { description: 'The key lacks the scope.', ...json(ErrorAnswer) },
};
const op = (summary: string, scope: string, extra: Record<string, unknown>) => ({
  summary,
  description: `Scope: \`${scope}\`.`,
  security: [{ merchantKey: [scope] }],
  ...extra,
});
const path = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});

let cached: { origin: string; document: object } | undefined;

export function merchantOpenApi(origin: string): object {
  if (cached?.origin === origin) return cached.document;
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Kontorsgiganten merchant API',
      version: '1.0.0',
      description:
        'Stock, prices, products and orders for the merchant’s own systems. Keys are made in the back office (/admin/api-keys) with the scopes they need; send one as `Authorization: Bearer mk_…`. Amounts are minor units including VAT.',
    },
    servers: [{ url: `${origin}/api/merchant/v1` }],
    components: {
      securitySchemes: {
        merchantKey: { type: 'http', scheme: 'bearer', description: `Scopes: ${MERCHANT_SCOPES.join(', ')}.` },
      },
    },
    paths: {
      '/articles/{sku}/stock': {
        put: op("Set an article's stock", 'stock:write', {
          parameters: [path('sku', "The article's number.")],
          requestBody: { required: true, ...json(StockBody) },
          responses: {
            '200': { description: 'Set.' },
            '404': { description: 'No such article.', ...json(ErrorAnswer) },
            ...errors,
          },
        }),
      },
      '/products/{product}/prices': {
        put: op("Set a product's regular prices per currency", 'prices:write', {
          parameters: [path('product', "The product's article number.")],
          requestBody: { required: true, ...json(PricesBody) },
          responses: {
            '200': { description: 'Set.' },
            '404': { description: 'No such product.', ...json(ErrorAnswer) },
            ...errors,
          },
        }),
      },
      '/products': {
        post: op('Create or update products and articles (an upsert by article number)', 'products:write', {
          requestBody: { required: true, ...json(ProductsBody) },
          responses: { '200': { description: 'Applied, with what it did.' }, ...errors },
        }),
      },
      '/orders': {
        get: op('Orders changed after a time, oldest first', 'orders:read', {
          parameters: [
            { name: 'since', in: 'query', schema: { type: 'string', format: 'date-time' } },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
          ],
          responses: { '200': { description: 'A page of orders.', ...json(OrdersAnswer) }, ...errors },
        }),
      },
      '/orders/{number}/status': {
        post: op('Move an order on (the customer is mailed)', 'orders:write', {
          parameters: [path('number', 'The order number.')],
          requestBody: { required: true, ...json(StatusBody) },
          responses: {
            '200': { description: 'Moved.' },
            '404': { description: 'No such order.', ...json(ErrorAnswer) },
            '409': { description: 'The statuses do not allow it, or the order is held.', ...json(ErrorAnswer) },
            ...errors,
          },
        }),
      },
    },
  };
  cached = { origin, document };
  return document;
}
