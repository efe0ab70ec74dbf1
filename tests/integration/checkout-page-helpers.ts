// Shared by the checkout-page-*.test.ts files: a shopper with a cart (cookies as the browser keeps them),
// the checkout form as the page posts it, and what the page shows back.
import { env } from '../helpers';
import { addToCart, newCart } from './cart-helpers';
import { CookieJar, getPage, postForm } from './forms-helpers';

/** A valid Swedish personnummer (Luhn) and organisationsnummer. */
export const PERSONNUMMER = '811218-9876';
export const ORGANISATIONSNUMMER = '556036-0793';

/** The payment method ids of migration 0004. */
export const PAYMENT = { CARD: '1', SWISH: '2', INVOICE: '3', INSTALMENT: '4' } as const;

/** A shopper whose cart (in `market`, the checkout market) holds `quantity` of `skuId`. */
export async function shopperWithCart(
  skuId: number,
  quantity = 1,
  market = 'se',
): Promise<{ jar: CookieJar; cartId: string }> {
  const cartId = await newCart(market);
  const { errors } = await addToCart(cartId, skuId, quantity, { marketId: market });
  if (errors) throw new Error(errors[0]!.message);
  const jar = new CookieJar({ 'ralph-cart': cartId, 'ralph-selected-market': market, 'ralph-checkout-market': market });
  return { jar, cartId };
}

/** Everything a Privatperson in Stockholm fills in, paying by invoice. */
export function swedishPerson(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    redirect: '/kassan',
    customerType: 'PERSON',
    email: 'anna.svensson@example.com',
    phone: '0701234567',
    firstName: 'Anna',
    lastName: 'Svensson',
    personalId: PERSONNUMMER,
    addressLine1: 'Storgatan 1',
    zip: '114 55',
    city: 'Stockholm',
    country: 'SE',
    paymentId: PAYMENT.INVOICE,
    terms: 'on',
    intent: 'place',
    ...overrides,
  };
}

/** POSTs the checkout form as the page does. */
export function postCheckout(jar: CookieJar, fields: Record<string, string>): Promise<Response> {
  return postForm('/api/checkout', fields, jar);
}

/** The checkout page as the shopper's browser gets it. */
export function checkoutPage(jar: CookieJar, path = '/kassan'): Promise<string> {
  return getPage(path, jar);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** Each field's message on the page, by field name. */
export function fieldErrors(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<p class="field__error" id="checkout-(\w+)-error">([^<]*)<\/p>/g)].map((m) => [
      m[1]!,
      text(m[2]!),
    ]),
  );
}

/** The notice above the form (title, summary, what stopped the order), or null. */
export function checkoutNotice(html: string): string | null {
  const match = /<div class="checkout-notice">([\s\S]*?)<\/div>/.exec(html);
  return match ? text(match[1]!) : null;
}

/** The orders placed from a cart (0 or 1: one order per cart). */
export async function ordersOfCart(cartId: string) {
  const { results } = await env.DB.prepare(
    'SELECT order_number, public_id, status, payment_method, email FROM orders WHERE cart_id = ?',
  )
    .bind(cartId)
    .all<{ order_number: string; public_id: string; status: string; payment_method: string; email: string }>();
  return results;
}

/** The cart's lines and whether it was ordered. */
export async function cartState(cartId: string) {
  const [lines, cart] = await env.DB.batch([
    env.DB.prepare('SELECT sku_id, quantity FROM cart_items WHERE cart_id = ? ORDER BY sku_id').bind(cartId),
    env.DB.prepare('SELECT completed_at FROM carts WHERE id = ?').bind(cartId),
  ]);
  return {
    lines: lines!.results as { sku_id: number; quantity: number }[],
    completed: (cart!.results[0] as { completed_at: string | null } | undefined)?.completed_at != null,
  };
}
