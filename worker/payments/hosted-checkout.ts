/**
 * The hosted checkout of another storefront's card and Swish orders (issue 25, docs/decisions/020).
 *
 * A Geins storefront pays by card or Swish only through an external checkout: the selected payment
 * option's `paymentData` is a snippet it puts on its checkout page in place of its own address form,
 * and the provider sends the shopper to its confirmation page (`/checkout/confirm?kid=…&cartid=…`)
 * once paid. Our payment step starts after placeOrder, on our own pages, so such an option's snippet
 * is a link to our checkout: `GET /api/checkout/hosted/{token}` opens the storefront's cart there (the
 * shopper gives the address, the order is placed, the provider's step runs), and the payment step ends
 * on the storefront's confirmation page beside the checkout page the shopper came from.
 *
 * The token is encrypted (JWE, jose: dir + A256GCM under a key for this purpose only): it carries the
 * cart id, the cart's only credential, which never stands readable in a link (share.ts). It is good for
 * half an hour and opens nothing but that cart, in a first-party page of this shop.
 */
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as v from 'valibot';
import { CART_ID_PATTERN } from '../../core/cart/limits';
import { purposeKey } from '../commerce/crypto';
import { GUID_PATTERN } from '../commerce/orders/records';
import { escapeHtml } from '../commerce/mail/layout';
import type { PaymentMethodCode } from '../commerce/checkout/shipping';
import { isSameSitePath } from '../urls/same-site';
import { needsPaymentStep } from './registry';
import type { PaymentProviderId } from './types';

/** Where a snippet's link opens our checkout (worker/routes/api/hosted-checkout.ts). */
export const HOSTED_CHECKOUT_PATH = '/api/checkout/hosted';

/** How long a snippet's link opens the checkout: a shopper who waits longer asks for a new one. */
const HOSTED_CHECKOUT_TTL_S = 30 * 60;
const AUDIENCE = 'hosted-checkout';

/**
 * Geins' name of the external checkout a payment option opens. Kustom Checkout is Klarna Checkout
 * (KLARNA); Avarda is AVARDA. The built-in provider (test mode only) stands in for Kustom, the
 * production route of card and Swish, and follows the same protocol: a snippet before the order, the
 * shopper back at `?kid=` once paid, the confirmation read with `checkout(id: kid, paymentType: KLARNA)`.
 */
export type ExternalPaymentType = 'KLARNA' | 'AVARDA';
const TYPE_OF_PROVIDER: Record<PaymentProviderId, ExternalPaymentType> = {
  'built-in': 'KLARNA',
  klarna: 'KLARNA',
  avarda: 'AVARDA',
};
/** The query parameter the reference client's confirm page reads the external order id from. */
const CONFIRM_ID_PARAMETER: Record<ExternalPaymentType, string> = { KLARNA: 'kid', AVARDA: 'aid' };

/**
 * How a payment option is paid as Geins names it: STANDARD when the order is placed with nothing left
 * for the shopper to do (invoice, instalments, or gift cards and balance pay it all), else the external
 * checkout of its provider.
 */
export function paymentTypeOf(
  provider: PaymentProviderId | undefined,
  method: PaymentMethodCode,
  amountToPay: number,
): ExternalPaymentType | 'STANDARD' {
  if (!provider || !needsPaymentStep(provider, method, amountToPay)) return 'STANDARD';
  return TYPE_OF_PROVIDER[provider];
}

export interface HostedCheckout {
  cartId: string;
  type: ExternalPaymentType;
  /** The language the storefront's shopper reads (an API language id, e.g. 'sv-SE'). */
  languageId: string;
}

const Claims = v.object({
  c: v.pipe(v.string(), v.regex(CART_ID_PATTERN)),
  t: v.picklist(['KLARNA', 'AVARDA']),
  l: v.pipe(v.string(), v.regex(/^[a-z]{2}-[A-Z]{2}$/)),
});

/** The key of hosted checkout links, derived from the deployment's AUTH_SECRET (32 bytes: A256GCM). */
export function hostedCheckoutKey(secret: string): Promise<Uint8Array> {
  return purposeKey(secret, 'hosted checkout links');
}

/** The token of a link to `checkout`'s cart on our checkout. */
export function sealHostedCheckout(key: Uint8Array, checkout: HostedCheckout, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new EncryptJWT({ c: checkout.cartId, t: checkout.type, l: checkout.languageId })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + HOSTED_CHECKOUT_TTL_S)
    .encrypt(key);
}

