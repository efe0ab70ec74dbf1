// Shared steps of the cart and checkout tests: the reference operations, skus picked from the seed by
// what they are (in stock, few left, in a campaign...), carts filled through the API, logged-in customers.
import { SignJWT } from 'jose';
import { env, fetchWorker, graphql } from '../helpers';
import { referenceOperation } from '../operations';

export const GET_CART = referenceOperation('cart/get.graphql');
export const CONFIRM_CART = referenceOperation('cart/confirm.graphql');
export const ADD_TO_CART = referenceOperation('cart/add.graphql');
export const UPDATE_CART_ITEM = referenceOperation('cart/update.graphql');
export const SET_PROMO_CODE = referenceOperation('cart/promo-code.graphql');
export const COMPLETE_CART = referenceOperation('cart/complete.graphql');

/** Spec §7 operation 2: the exact variables the storefront sends with getCart. */
export function getCartVariables(id: string, marketAlias = 'se', languageId = 'sv-SE') {
  return { id, channelId: '1|se', languageId, cartMarketAlias: marketAlias, allowExternalShippingFee: false };
}

export interface SeedSku {
  id: number;
  productId: number;
  stock: number;
  /** Regular price inc. VAT in the market, minor units. */
  price: number;
}

const ACTIVE_CAMPAIGN_PRODUCTS = `SELECT cp.product_id FROM campaign_products cp JOIN campaigns c ON c.id = cp.campaign_id
  WHERE c.is_active = 1 AND c.starts_at <= strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
    AND (c.ends_at IS NULL OR c.ends_at > strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))`;

/** Skus of active products with a price in `marketId` matching `where` (on skus s and prices pr), in id order. */
export async function findSkus(where: string, { marketId = '1|se', limit = 1, offset = 0 } = {}): Promise<SeedSku[]> {
  const { results } = await env.DB.prepare(
    `SELECT s.id, s.product_id AS productId, s.stock, pr.regular_inc_vat AS price
     FROM skus s JOIN products p ON p.id = s.product_id AND p.is_active = 1
     JOIN prices pr ON pr.product_id = s.product_id AND pr.market_id = ?
     WHERE ${where} ORDER BY s.id LIMIT ? OFFSET ?`,
  )
    .bind(marketId, limit, offset)
    .all<SeedSku>();
  if (results.length < limit) throw new Error(`the seed has too few skus where ${where}`);
  return results;
}

/** An ordinary sku: in stock, no sizes, no static stock, not made to order, in no active campaign. */
export const PLAIN_SKU = `s.static_stock IS NULL AND s.oversellable = 0 AND s.stock >= 20 AND s.size IS NULL
  AND s.product_id NOT IN (${ACTIVE_CAMPAIGN_PRODUCTS})`;
/** A sku in an active price campaign. */
export const CAMPAIGN_SKU = `s.static_stock IS NULL AND s.oversellable = 0 AND s.stock >= 5 AND s.product_id IN (${ACTIVE_CAMPAIGN_PRODUCTS})`;

/** A new, empty cart through getCart without an id (spec §7). */
export async function newCart(marketAlias = 'se', languageId = 'sv-SE'): Promise<string> {
  const { data } = await graphql(GET_CART, getCartVariables('', marketAlias, languageId));
  return data!.getCart.id as string;
}

/** addToCart as the storefront sends it; the whole response. */
export function addToCart(
  cartId: string,
  skuId: number | null,
  quantity: number,
  { marketId = 'se', languageId = 'sv-SE' } = {},
) {
  return graphql(ADD_TO_CART, {
    id: cartId,
    item: skuId === null ? { quantity } : { skuId, quantity },
    allowExternalShippingFee: false,
    channelId: '1|se',
    languageId,
    marketId,
  });
}

/** setCartPromoCode as the storefront sends it; the whole response. */
export function setPromoCode(cartId: string, promoCode: string, { marketId = 'se', languageId = 'sv-SE' } = {}) {
  return graphql(SET_PROMO_CODE, { id: cartId, promoCode, channelId: '1|se', languageId, checkoutMarketId: marketId });
}

/** A customer row and a Bearer token for it, as the login flow issues it (HS256 with AUTH_SECRET). */
export async function loggedInCustomer(email: string): Promise<{ id: number; token: string }> {
  const now = new Date().toISOString();
  const row = await env.DB.prepare(
    'INSERT INTO customers (email, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id',
  )
    .bind(email, 'not-a-real-hash', now, now)
    .first<{ id: number }>();
  const token = await new SignJWT({ email, sv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(row!.id))
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode((env as unknown as { AUTH_SECRET: string }).AUTH_SECRET));
  return { id: row!.id, token };
}

/** A GraphQL operation sent with the customer's Bearer token. */
export async function graphqlAs(token: string, query: string, variables: Record<string, unknown>) {
  const response = await fetchWorker('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: Record<string, any>;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
}
