/**
 * `POST /api/checkout`: the checkout form without JavaScript (issue 6 "every step also works by plain
 * form POST"). The submit button names the step:
 * - `intent=save` keeps the details and choices on the cart (createOrUpdateCheckout) and comes back to the
 *   checkout at its shipping options for the zip; a changed customer type also switches `ralph-user-type`,
 *   so prices show including or excluding VAT (spec §4).
 * - `intent=place` runs 'Slutför köp' (core/checkout/place.ts, the island's steps):
 *   the §5 messages per field, validateOrderCreation, the credit status of §4, placeOrder (idempotent on
 *   the cart), then a 303 to placeOrder's redirectUrl (the payment step or the confirmation). A payment
 *   option the API pays in an external checkout (issue 26) places nothing: the checkout shows the provider's.
 * Whatever stops the order comes back to the checkout with the field errors or a notice
 * (worker/session/checkout-state.ts); the cart is left as it was.
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../app-env';
import { createTranslator, LOCALE_ISO } from '../../../locales';
import { CART_ID_PATTERN } from '../../../core/cart/limits';
import { CART_COOKIE, USER_TYPE_COOKIE, USER_TYPE_COOKIE_MAX_AGE_S, preferenceCookie } from '../../session/cookies';
import { checkoutConfirmUrl, hrefFor } from '../../urls/links';
import { setCheckoutState } from '../../session/checkout-state';
import { checkoutValuesOf, type CheckoutFormValues, type CheckoutMarket } from '../../../core/checkout/form';
import { checkoutInputOf, type CheckoutApiInput } from '../../../core/checkout/input';
import { PLACE_ORDER, SAVE_CHECKOUT, VALIDATE_ORDER } from '../../../core/graphql/checkout';
import { EXTERNAL_SECTION_ID, SHIPPING_SECTION_ID } from '../../../client/views/components/checkout/CheckoutOptions';
import {
  CheckoutStepError,
  placeCheckout,
  type CheckoutNotice,
  type CheckoutSteps,
} from '../../../core/checkout/place';
import { formFields, redirectOf } from './input';
import { localeOfPath } from '../../urls/request';
import { FORM_ACTIONS } from '../../../core/form-actions';

/** The checkout's market: its country is the only one an address may be in (spec §5). */
function checkoutMarketOf(c: Context<AppEnv>): CheckoutMarket & { id: string } {
  const market = c.get('checkoutMarket');
  return { id: market.id, countryCode: market.countryCode, countryNames: Object.values(market.countryNames) };
}

/** The API's steps through the storefront's GraphQL client, in the checkout market and the page's language. */
function serverSteps(
  c: Context<AppEnv>,
  cartId: string,
  scope: { marketId: string; languageId: string },
  confirmUrl: string,
): CheckoutSteps {
  const graphql = c.get('graphql');
  return {
    async save(checkout) {
      const data = await graphql.mutate(SAVE_CHECKOUT, {
        cartId,
        checkout,
        ...scope,
      });
      if (!data.createOrUpdateCheckout) throw new CheckoutStepError(null, null);
      return data.createOrUpdateCheckout;
    },
    async validate(checkout) {
      const data = await graphql.query(VALIDATE_ORDER, {
        cartId,
        checkout,
        ...scope,
      });
      if (!data.validateOrderCreation) throw new CheckoutStepError(null, null);
      return data.validateOrderCreation;
    },
    async place(checkout) {
      const data = await graphql.mutate(PLACE_ORDER, {
        cartId,
        checkout: { ...checkout, checkoutUrls: { redirectUrl: confirmUrl } },
        ...scope,
      });
      if (!data.placeOrder) throw new CheckoutStepError(null, null);
      return data.placeOrder;
    },
  };
}

/** Keeps a changed customer type (spec §4: VAT display follows it), as the header's switch does. */
function rememberCustomerType(c: Context<AppEnv>, values: CheckoutFormValues): void {
  setCookie(c, USER_TYPE_COOKIE, values.customerType, preferenceCookie(USER_TYPE_COOKIE_MAX_AGE_S));
}

function back(c: Context<AppEnv>, checkoutPath: string, hash = ''): Response {
  c.header('Cache-Control', 'no-store');
  return c.redirect(checkoutPath + hash, 303);
}

async function saveDetails(
  c: Context<AppEnv>,
  steps: CheckoutSteps,
  input: CheckoutApiInput,
): Promise<CheckoutNotice | null> {
  try {
    await steps.save(input);
    return null;
  } catch (error) {
    console.error('checkout save failed', error);
    return { key: 'checkout.failed' };
  }
}

/**
 * The checkout's plain form, mounted at `/api/checkout` (see above): save the details, or place the
 * order through the same steps as the island; answers with a 303 back to the checkout or onwards.
 */
export function checkoutFormRoutes() {
  const routes = new Hono<AppEnv>();

  routes.post(FORM_ACTIONS.checkout, csrf(), async function checkoutForm(c) {
    const fields = await formFields(c);
    const locale = localeOfPath(new URL(redirectOf(fields), 'http://localhost').pathname, c.get('config').marketInPath);
    const checkoutPath = hrefFor(c, 'checkout', locale);
    const cookie = getCookie(c, CART_COOKIE);
    const cartId = cookie && CART_ID_PATTERN.test(cookie) ? cookie : null;
    // No cart: the checkout page shows the empty state with a way back to the shop.
    if (!cartId) return back(c, checkoutPath);

    const market = checkoutMarketOf(c);
    const values = checkoutValuesOf(fields, c.get('customerType'));
    values.country = market.countryCode;
    const switchedType = values.customerType !== c.get('customerType');
    if (switchedType) rememberCustomerType(c, values);
    const confirmUrl = checkoutConfirmUrl(c, locale);
    const steps = serverSteps(c, cartId, { marketId: market.id, languageId: LOCALE_ISO[locale] }, confirmUrl);
    const kept = {
      message: values.message || undefined,
      customerOrderNumber: values.customerOrderNumber || undefined,
      vatNumber: values.vatNumber || undefined,
      terms: values.terms === 'on',
    };

    if (fields.intent !== 'place') {
      const notice = await saveDetails(c, steps, checkoutInputOf(values, market.countryCode));
      const t = createTranslator(locale);
      setCheckoutState(c, { ...kept, errors: {}, notice: notice && 'key' in notice ? t(notice.key) : undefined });
      // Back at the carriers for the zip; after a customer-type switch, where the shopper was (the top).
      return back(c, checkoutPath, switchedType ? '' : `#${SHIPPING_SECTION_ID}`);
    }

    const outcome = await placeCheckout(steps, values, market);
    if (outcome.kind === 'external') {
      // The chosen payment is the provider's checkout (issue 26): the page shows it where 'Slutför köp' was.
      setCheckoutState(c, { ...kept, errors: {} });
      return back(c, checkoutPath, `#${EXTERNAL_SECTION_ID}`);
    }
    if (outcome.kind === 'placed') {
      c.header('Cache-Control', 'no-store');
      return c.redirect(outcome.redirectUrl, 303);
    }
    const t = createTranslator(locale);
    if (outcome.kind === 'invalid') {
      setCheckoutState(c, { ...kept, errors: outcome.errors });
    } else {
      setCheckoutState(c, {
        ...kept,
        errors: {},
        notice: 'key' in outcome.notice ? t(outcome.notice.key) : outcome.notice.text,
      });
    }
    return back(c, checkoutPath);
  });

  return routes;
}