/** What a token names, or null when it is not one of ours, altered or expired. */
export async function openHostedCheckout(key: Uint8Array, token: string, now: Date): Promise<HostedCheckout | null> {
  if (token.length > 2048 || !/^[\w-]*\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return null;
  try {
    const { payload } = await jwtDecrypt(token, key, { audience: AUDIENCE, currentDate: now });
    const claims = v.safeParse(Claims, payload);
    if (!claims.success) return null;
    return { cartId: claims.output.c, type: claims.output.t, languageId: claims.output.l };
  } catch {
    return null;
  }
}

/** An absolute URL's origin and path, or null when it is not a URL. */
function parsed(value: string | undefined | null): URL | null {
  if (!value || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The storefront's confirmation page for an order whose checkout started on its page `from` (the
 * snippet's script sends the page's address) or, without it, on a page of the origin the browser names
 * as `referer`: `<prefix>/checkout/confirm?kid={payment.uid}&cartid={geins.cartid}`, where the
 * reference client has it beside its checkout page (`/se/sv/kassan` → `/se/sv/checkout/confirm`).
 * Only a storefront origin the merchant allows (CORS_ORIGINS): for any other, null, and the order ends
 * on our own confirmation page.
 */
export function storefrontConfirmUrl(
  { from, referer, type }: { from: string | undefined; referer: string | undefined; type: ExternalPaymentType },
  allowedOrigins: readonly string[],
): string | null {
  const page = parsed(from);
  const origin = page && allowedOrigins.includes(page.origin) ? page.origin : parsed(referer)?.origin;
  if (!origin || !allowedOrigins.includes(origin)) return null;
  const path = page?.origin === origin && isSameSitePath(page.pathname) ? page.pathname.replace(/\/+$/, '') : '';
  const prefix = path.slice(0, path.lastIndexOf('/') + 1).replace(/\/$/, '');
  const id = CONFIRM_ID_PARAMETER[type];
  return `${origin}${prefix}/checkout/confirm?${id}={payment.uid}&cartid={geins.cartid}`;
}

/** Whether `url` is a confirmation page of a storefront origin the merchant still allows. */
export function isStorefrontUrl(url: string | null, allowedOrigins: readonly string[]): url is string {
  const page = parsed(url);
  return page !== null && allowedOrigins.includes(page.origin) && isSameSitePath(page.pathname + page.search);
}

/**
 * The snippet of a card or Swish option: what happens next, and the link to our checkout. Its script
 * adds the storefront page's own address to the link, so the shopper comes back beside it; without the
 * script the browser's Referer still names the storefront's origin.
 */
export function hostedCheckoutSnippet(href: string, text: { intro: string; action: string; lang: string }): string {
  const id = 'edge-hosted-checkout';
  const script =
    `(function(){var a=document.getElementById(${JSON.stringify(id)});` +
    `if(a)a.href+="?from="+encodeURIComponent(location.origin+location.pathname);})();`;
  return (
    `<div class="edge-hosted-checkout" lang="${escapeHtml(text.lang)}">` +
    `<p>${escapeHtml(text.intro)}</p>` +
    `<p><a id="${id}" href="${escapeHtml(href)}" rel="external">${escapeHtml(text.action)}</a></p>` +
    `<script>${script}</script></div>`
  );
}

/** The confirmation snippet the storefront's confirm page shows for an order paid through our checkout. */
export function confirmationSnippet(text: { lang: string; title: string; lines: string[] }): string {
  return (
    `<div class="edge-order-confirmation" lang="${escapeHtml(text.lang)}">` +
    `<h2>${escapeHtml(text.title)}</h2>` +
    text.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `</div>`
  );
}

/**
 * The payment step of an order another storefront placed through the API (issue 26: a storefront in front
 * of this API, on another origin the merchant allows). placeOrder answers a link to our payment page,
 * `GET /api/checkout/pay/{token}`, which gives the opening browser the order's payment capability and
 * goes on to `/checkout/pay`: the storefront's shopper holds no cookie of this origin, and the order id
 * alone proves nothing (issue 12). The token is encrypted like the hosted checkout's, under a key of its
 * own, names only the order, and is good for half an hour; once paid, the step ends on the storefront's
 * confirmation page that placeOrder was given.
 */
export const PAY_LINK_PATH = '/api/checkout/pay';
const PAY_LINK_AUDIENCE = 'pay-link';

/** The key of payment step links, derived from the deployment's AUTH_SECRET. */
export function payLinkKey(secret: string): Promise<Uint8Array> {
  return purposeKey(secret, 'payment step links');
}

/** The token of a link to the payment step of the order `publicId`. */
export function sealPayLink(key: Uint8Array, publicId: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new EncryptJWT({ o: publicId })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setAudience(PAY_LINK_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + HOSTED_CHECKOUT_TTL_S)
    .encrypt(key);
}

/** The order a payment step link names, or null when it is not one of ours, altered or expired. */
export async function openPayLink(key: Uint8Array, token: string, now: Date): Promise<string | null> {
  if (token.length > 2048 || !/^[\w-]*\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return null;
  try {
    const { payload } = await jwtDecrypt(token, key, { audience: PAY_LINK_AUDIENCE, currentDate: now });
    return typeof payload.o === 'string' && GUID_PATTERN.test(payload.o) ? payload.o : null;
  } catch {
    return null;
  }
}
