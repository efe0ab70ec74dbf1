/**
 * The cart without JavaScript (issue 6), beside `POST /api/cart/add`:
 * - `POST /api/cart/update` (skuId, quantity 0-999; 0 removes) and `POST /api/cart/remove` (skuId);
 * - `POST /api/cart/promo-code` (code; or remove=promo|giftCard with the code the button takes off, `1`
 *   for promo): a promo or gift code entered, then active (spec §4), with the API's §8 errors ('Koden är
 *   ej giltig', 'Du har inte uppfyllt kraven för denna kod') as they are. A promo code and gift cards go
 *   together: removing one names it ('-CODE', removeCodeInput) and leaves the others; without a code it
 *   sends '' (the promo code, or when there is none the gift cards).
 * (The shared cart link, `GET /api/cart/share/{cartId}`, is worker/routes/api/cart-share.ts.)
 * The forms answer with a 303 back to `redirect` and a one-time message. The cart is read in the market of
 * the page the form was on: the checkout market on checkout routes (spec §2), so a change never moves it.
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { shopperMessageOf } from '../../../core/api-errors';
import { isCheckoutRoute, matchRoute, matchRouteIn, type RouteMatch } from '../../../locales/routes';
import type { AppEnv } from '../../app-env';
import { CART_ID_PATTERN, MAX_QUANTITY_PER_LINE } from '../../../core/cart/limits';
import { CART_COOKIE } from '../../session/cookies';
import { redirectWithFlash, type Flash, type FlashKey } from '../../session/flash';
import { splitMarketPath } from '../../urls/market-paths';
import { formFields, IdField, languageIdOfPath, redirectOf } from './input';
import { FORM_ACTIONS } from '../../../core/form-actions';
import { graphql } from '../../../core/graphql/tada';
import { listItems } from '../../../core/graphql/list-items';
import { removeCodeInput } from '../../../core/graphql/cart';

const QuantityField = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,4}$/),
  v.transform(Number),
  v.maxValue(MAX_QUANTITY_PER_LINE),
);

const UpdateForm = v.object({ skuId: IdField, quantity: QuantityField });
const RemoveForm = v.object({ skuId: IdField });
const PromoCodeForm = v.object({
  code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64)), ''),
  remove: v.optional(v.picklist(['1', 'promo', 'giftCard'])),
});

/** The notice after a remove, by what the button said it removes. */
const REMOVED: Record<'1' | 'promo' | 'giftCard', FlashKey> = {
  '1': 'forms.cart.promoRemoved',
  promo: 'forms.cart.promoRemoved',
  giftCard: 'forms.cart.giftCardRemoved',
};

/** The cart market of the page at `path` (spec §2): the checkout market on routes named '*checkout*'. */
function cartMarketIdOfPath(c: Context<AppEnv>, path: string): string {
  const pathname = new URL(path, 'http://localhost').pathname;
  let route: RouteMatch | null;
  if (c.get('config').marketInPath) {
    const split = splitMarketPath(c.get('channel'), pathname);
    route = split ? matchRouteIn(split.locale, split.rest) : null;
  } else {
    route = matchRoute(pathname);
  }
  return isCheckoutRoute(route) ? c.get('checkoutMarket').id : c.get('market').id;
}

function flash(kind: Flash['kind'], key: FlashKey, params: Record<string, string | number> = {}): Flash {
  return { kind, key, params };
}

/** The visitor's cart id from the cookie, or undefined. */
function cartIdOf(c: Context<AppEnv>): string | undefined {
  const cookie = getCookie(c, CART_COOKIE);
  return cookie && CART_ID_PATTERN.test(cookie) ? cookie : undefined;
}

/** Runs a cart mutation for a form; the answer is the flash for the shopper. */
async function changeCart(
  c: Context<AppEnv>,
  redirect: string,
  change: (scope: { id: string; marketId: string; languageId: string }) => Promise<Flash>,
): Promise<Response> {
  const id = cartIdOf(c);
  // No cart: nothing to change, and nothing to tell (the page shows the empty cart).
  if (!id) return c.redirect(redirect, 303);
  try {
    return redirectWithFlash(
      c,
      redirect,
      await change({ id, marketId: cartMarketIdOfPath(c, redirect), languageId: languageIdOfPath(c, redirect) }),
    );
  } catch (error) {
    const message = shopperMessageOf(error);
    if (message) return redirectWithFlash(c, redirect, flash('error', 'forms.cart.apiMessage', { message }));
    console.error('cart form failed', error);
    return redirectWithFlash(c, redirect, flash('error', 'forms.cart.failed'));
  }
}

