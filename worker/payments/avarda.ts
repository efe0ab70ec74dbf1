/**
 * Avarda Checkout 3.0, as Avarda documents it (docs.avarda.com/checkout-3: "Getting started",
 * "Embed checkout", "Finalize purchase"):
 *
 * - POST /api/partner/tokens `{ clientId, clientSecret }` → `{ token, tokenExpirationUtc }`, the partner
 *   access token (Bearer on every other call; reused until it expires);
 * - POST /api/partner/payments (items, checkoutSetup, extraIdentifiers) → `{ purchaseId, jwt, expiredUtc }`;
 *   the purchase JWT starts their checkout script in the page (`avardaCheckoutInit({ purchaseJwt,
 *   rootElementId, redirectUrl, completedPurchaseCallback, sessionTimedOutCallback })`);
 * - GET /api/partner/payments/{purchaseId} → the purchase, whose `mode` ('B2C' or 'B2B') names the part
 *   (`b2C` / `b2B`) holding `step.current`: 'Completed' once paid, 'TimedOut' when the session expired;
 * - the server-side notification posts `{ purchaseId }`; the shop reads the purchase and believes only that.
 *
 * Assumed where the documents leave it open: item `amount` is the unit price including VAT in major
 * units with `taxAmount` the unit's VAT (as Avarda's own WooCommerce module sends them), so a line whose
 * discounted total does not divide by its quantity is sent as one item of that total; `checkoutSetup.
 * language` takes English names ('Swedish', 'Finnish', ...); every other step counts as pending.
 */
import {
  PaymentNotificationRejected,
  PaymentProviderError,
  type PaymentFetch,
  type PaymentLine,
  type PaymentOrder,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentUrls,
} from './types';
import { providerJson, providerOk, providerRequest } from './provider-http';

export interface AvardaDeps {
  apiUrl: string;
  checkoutScript: string;
  clientId: string;
  clientSecret: string;
  fetch: PaymentFetch;
}

const PURCHASE_ID = /^[A-Za-z0-9-]{8,64}$/;

const LANGUAGES: Record<string, string> = {
  sv: 'Swedish',
  da: 'Danish',
  en: 'English',
  fi: 'Finnish',
  nb: 'Norwegian',
};

/** Partner tokens by client, until a minute before they expire (one per isolate, not per request). */
const tokens = new Map<string, { token: string; expiresAt: number }>();

const major = (minor: number) => (minor / 100).toFixed(2);

function avardaItem(line: PaymentLine) {
  const whole = line.totalIncVat % line.quantity === 0 && line.totalVat % line.quantity === 0;
  const quantity = whole ? line.quantity : 1;
  return {
    description: (whole ? line.name : `${line.quantity} × ${line.name}`).slice(0, 35),
    notes: line.reference.slice(0, 35),
    amount: Number(major(line.totalIncVat / quantity)),
    taxCode: String(line.vatRateBp / 100),
    taxAmount: Number(major(line.totalVat / quantity)),
    quantity,
  };
}

/** Markup that starts Avarda's checkout with the purchase JWT (the shop's page adds its CSP nonce). */
function checkoutMarkup(scriptUrl: string, jwt: string, urls: PaymentUrls): string {
  const options = JSON.stringify({
    purchaseJwt: jwt,
    rootElementId: 'avarda-checkout',
    redirectUrl: urls.confirmation,
    disableFocus: true,
  }).replaceAll('<', '\\u003c');
  const done = JSON.stringify(urls.confirmation).replaceAll('<', '\\u003c');
  return `<div id="avarda-checkout"></div><script>
(function (w, d, url) {
  w.avardaCheckoutInit = w.avardaCheckoutInit || function () { (w.avardaCheckoutInit.q = w.avardaCheckoutInit.q || []).push(arguments); };
  w.avardaCheckoutInit.i = 'avardaCheckout';
  var s = d.createElement('script'); s.async = true; s.src = url; d.head.appendChild(s);
})(window, document, ${JSON.stringify(scriptUrl)});
var options = ${options};
options.completedPurchaseCallback = function () { window.location.href = ${done}; };
options.sessionTimedOutCallback = function () { window.location.href = ${done}; };
window.avardaCheckoutInit(options);
</script>`;
}

