// Shared by the payments-*.test.ts files: an order waiting for its payment, its rows in D1, and the
// built-in provider's signed notification.
import { env, fetchWorker } from '../helpers';
import { builtInPaymentKey, signBuiltInNotification } from '../../worker/payments/built-in';
import type { PaymentOutcome } from '../../worker/payments/types';
import { findSkus, PLAIN_SKU } from './cart-helpers';
import { cartWith, placeOrder, swedishCheckout } from './checkout-helpers';
import { CookieJar } from './forms-helpers';

export const AUTH_SECRET = (env as unknown as { AUTH_SECRET: string }).AUTH_SECRET;

export const countWhere = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${sql}`)
    .bind(...params)
    .first<{ n: number }>())!.n;

export const stockOf = async (skuId: number) =>
  (await env.DB.prepare('SELECT stock FROM skus WHERE id = ?').bind(skuId).first<{ stock: number }>())!.stock;

/** The order and payment rows of the order with public id `publicId`. */
export async function rowsOf(publicId: string) {
  const order = await env.DB.prepare('SELECT * FROM orders WHERE public_id = ?')
    .bind(publicId)
    .first<Record<string, any>>();
  const payment = await env.DB.prepare('SELECT * FROM payments WHERE order_id = ?')
    .bind(order!.id)
    .first<Record<string, any>>();
  const history = await env.DB.prepare('SELECT to_status FROM order_status_history WHERE order_id = ? ORDER BY rowid')
    .bind(order!.id)
    .all<{ to_status: string }>();
  return { order: order!, payment: payment!, history: history.results.map((row) => row.to_status) };
}

/** A card order (built-in provider) of `quantity` of a plain sku, placed and waiting for its payment. */
export async function pendingCardOrder({
  offset = 0,
  quantity = 1,
  checkout = {} as Record<string, unknown>,
  languageId = 'sv-SE',
} = {}) {
  const [sku] = await findSkus(PLAIN_SKU, { offset });
  const cartId = await cartWith(sku!.id, quantity);
  const { data, errors } = await placeOrder(cartId, swedishCheckout(checkout), { languageId });
  if (errors) throw new Error(errors[0]!.message);
  const placed = data!.placeOrder as { orderId: string; publicId: string; status: string; redirectUrl: string };
  const publicId = new URL(placed.redirectUrl, 'http://shop').searchParams.get('orderId')!;
  return { sku: sku!, cartId, placed, publicId };
}

/**
 * The browser of the shopper who placed the order a payment path names (`?orderId=` or a hosted page's
 * reference): its cart cookie names the order's cart, the capability the payment routes ask for (issue 12).
 */
export async function shopperOf(path: string): Promise<CookieJar> {
  const url = new URL(path, 'http://shop');
  const orderId = url.searchParams.get('orderId');
  const reference = /\/payments\/hosted\/([0-9a-f-]{36})/.exec(url.pathname)?.[1];
  const row = await env.DB.prepare(
    `SELECT o.cart_id, p.owner_token FROM orders o LEFT JOIN payments p ON p.order_id = o.id
     WHERE ${orderId ? 'o.public_id = ?' : 'p.reference = ?'}`,
  )
    .bind(orderId ?? reference ?? '')
    .first<{ cart_id: string; owner_token: string | null }>();
  if (!row) throw new Error(`no order for ${path}`);
  // The browser's cart cookie, and the payment capability its payment step gave it (once started).
  return new CookieJar({
    'ralph-cart': row.cart_id,
    ...(row.owner_token ? { 'ralph-payment': row.owner_token } : {}),
  });
}

/** A GET as the shopper who placed the order (see `shopperOf`). */
export async function fetchAsShopper(path: string, init: RequestInit = {}): Promise<Response> {
  const jar = await shopperOf(path);
  return fetchWorker(path, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: jar.header() } });
}

/** GET /checkout/pay as the shopper's browser follows placeOrder's redirectUrl; the Location it answers with. */
export async function startPayment(redirectUrl: string): Promise<string> {
  const response = await fetchAsShopper(redirectUrl, { redirect: 'manual' });
  if (response.status !== 302) throw new Error(`GET ${redirectUrl}: ${response.status}`);
  return response.headers.get('Location')!;
}

/** The built-in provider's notification as its hosted page signs it. */
export async function signedNotification(
  reference: string,
  outcome: Exclude<PaymentOutcome, 'pending'>,
): Promise<string> {
  const key = await builtInPaymentKey({ builtInSecret: undefined, authSecret: AUTH_SECRET });
  return signBuiltInNotification(key, { reference, outcome }, new Date());
}

export function notifyBuiltIn(body: string) {
  return fetchWorker('/api/payments/built-in/notify', {
    method: 'POST',
    headers: { 'Content-Type': 'application/jwt' },
    body,
  });
}