async function lineName(
  c: Context<AppEnv>,
  scope: { id: string; marketId: string; languageId: string },
  skuId: number,
): Promise<string> {
  const data = await c.get('graphql').query(CART_LINES, scope);
  return listItems(data.getCart?.items).find((item) => item.skuId === skuId)?.product?.name ?? '';
}

async function setQuantity(
  c: Context<AppEnv>,
  scope: { id: string; marketId: string; languageId: string },
  skuId: number,
  quantity: number,
): Promise<Flash> {
  const name = await lineName(c, scope, skuId);
  await c.get('graphql').mutate(UPDATE_ITEM, { ...scope, item: { skuId, quantity } });
  return quantity === 0
    ? flash('success', 'forms.cart.removed', { name })
    : flash('success', 'forms.cart.updated', { name, quantity });
}

/**
 * The no-JS cart change forms, mounted at `/api/cart`: update, remove and promo code (see above). Each
 * answers with a 303 back to the form's page and a one-time message.
 */
export function cartChangeRoutes() {
  const routes = new Hono<AppEnv>();

  routes.post(FORM_ACTIONS.cartUpdate, csrf(), async function updateCartForm(c) {
    const fields = await formFields(c);
    const redirect = redirectOf(fields);
    const parsed = v.safeParse(UpdateForm, fields);
    if (!parsed.success)
      return redirectWithFlash(
        c,
        redirect,
        flash('error', 'forms.cart.invalidQuantity', { max: MAX_QUANTITY_PER_LINE }),
      );
    return changeCart(c, redirect, (scope) => setQuantity(c, scope, parsed.output.skuId, parsed.output.quantity));
  });

  routes.post(FORM_ACTIONS.cartRemove, csrf(), async function removeFromCartForm(c) {
    const fields = await formFields(c);
    const redirect = redirectOf(fields);
    const parsed = v.safeParse(RemoveForm, fields);
    if (!parsed.success) return redirectWithFlash(c, redirect, flash('error', 'forms.cart.failed'));
    return changeCart(c, redirect, (scope) => setQuantity(c, scope, parsed.output.skuId, 0));
  });

  routes.post(FORM_ACTIONS.cartPromoCode, csrf(), async function promoCodeForm(c) {
    const fields = await formFields(c);
    const redirect = redirectOf(fields);
    const parsed = v.safeParse(PromoCodeForm, fields);
    if (!parsed.success)
      return redirectWithFlash(
        c,
        redirect,
        flash('error', 'forms.cart.apiMessage', { message: c.get('t')('api.cart.promoInvalid') }),
      );
    const { code, remove } = parsed.output;
    if (!remove && code === '') return redirectWithFlash(c, redirect, flash('error', 'forms.cart.promoMissing'));
    return changeCart(c, redirect, async (scope) => {
      const data = await c.get('graphql').mutate(SET_PROMO_CODE, {
        ...scope,
        promoCode: remove ? (code === '' ? '' : removeCodeInput(code)) : code,
      });
      if (remove) return flash('success', REMOVED[remove]);
      // The field takes gift codes too: a code that did not become the promo code was a gift card.
      const promoCode = data.setCartPromoCode?.promoCode;
      if (promoCode && promoCode.toUpperCase() === code.toUpperCase())
        return flash('success', 'forms.cart.promoApplied', { code: promoCode });
      return flash('success', 'forms.cart.giftCardApplied', { code: code.toUpperCase() });
    });
  });

  return routes;
}

const CART_LINES = graphql(/* GraphQL */ `
  query formCartLines($id: String, $channelId: String, $languageId: String, $marketId: String) {
    getCart(id: $id, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      id
      promoCode
      items {
        skuId
        quantity
        product {
          name
        }
      }
    }
  }
`);

const UPDATE_ITEM = graphql(/* GraphQL */ `
  mutation formUpdateCartItem(
    $id: String!
    $item: CartItemInputType!
    $channelId: String
    $languageId: String
    $marketId: String
  ) {
    updateCartItem(id: $id, item: $item, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      id
    }
  }
`);

/** The promo code on a cart (the cart forms, and a shared cart's code on the visitor's cart). */
export const SET_PROMO_CODE = graphql(/* GraphQL */ `
  mutation formSetCartPromoCode(
    $id: String!
    $promoCode: String!
    $channelId: String
    $languageId: String
    $marketId: String
  ) {
    setCartPromoCode(
      id: $id
      promoCode: $promoCode
      channelId: $channelId
      languageId: $languageId
      marketId: $marketId
    ) {
      id
      promoCode
    }
  }
`);
