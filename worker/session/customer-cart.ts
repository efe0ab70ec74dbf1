/**
 * The customer's cart follows them from browser to browser (issue 28: "the customer's cart from another
 * device or browser"). The storefront notes the cart a logged-in customer last changed (table
 * customer_carts, the storefront's own data); a login in a browser whose cart is empty takes that cart
 * over, if the API still has it open with something in it. A browser that has a cart of its own keeps it,
 * and it becomes the one noted. Both browsers then hold the same cart, and its live room tells each of the
 * other's changes (worker/live/).
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { CART_ID_PATTERN } from '../../core/cart/limits';
import { graphql } from '../../core/graphql/tada';
import { listItems } from '../../core/graphql/list-items';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, preferenceCookie } from './cookies';
import { cartScope } from './market';
import { requestClientOf } from './request-client';

const CART_UNITS = graphql(/* GraphQL */ `
  query customerCartUnits($id: String, $channelId: String, $languageId: String, $marketId: String) {
    getCart(id: $id, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      id
      items {
        quantity
      }
    }
  }
`);

/** Notes `cartId` as the cart `customerId` last changed. */
export async function noteCustomerCart(db: D1Database, customerId: number, cartId: string, now: Date): Promise<void> {
  await db
    .prepare(
      `INSERT INTO customer_carts (customer_id, cart_id, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (customer_id) DO UPDATE SET cart_id = excluded.cart_id, updated_at = excluded.updated_at
       WHERE customer_carts.cart_id <> excluded.cart_id`,
    )
    .bind(customerId, cartId, now.toISOString())
    .run();
}

/** Units in the open cart `id` as the API answers it; 0 when it is gone, ordered or empty. */
async function unitsIn(c: Context<AppEnv>, id: string): Promise<number> {
  const client = c.get('graphql') ?? (await requestClientOf(c));
  const data = await client.query(CART_UNITS, { id, ...cartScope(c) });
  // Another id: the cart was gone or ordered, and the API offers a new one.
  if (!data.getCart || data.getCart.id !== id) return 0;
  return listItems(data.getCart.items).reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * At login (session/account.ts `begin`): a browser with a cart of its own notes it as the customer's; one
 * with none, or an empty one, takes over the customer's noted cart. A failure leaves the browser's cart as
 * it was: logging in never fails for it.
 */
export async function followCustomerCart(c: Context<AppEnv>, customerId: number): Promise<void> {
  try {
    const cookie = getCookie(c, CART_COOKIE);
    const own = cookie && CART_ID_PATTERN.test(cookie) ? cookie : null;
    if (own && (await unitsIn(c, own)) > 0) return await noteCustomerCart(c.env.DB, customerId, own, new Date());
    const noted = await c.env.DB.prepare('SELECT cart_id FROM customer_carts WHERE customer_id = ?')
      .bind(customerId)
      .first<{ cart_id: string }>();
    if (!noted || noted.cart_id === own || !CART_ID_PATTERN.test(noted.cart_id)) return;
    if ((await unitsIn(c, noted.cart_id)) > 0)
      setCookie(c, CART_COOKIE, noted.cart_id, preferenceCookie(CART_COOKIE_MAX_AGE_S));
  } catch (error) {
    console.error("following the customer's cart failed", error);
  }
}