/**
 * The Avarda Checkout 3 adapter (see above): initializes the purchase with a cached partner token and
 * renders Avarda's script with the purchase JWT; a callback is believed only as the purchase reads at Avarda.
 */
export function createAvardaProvider(deps: AvardaDeps): PaymentProvider {
  async function partnerToken(): Promise<string> {
    const key = `${deps.apiUrl}|${deps.clientId}`;
    const known = tokens.get(key);
    if (known && known.expiresAt > Date.now() + 60_000) return known.token;
    const body = await providerJson<{ token?: string; tokenExpirationUtc?: string }>(
      await providerRequest(deps, 'POST', '/api/partner/tokens', undefined, {
        clientId: deps.clientId,
        clientSecret: deps.clientSecret,
      }),
      'Avarda partner token',
    );
    if (!body.token) throw new PaymentProviderError('Avarda partner token: no token');
    tokens.set(key, {
      token: body.token,
      expiresAt: Date.parse(body.tokenExpirationUtc ?? '') || Date.now() + 300_000,
    });
    return body.token;
  }

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const send = async () => providerRequest(deps, method, path, `Bearer ${await partnerToken()}`, body);
    const response = await send();
    if (response.status !== 401) return response;
    // A kept token Avarda no longer honours (revoked, or clock skew): once more with a new one.
    tokens.delete(`${deps.apiUrl}|${deps.clientId}`);
    return send();
  }

  async function readStatus(reference: string): Promise<PaymentOutcome> {
    if (!PURCHASE_ID.test(reference)) throw new PaymentProviderError(`not an Avarda purchase id: ${reference}`);
    const purchase = await providerJson<{
      mode?: string;
      b2C?: { step?: { current?: string } };
      b2B?: { step?: { current?: string } };
    }>(
      await call('GET', `/api/partner/payments/${encodeURIComponent(reference)}`),
      `Avarda payment status ${reference}`,
    );
    const step = (purchase.mode === 'B2B' ? purchase.b2B : purchase.b2C)?.step?.current;
    if (step === 'Completed') return 'authorized';
    if (step === 'TimedOut') return 'cancelled';
    return 'pending';
  }

  return {
    id: 'avarda',

    async startSession(order: PaymentOrder, urls: PaymentUrls) {
      const created = await providerJson<{ purchaseId?: string; jwt?: string }>(
        await call('POST', '/api/partner/payments', {
          items: order.lines.map(avardaItem),
          checkoutSetup: {
            language: LANGUAGES[order.languageTag.slice(0, 2)] ?? 'English',
            mode: order.customerType === 'ORGANIZATION' ? 'B2B' : 'B2C',
          },
          extraIdentifiers: { orderReference: order.orderNumber, attachment: order.publicId },
        }),
        'Avarda initialize payment',
        true,
      );
      if (!created.purchaseId || !created.jwt)
        throw new PaymentProviderError('Avarda initialize payment: no purchaseId or jwt');
      return {
        kind: 'snippet',
        reference: created.purchaseId,
        html: checkoutMarkup(deps.checkoutScript, created.jwt, urls),
      };
    },

    async handleNotification(request: Request) {
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        throw new PaymentNotificationRejected('callback body is not JSON', 400);
      }
      const reference = (body as { purchaseId?: unknown } | null)?.purchaseId;
      if (typeof reference !== 'string' || !PURCHASE_ID.test(reference))
        throw new PaymentNotificationRejected('callback without a purchaseId', 400);
      return { reference, outcome: await readStatus(reference) };
    },

    readStatus,

    /**
     * Avarda's partner API "Refund" of a completed purchase: the amount in major units and our id as the
     * transaction id, so a repeated call is the same refund. (Assumed from Avarda's partner API guide: a
     * 200 with the refund as answered; the test environment was not reachable from here.)
     */
    async refund(reference, refund) {
      if (!PURCHASE_ID.test(reference)) throw new PaymentProviderError(`not an Avarda purchase id: ${reference}`);
      await providerOk(
        await call('POST', `/api/partner/payments/${encodeURIComponent(reference)}/refund`, {
          tranId: refund.id,
          amount: Number(major(refund.amount)),
          items: refund.lines.map(avardaItem),
        }),
        `Avarda refund ${reference}`,
      );
      return { reference: refund.id };
    },
  };
}
