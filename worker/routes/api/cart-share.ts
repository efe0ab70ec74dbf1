/**
 * The shared cart link (issue 6 "Cart", issue 12): `GET /api/cart/share/{token}` gives the visitor a COPY
 * of the items (and promo code) a signed snapshot names (worker/commerce/cart/share.ts): they are added
 * to the visitor's own open cart at the API (a new one, cookie `ralph-cart` for 365 days, when they have
 * none), the promo code when theirs has none and the API takes it in their market. The link never holds
 * the sharer's cart id, the cart's only credential, so whoever gets it can read no checkout details
 * (email, personnummer, addresses), touch no cart and read no order. A token that is not ours, altered or
 * expired changes nothing and says so. Lines the API refuses for the visitor's cart (stock, the line limit
 * of spec §5, a product not sold in the market) are named in the notice, by the API's product names in
 * the visitor's language; the rest are added. The visitor lands on the checkout page, which shows their
 * cart.
 *
 * `GET /api/cart/share` answers the visitor's own cart's link as JSON (`{ url }`), for the cart panel,
 * which cannot sign one itself; the checkout page renders the same link on the server.
 *
 * Issue 26, one data path: the cart is read and written through the GraphQL client (session/api-cart-copy.ts,
 * the same copy as "buy again"), so links work in front of a remote API as with the built-in one.
 */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { isLocale } from '../../../locales';
import { CART_ID_PATTERN } from '../../../core/cart/limits';
import { apiErrorOf, isStaleCart, shopperMessageOf } from '../../../core/api-errors';
import { graphql } from '../../../core/graphql/tada';
import type { AppEnv } from '../../app-env';
import { copyIntoOpenCart, notAddedNames, type CopiedLine } from '../../session/api-cart-copy';
import { cartFingerprint, cartShareKey, readCartShare } from '../../commerce/cart/share';
import { shareLinkOf } from '../../urls/share-links';
import { CART_COOKIE, LOCALE_COOKIE } from '../../session/cookies';
import { redirectWithFlash, type Flash } from '../../session/flash';
import { hrefFor } from '../../urls/links';
import { languageIdOfPath } from '../forms/input';
import { SET_PROMO_CODE } from '../forms/cart-change';

const SHARED_CART = graphql(/* GraphQL */ `
  query storefrontSharedCart($id: String, $channelId: String, $languageId: String, $marketId: String) {
    getCart(id: $id, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      id
      isCompleted
      promoCode
      items {
        skuId
        quantity
        product {
          productId
        }
      }
    }
  }
`);

const PRODUCT_NAMES = graphql(/* GraphQL */ `
  query storefrontSharedNames(
    $filter: FilterInputType
    $take: Int
    $channelId: String
    $languageId: String
    $marketId: String
  ) {
    products(filter: $filter, take: $take, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      products {
        productId
        name
      }
    }
  }
`);

/** The notice for a copy: every line added, some (naming the others), or none. */
function copyFlash(copy: { added: readonly CopiedLine[]; notAdded: readonly CopiedLine[] }): Flash {
  if (copy.notAdded.length === 0) return { kind: 'success', key: 'forms.cart.shareCopied', params: {} };
  const names = notAddedNames(copy);
  if (copy.added.length === 0) return { kind: 'error', key: 'forms.cart.shareNotCopied', params: { names } };
  return { kind: 'success', key: 'forms.cart.sharePartial', params: { names } };
}

/** The cart the cookie names while the API keeps it open, or null. */
async function openCartOf(c: Context<AppEnv>, cartId: string) {
  try {
    const cart = (await c.get('graphql').query(SHARED_CART, { id: cartId })).getCart;
    return cart && cart.id === cartId && !cart.isCompleted ? { ...cart, id: cartId } : null;
  } catch (error) {
    if (isStaleCart(apiErrorOf(error)?.messageKey)) return null;
    throw error;
  }
}

/** The API's names of `productIds` in `languageId` (a product it no longer shows has none). */
async function productNames(
  c: Context<AppEnv>,
  productIds: readonly number[],
  { marketId, languageId }: { marketId: string; languageId: string },
): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  try {
    const data = await c
      .get('graphql')
      .query(PRODUCT_NAMES, { filter: { productIds: [...productIds] }, take: productIds.length, marketId, languageId });
    return new Map(
      (data.products?.products ?? []).flatMap((product) =>
        product?.productId && product.name ? [[product.productId, product.name] as const] : [],
      ),
    );
  } catch (error) {
    // The notice names the lines by number instead.
    console.error('names of the shared lines failed', error);
    return new Map();
  }
}

/** The shared cart link, mounted at `/api/cart/share`. */
export function cartShareRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get('/', async function ownShareLink(c) {
    c.header('Cache-Control', 'private, no-store');
    const cookie = getCookie(c, CART_COOKIE);
    const cart = cookie && CART_ID_PATTERN.test(cookie) ? await openCartOf(c, cookie) : null;
    const url = cart
      ? await shareLinkOf(c, {
          id: cart.id,
          items: (cart.items ?? []).flatMap((item) =>
            item ? [{ skuId: item.skuId, quantity: item.quantity, productId: item.product?.productId }] : [],
          ),
          promoCode: cart.promoCode ?? null,
        })
      : null;
    return c.json({ url }, url ? 200 : 404);
  });

  routes.get('/:token', async function openSharedCart(c) {
    const cookieLocale = getCookie(c, LOCALE_COOKIE);
    const checkout = hrefFor(c, 'checkout', isLocale(cookieLocale) ? cookieLocale : c.get('locale'));
    c.header('Cache-Control', 'no-store');
    const secret = c.get('config').authSecret;
    const shared = secret ? await readCartShare(await cartShareKey(secret), c.req.param('token'), new Date()) : null;
    if (!shared) return redirectWithFlash(c, checkout, { kind: 'error', key: 'forms.cart.shareInvalid', params: {} });
    const cookie = getCookie(c, CART_COOKIE);
    const cookieId = cookie && CART_ID_PATTERN.test(cookie) ? cookie : undefined;
    // The sharer opening their own link: the cart already holds the items.
    if (cookieId && (await cartFingerprint(cookieId)) === shared.source) return c.redirect(checkout, 303);

    // The visitor's cart is the one the checkout shows: in the checkout market (spec §2).
    const where = { marketId: c.get('checkoutMarket').id, languageId: languageIdOfPath(c, checkout) };
    const lines = shared.items.map((item) => ({ skuId: item.skuId, quantity: item.quantity, name: '' }));
    const copy = await copyIntoOpenCart(c, lines, where);
    if (shared.promoCode && copy.added.length > 0 && copy.cartId) {
      const target = await openCartOf(c, copy.cartId);
      if (target && !target.promoCode) {
        await c
          .get('graphql')
          .mutate(SET_PROMO_CODE, { id: target.id, promoCode: shared.promoCode, ...where })
          .catch((error: unknown) => {
            // A code the API does not take in the visitor's market (expired, another market's) stays out.
            if (!shopperMessageOf(error)) throw error;
          });
      }
    }
    const productOf = new Map(shared.items.map((item) => [item.skuId, item.productId]));
    const wanted = copy.notAdded.flatMap((line) => productOf.get(line.skuId) ?? []);
    const names = await productNames(c, [...new Set(wanted)], where);
    const named = (line: CopiedLine) => ({
      ...line,
      name: names.get(productOf.get(line.skuId) ?? 0) ?? String(line.skuId),
    });
    return redirectWithFlash(c, checkout, copyFlash({ added: copy.added, notAdded: copy.notAdded.map(named) }));
  });

  return routes;
}
