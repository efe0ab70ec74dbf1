// Shared by the my-pages specs (issue 14): axe on a page, and a logged-in customer with an invoice order.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

const STOCKHOLM = {
  firstName: 'Anna',
  lastName: 'Svensson',
  addressLine1: 'Storgatan 1',
  zip: '114 55',
  city: 'Stockholm',
  country: 'SE',
  mobile: '0701234567',
};

export const PASSWORD = 'hemligt123';

/**
 * A client address of its own (as Cloudflare's CF-Connecting-IP would say), so the shop's limit on new
 * accounts per client (issue 12) counts each test's registration apart, not the whole run's together.
 */
export function ownClientAddress(): Record<string, string> {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return { 'CF-Connecting-IP': `10.${byte()}.${byte()}.${byte()}` };
}

/** A new account, logged in in this browser (the plain register form's endpoint, as the page posts it). */
export async function registeredCustomer(page: Page, baseURL: string, what: string): Promise<string> {
  const email = `e2e-${what}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const made = await page.request.post('/api/account/register', {
    form: { email, password: PASSWORD, passwordConfirm: PASSWORD, customerType: 'PERSON', page: '/account' },
    headers: { Origin: baseURL, ...ownClientAddress() },
    maxRedirects: 0,
  });
  // On a refusal the form redirects back with its notice in the flash cookie: shown when this fails.
  expect(made.headers()['set-cookie'] ?? '', `${made.status()} ${made.headers()['location']}`).toContain('ralph-auth=');
  return email;
}

/**
 * Places the open cart of `request`'s browser (its `ralph-cart` cookie) as a Stockholm invoice order for
 * `email`, through the API as the checkout does; the order's number.
 */
export async function placeInvoiceOrder(
  request: APIRequestContext,
  cartId: string,
  email: string,
  headers: Record<string, string>,
): Promise<string> {
  return (await placedInvoiceOrder(request, cartId, email, headers)).orderId;
}

/** As `placeInvoiceOrder`: the order's number and its confirmation page (with the order's ids). */
export async function placedInvoiceOrder(
  request: APIRequestContext,
  cartId: string,
  email: string,
  headers: Record<string, string>,
): Promise<{ orderId: string; confirmation: string }> {
  const placed = await request.post('/graphql', {
    headers,
    data: {
      query: `mutation placeOrder($cartId: String!, $checkout: CheckoutInputType!) {
        placeOrder(cartId: $cartId, checkout: $checkout, channelId: "1|se", languageId: "sv-SE", marketId: "se") {
          orderId
          redirectUrl
        }
      }`,
      variables: {
        cartId,
        checkout: {
          email,
          customerType: 'PERSON',
          billingAddress: STOCKHOLM,
          shippingAddress: STOCKHOLM,
          paymentId: 3,
          shippingId: 1,
          identityNumber: '19811218-9876',
        },
      },
    },
  });
  const body = (await placed.json()) as {
    data?: { placeOrder?: { orderId?: string; redirectUrl?: string } };
    errors?: unknown;
  };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return { orderId: body.data!.placeOrder!.orderId!, confirmation: body.data!.placeOrder!.redirectUrl! };
}

/** A logged-in customer with one invoice order of two gel pens, placed through the API as the checkout does. */
export async function customerWithOrder(page: Page, baseURL: string, what = 'orders'): Promise<string> {
  const email = await registeredCustomer(page, baseURL, what);
  const headers = { Origin: baseURL };
  await page.request.post('/api/cart/add', {
    form: { productId: '630', skuId: '715', quantity: '2', redirect: '/' },
    headers,
    maxRedirects: 0,
  });
  const cartId = (await page.context().cookies()).find((cookie) => cookie.name === 'ralph-cart')!.value;
  return placeInvoiceOrder(page.request, cartId, email, headers);
}
