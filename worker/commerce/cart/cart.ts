/**
 * Carts in D1 (spec §3 Cart, §4 Cart states). A cart id is a random, unguessable token: whoever holds it
 * (the `ralph-cart` cookie) holds the cart; a shared cart link only copies its items into the visitor's
 * own cart (worker/routes/api/cart-share.ts). Every change to an open cart bumps its
 * `revision`, so an order is only ever created from the exact cart that was priced (orders.ts).
 */
import { CART_ID_PATTERN, MAX_QUANTITY_PER_LINE } from '../../../core/cart/limits';
import { announcing } from '../../db/announcements';

export interface CartRecord {
  id: string;
  channelId: string;
  marketId: string;
  customerId: number | null;
  promoCode: string | null;
  completedAt: string | null;
  revision: number;
  shippingMethodId: number | null;
  paymentMethodId: number | null;
  externalShippingFeeIncVat: number | null;
  /** The account balance the checkout last showed as paying (minor units), or null. */
  balanceShown: number | null;
  /** JSON of the checkout details the shopper entered (checkout.ts). */
  checkout: string | null;
  /**
   * The confirmation page of the storefront that sent this cart to our checkout (payments/hosted-checkout.ts),
   * with `{payment.uid}` and `{geins.cartid}` to fill in; null for our own.
   */
  storefrontConfirmUrl: string | null;
  items: { skuId: number; quantity: number }[];
  giftCardCodes: string[];
}

interface CartRow {
  id: string;
  channel_id: string;
  market_id: string;
  customer_id: number | null;
  promo_code: string | null;
  completed_at: string | null;
  revision: number;
  shipping_method_id: number | null;
  payment_method_id: number | null;
  external_shipping_fee_inc_vat: number | null;
  balance_shown?: number | null;
  checkout: string | null;
  storefront_confirm_url?: string | null;
}

function newCartId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** The cart `id` if it exists (and is open, unless `includeCompleted`), else null. */
export async function findCart(db: D1Database, id: string, includeCompleted = false): Promise<CartRecord | null> {
  if (!CART_ID_PATTERN.test(id)) return null;
  const [cartRows, itemRows, giftCardRows] = await db.batch([
    db.prepare('SELECT * FROM carts WHERE id = ?').bind(id),
    db.prepare('SELECT sku_id, quantity FROM cart_items WHERE cart_id = ? ORDER BY added_at, sku_id').bind(id),
    db.prepare('SELECT code FROM cart_gift_cards WHERE cart_id = ? ORDER BY rowid').bind(id),
  ]);
  const row = cartRows?.results[0] as CartRow | undefined;
  if (!row || (row.completed_at && !includeCompleted)) return null;
  return {
    id: row.id,
    channelId: row.channel_id,
    marketId: row.market_id,
    customerId: row.customer_id,
    promoCode: row.promo_code,
    completedAt: row.completed_at,
    revision: row.revision,
    shippingMethodId: row.shipping_method_id,
    paymentMethodId: row.payment_method_id,
    externalShippingFeeIncVat: row.external_shipping_fee_inc_vat,
    balanceShown: row.balance_shown ?? null,
    checkout: row.checkout,
    storefrontConfirmUrl: row.storefront_confirm_url ?? null,
    items: ((itemRows?.results ?? []) as { sku_id: number; quantity: number }[]).map((item) => ({
      skuId: item.sku_id,
      quantity: item.quantity,
    })),
    giftCardCodes: ((giftCardRows?.results ?? []) as { code: string }[]).map((card) => card.code),
  };
}

