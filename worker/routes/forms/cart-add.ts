/**
 * `POST /api/cart/add`: the add-to-cart form of product pages and list cards, without JavaScript
 * (issue 5; issue 6 adds the island). Fields: `productId`, `skuId` (needed when the product has more
 * than one sku, spec §5 'Du måste välja storlek först'), `quantity` (whole number, 1 by default) and
 * `redirect` (the page to go back to). The cart is the one in `ralph-cart`; a visitor without one gets a
 * new cart and the cookie (365 days). The answer is a 303 back with a one-time message: the 'added'
 * notice of spec §3 (item, campaign, price) or what went wrong, the API's stock messages of spec §5 as
 * they are. Bad input changes nothing.
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { AppEnv } from '../../app-env';
import { CART_ID_PATTERN, MAX_QUANTITY_PER_LINE } from '../../../core/cart/limits';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, preferenceCookie } from '../../session/cookies';
import { pricesIncludeVat } from '../../render/shop-scope';
import { isFlashKey, redirectWithFlash, type Flash, type FlashKey } from '../../session/flash';
import { findFormProduct, formFields, IdField, languageIdOfPath, redirectOf } from './input';
import { apiErrorOf, isStaleCart, shopperMessageOf } from '../../../core/api-errors';
import { cartChangeRoutes } from './cart-change';
import { cartShareRoutes } from '../api/cart-share';
import { FORM_ACTIONS, SHARE_CART_PATH } from '../../../core/form-actions';
import { graphql, type ResultOf } from '../../../core/graphql/tada';
import { listItems } from '../../../core/graphql/list-items';
import { NEW_CART } from '../../session/api-cart-copy';

const QuantityField = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,4}$/),
  v.transform(Number),
  v.minValue(1),
  v.maxValue(MAX_QUANTITY_PER_LINE),
);

const AddToCartForm = v.object({
  productId: v.message(IdField, 'forms.invalidProduct' satisfies FlashKey),
  skuId: v.message(v.optional(IdField), 'forms.cart.sizeRequired' satisfies FlashKey),
  quantity: v.message(v.optional(QuantityField, '1'), 'forms.cart.invalidQuantity' satisfies FlashKey),
});

/** addToCart's answer; the cart it names is the one the shopper keeps. */
type AddedCart = NonNullable<ResultOf<typeof ADD_TO_CART>['addToCart']> & { id: string };

async function newCartId(c: Context<AppEnv>): Promise<string> {
  const data = await c.get('graphql').query(NEW_CART);
  if (!data.getCart?.id) throw new Error('getCart returned no cart');
  return data.getCart.id;
}

async function addToCart(c: Context<AppEnv>, cartId: string, skuId: number, quantity: number, languageId: string) {
  const data = await c.get('graphql').mutate(ADD_TO_CART, {
    id: cartId,
    item: { skuId, quantity },
    languageId,
  });
  const cart = data.addToCart;
  if (!cart?.id) throw new Error('addToCart returned no cart');
  return { ...cart, id: cart.id };
}

/** Spec §3 'added': the item, its unit price as the customer type sees prices, and its campaign. */
function addedFlash(c: Context<AppEnv>, cart: AddedCart, skuId: number, quantity: number, fallbackName: string): Flash {
  const item = listItems(cart.items).find((line) => line.skuId === skuId);
  const price = pricesIncludeVat(c)
    ? item?.unitPrice?.sellingPriceIncVatFormatted
    : item?.unitPrice?.sellingPriceExVatFormatted;
  const campaign = (item?.campaign?.appliedCampaigns ?? [])
    .filter((applied) => applied?.name && !applied.hideTitle)
    .map((applied) => applied!.name)
    .join(', ');
  return {
    kind: 'success',
    key: 'forms.cart.added',
    params: { name: item?.product?.name ?? fallbackName, quantity, price: price ?? '', ...(campaign && { campaign }) },
  };
}

function errorFlash(key: FlashKey, params: Record<string, string | number> = {}): Flash {
  return { kind: 'error', key, params };
}

export function cartFormRoutes() {
  const cartForms = new Hono<AppEnv>();

  cartForms.post(FORM_ACTIONS.addToCart, csrf(), async function addToCartForm(c) {
    const fields = await formFields(c);
    const redirect = redirectOf(fields);
    const parsed = v.safeParse(AddToCartForm, fields);
    if (!parsed.success) {
      // Each field names its message; a field that is missing altogether is a form without a product.
      const message = parsed.issues[0].message;
      const key = isFlashKey(message) ? message : 'forms.invalidProduct';
      return redirectWithFlash(
        c,
        redirect,
        errorFlash(key, key === 'forms.cart.invalidQuantity' ? { max: MAX_QUANTITY_PER_LINE } : {}),
      );
    }
    const { productId, quantity } = parsed.output;
    const languageId = languageIdOfPath(c, redirect);
    const cookie = getCookie(c, CART_COOKIE);
    let cartId = cookie && CART_ID_PATTERN.test(cookie) ? cookie : undefined;
    try {
      const product = await findFormProduct(c, productId, languageId);
      const skuIds = (product?.skus ?? []).flatMap((sku) => (sku ? [sku.skuId] : []));
      if (!product || skuIds.length === 0) return redirectWithFlash(c, redirect, errorFlash('forms.invalidProduct'));
      // Spec §5: with more than one sku (sizes) the shopper picks one; a sku of another product is no pick.
      const skuId = parsed.output.skuId ?? (skuIds.length === 1 ? skuIds[0] : undefined);
      if (skuId === undefined || !skuIds.includes(skuId))
        return redirectWithFlash(c, redirect, errorFlash('forms.cart.sizeRequired'));

      cartId ??= await newCartId(c);
      let cart: AddedCart;
      try {
        cart = await addToCart(c, cartId, skuId, quantity, languageId);
      } catch (error) {
        if (!isStaleCart(apiErrorOf(error)?.messageKey)) throw error;
        cartId = await newCartId(c);
        cart = await addToCart(c, cartId, skuId, quantity, languageId);
      }
      rememberCart(c, cookie, cart.id);
      return redirectWithFlash(c, redirect, addedFlash(c, cart, skuId, quantity, product.name ?? ''));
    } catch (error) {
      const message = shopperMessageOf(error);
      if (message) {
        // The API's own words (spec §5 stock and quantity messages), already in the page's language.
        if (cartId) rememberCart(c, cookie, cartId);
        return redirectWithFlash(c, redirect, errorFlash('forms.cart.apiMessage', { message }));
      }
      console.error('add to cart failed', error);
      return redirectWithFlash(c, redirect, errorFlash('forms.cart.failed'));
    }
  });

  cartForms.route('/', cartChangeRoutes());
  cartForms.route(SHARE_CART_PATH, cartShareRoutes());
  return cartForms;
}

/** Stores the visitor's cart id when it is new to them (spec §9: 365 days). */
function rememberCart(c: Context<AppEnv>, cookie: string | undefined, cartId: string): void {
  if (cookie !== cartId) setCookie(c, CART_COOKIE, cartId, preferenceCookie(CART_COOKIE_MAX_AGE_S));
}

const ADD_TO_CART = graphql(/* GraphQL */ `
  mutation formAddToCart(
    $id: String!
    $item: CartItemInputType!
    $channelId: String
    $languageId: String
    $marketId: String
  ) {
    addToCart(id: $id, item: $item, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      id
      items {
        skuId
        quantity
        product {
          name
        }
        unitPrice {
          sellingPriceIncVatFormatted
          sellingPriceExVatFormatted
        }
        campaign {
          appliedCampaigns {
            name
            hideTitle
          }
        }
      }
    }
  }
`);