/** A new, empty cart in `marketId`. */
export async function createCart(
  db: D1Database,
  { channelId, marketId, now, id = newCartId() }: { channelId: string; marketId: string; now: Date; id?: string },
): Promise<CartRecord> {
  const at = now.toISOString();
  // A minted id (./cart-ids.ts) may be created by two first mutations at once: the second finds the first's row.
  await db
    .prepare(
      'INSERT INTO carts (id, channel_id, market_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    )
    .bind(id, channelId, marketId, at, at)
    .run();
  return emptyCart(id, channelId, marketId);
}

/** An open, empty cart as a record: a new row's, or an unsaved cart under a minted id (./cart-ids.ts). */
export function emptyCart(id: string, channelId: string, marketId: string): CartRecord {
  return {
    id,
    channelId,
    marketId,
    customerId: null,
    promoCode: null,
    completedAt: null,
    revision: 0,
    shippingMethodId: null,
    paymentMethodId: null,
    externalShippingFeeIncVat: null,
    balanceShown: null,
    checkout: null,
    storefrontConfirmUrl: null,
    items: [],
    giftCardCodes: [],
  };
}

/**
 * Remembers (or, with null, forgets) the confirmation page of the storefront that sent an open cart to
 * our checkout (payments/hosted-checkout.ts).
 */
export async function setStorefrontConfirmUrl(
  db: D1Database,
  id: string,
  url: string | null,
  now: Date,
): Promise<void> {
  await db.batch([touchCart(db, id, now, 'storefront_confirm_url = ?', [url])]);
}

/**
 * The statement that marks an open cart changed; part of every batch that changes a cart. It announces the
 * change to the cart's live room (db/announcements.ts): run it in a batch (`db.batch`), never alone with
 * `.run()`, or the cart's other browsers are not told.
 */
export function touchCart(
  db: D1Database,
  id: string,
  now: Date,
  set = '',
  params: unknown[] = [],
): D1PreparedStatement {
  const statement = db
    .prepare(
      `UPDATE carts SET ${set ? `${set}, ` : ''}revision = revision + 1, updated_at = ? WHERE id = ? AND completed_at IS NULL`,
    )
    .bind(...params, now.toISOString(), id);
  return announcing(statement, { kind: 'cart', cartId: id });
}

/** Sets the quantity of `skuId` in an open cart; 0 removes the line. */
export async function setItemQuantity(
  db: D1Database,
  cartId: string,
  skuId: number,
  quantity: number,
  now: Date,
): Promise<void> {
  const change =
    quantity === 0
      ? db
          .prepare(
            'DELETE FROM cart_items WHERE cart_id = ? AND sku_id = ? AND EXISTS (SELECT 1 FROM carts WHERE id = ? AND completed_at IS NULL)',
          )
          .bind(cartId, skuId, cartId)
      : db
          .prepare(
            `INSERT INTO cart_items (cart_id, sku_id, quantity, added_at)
             SELECT id, ?, ?, ? FROM carts WHERE id = ? AND completed_at IS NULL
             ON CONFLICT (cart_id, sku_id) DO UPDATE SET quantity = excluded.quantity`,
          )
          .bind(skuId, quantity, now.toISOString(), cartId);
  await db.batch([change, touchCart(db, cartId, now)]);
}

/** Removes every item, the promo code and gift cards of an open cart. */
export async function clearCart(db: D1Database, id: string, now: Date): Promise<void> {
  await db.batch([
    db
      .prepare(
        'DELETE FROM cart_items WHERE cart_id = ? AND EXISTS (SELECT 1 FROM carts WHERE id = ? AND completed_at IS NULL)',
      )
      .bind(id, id),
    db
      .prepare(
        'DELETE FROM cart_gift_cards WHERE cart_id = ? AND EXISTS (SELECT 1 FROM carts WHERE id = ? AND completed_at IS NULL)',
      )
      .bind(id, id),
    touchCart(db, id, now, 'promo_code = NULL'),
  ]);
}

/** Puts the promo code `code` on an open cart, or removes it (null). */
export async function setPromoCode(db: D1Database, id: string, code: string | null, now: Date): Promise<void> {
  await db.batch([touchCart(db, id, now, 'promo_code = ?', [code])]);
}

/** Takes every gift card off an open cart. */
export async function removeGiftCards(db: D1Database, id: string, now: Date): Promise<void> {
  await db.batch([
    db
      .prepare(
        'DELETE FROM cart_gift_cards WHERE cart_id = ? AND EXISTS (SELECT 1 FROM carts WHERE id = ? AND completed_at IS NULL)',
      )
      .bind(id, id),
    touchCart(db, id, now),
  ]);
}

/** Takes the gift card `code` off an open cart (the others stay). */
export async function removeGiftCard(db: D1Database, id: string, code: string, now: Date): Promise<void> {
  await db.batch([
    db
      .prepare(
        `DELETE FROM cart_gift_cards WHERE cart_id = ? AND code = ? COLLATE NOCASE
         AND EXISTS (SELECT 1 FROM carts WHERE id = ? AND completed_at IS NULL)`,
      )
      .bind(id, code, id),
    touchCart(db, id, now),
  ]);
}

/** Adds the gift card `code` to an open cart (once). */
export async function addGiftCard(db: D1Database, id: string, code: string, now: Date): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO cart_gift_cards (cart_id, code) SELECT id, ? FROM carts WHERE id = ? AND completed_at IS NULL
         ON CONFLICT DO NOTHING`,
      )
      .bind(code, id),
    touchCart(db, id, now),
  ]);
}

/**
 * Moves an open cart to another market (spec §4: changing the checkout market reloads the cart in it)
 * and ties it to the logged-in customer; prices follow the market from then on.
 */
export async function assignCart(
  db: D1Database,
  cart: CartRecord,
  { marketId, customerId, now }: { marketId: string; customerId: number | null; now: Date },
): Promise<CartRecord> {
  const nextCustomer = customerId ?? cart.customerId;
  if (cart.completedAt || (cart.marketId === marketId && cart.customerId === nextCustomer)) return cart;
  const marketChanged = cart.marketId !== marketId;
  await db.batch([
    touchCart(
      db,
      cart.id,
      now,
      // A shipping method belongs to one market: a moved cart starts from the new market's default.
      marketChanged
        ? 'market_id = ?, customer_id = ?, shipping_method_id = NULL, payment_method_id = NULL'
        : 'market_id = ?, customer_id = ?',
      [marketId, nextCustomer],
    ),
  ]);
  return {
    ...cart,
    marketId,
    customerId: nextCustomer,
    revision: cart.revision + 1,
    ...(marketChanged ? { shippingMethodId: null, paymentMethodId: null } : {}),
  };
}

/** Marks an open cart completed (read-only from then on). */
export async function completeCart(db: D1Database, id: string, now: Date): Promise<void> {
  const statement = db
    .prepare('UPDATE carts SET completed_at = ?, updated_at = ? WHERE id = ? AND completed_at IS NULL')
    .bind(now.toISOString(), now.toISOString(), id);
  await db.batch([announcing(statement, { kind: 'cart', cartId: id })]);
}

export interface SkuAvailability {
  skuId: number;
  productId: number;
  /** Units that can be sold now; null when unlimited (oversellable or static stock). */
  available: number | null;
  sellable: boolean;
}

interface AvailabilityRow {
  id: number;
  product_id: number;
  stock: number;
  oversellable: number;
  static_stock: number | null;
  is_active: number;
  priced: number;
}

/** The columns of an AvailabilityRow for sku `s` of product `p`; binds the market id. */
const AVAILABILITY_COLUMNS = `s.id, s.product_id, s.stock, s.oversellable, s.static_stock, p.is_active,
  EXISTS (SELECT 1 FROM prices pr WHERE pr.product_id = s.product_id AND pr.market_id = ?) AS priced`;

function availabilityOf(row: AvailabilityRow): SkuAvailability {
  return {
    skuId: row.id,
    productId: row.product_id,
    available: row.oversellable === 1 || row.static_stock !== null ? null : row.stock,
    sellable: row.is_active === 1 && row.priced === 1,
  };
}

/** Whether `skuId` can be bought in `marketId` and how many units (spec §4 stock states). */
export async function skuAvailability(
  db: D1Database,
  skuId: number,
  marketId: string,
): Promise<SkuAvailability | null> {
  const row = await db
    .prepare(`SELECT ${AVAILABILITY_COLUMNS} FROM skus s JOIN products p ON p.id = s.product_id WHERE s.id = ?`)
    .bind(marketId, skuId)
    .first<AvailabilityRow>();
  return row ? availabilityOf(row) : null;
}

/**
 * Why a cart line cannot hold `wanted` units of a sellable sku (spec §5): more than a line holds
 * ('limit'), or more than in stock unless made to order or static ('stock'); null when it can.
 */
export function quantityProblem(availability: SkuAvailability, wanted: number): 'limit' | 'stock' | null {
  if (wanted > MAX_QUANTITY_PER_LINE) return 'limit';
  if (availability.available !== null && wanted > availability.available) return 'stock';
  return null;
}

/** What copying lines into a cart did: the skus added and the lines left out, by product name. */
export interface CartCopy {
  added: number[];
  notAdded: { skuId: number; name: string }[];
}

/**
 * Adds the lines `from` (a shared link's snapshot) to the open cart `to` (quantities add up to what `to`
 * holds), and `promoCode` when `to` has none: the shared cart link (worker/routes/api/cart-share.ts). Each line follows addToCart's
 * rules (spec §5): sellable in `marketId`, within its stock and MAX_QUANTITY_PER_LINE; a line that does
 * not fit is left out and named (in `languageId`). One read for every line's stock and name, then one
 * D1 batch of writes. A snapshot holds nothing but lines and a code: no checkout details, no gift cards.
 */
export async function copyCartItems(
  db: D1Database,
  {
    from,
    to,
    marketId,
    languageId,
    promoCode,
    now,
  }: {
    from: { items: readonly { skuId: number; quantity: number }[] };
    to: CartRecord;
    marketId: string;
    languageId: string;
    promoCode: string | null;
    now: Date;
  },
): Promise<CartCopy> {
  const { results } = await db
    .prepare(
      `SELECT ${AVAILABILITY_COLUMNS}, COALESCE(t.name, tsv.name, p.article_number) AS name
       FROM skus s JOIN products p ON p.id = s.product_id
       LEFT JOIN product_texts t ON t.product_id = p.id AND t.language_id = ?
       LEFT JOIN product_texts tsv ON tsv.product_id = p.id AND tsv.language_id = 'sv-SE'
       WHERE s.id IN (SELECT value FROM json_each(?))`,
    )
    .bind(marketId, languageId, JSON.stringify(from.items.map((item) => item.skuId)))
    .all<AvailabilityRow & { name: string }>();
  const skus = new Map(results.map((row) => [row.id, row]));
  const copy: CartCopy = { added: [], notAdded: [] };
  const writes: D1PreparedStatement[] = [];
  for (const [index, line] of from.items.entries()) {
    const row = skus.get(line.skuId);
    const wanted = (to.items.find((item) => item.skuId === line.skuId)?.quantity ?? 0) + line.quantity;
    if (!row || !availabilityOf(row).sellable || quantityProblem(availabilityOf(row), wanted)) {
      copy.notAdded.push({ skuId: line.skuId, name: row?.name ?? String(line.skuId) });
      continue;
    }
    copy.added.push(line.skuId);
    writes.push(
      db
        .prepare(
          `INSERT INTO cart_items (cart_id, sku_id, quantity, added_at)
           SELECT id, ?, ?, ? FROM carts WHERE id = ? AND completed_at IS NULL
           ON CONFLICT (cart_id, sku_id) DO UPDATE SET quantity = excluded.quantity`,
        )
        // A millisecond apart: the new lines keep the shared cart's order.
        .bind(line.skuId, wanted, new Date(now.getTime() + index).toISOString(), to.id),
    );
  }
  if (writes.length === 0) return copy;
  writes.push(
    promoCode
      ? touchCart(db, to.id, now, 'promo_code = COALESCE(promo_code, ?)', [promoCode])
      : touchCart(db, to.id, now),
  );
  await db.batch(writes);
  return copy;
}
