// A local fake of the parts of Kustom's API the adapter uses (worker/payments/kustom.ts), with state:
// Kustom Checkout v3 create and read order, Order Management acknowledge and cancel. Kustom Checkout is
// Klarna Checkout under its new owner, with the same paths, fields and logic on new hosts
// (docs.kustom.co, "Create order"; help.kustom.co, "API endpoint switch"). It answers only what is
// documented: anything else (another path, an old *.klarna.com host) is 404. It checks what Kustom checks
// (Basic auth, the order's required fields, amounts that add up, tax per line) and keeps every request,
// so a test can see where the adapter called.
import { Hono } from 'hono';

interface KustomLine {
  type?: string;
  reference?: string;
  name?: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  total_amount: number;
  total_discount_amount: number;
  total_tax_amount: number;
}
interface KustomOrder {
  order_id: string;
  status: 'checkout_incomplete' | 'checkout_complete';
  order_amount: number;
  order_tax_amount: number;
  order_lines: KustomLine[];
  html_snippet?: string;
  merchant_urls?: Record<string, string>;
  [key: string]: unknown;
}

/** Where Kustom's playground answers (help.kustom.co: api.playground.kustom.co; production api.kustom.co). */
export const KUSTOM_PLAYGROUND = 'https://api.playground.kustom.co';

/** The create-order fields Kustom requires ("Create order"), each a problem when missing. */
function missingFields(body: Record<string, unknown>): string[] {
  const top = ['purchase_country', 'purchase_currency', 'locale', 'order_amount', 'order_tax_amount', 'order_lines'];
  const urls = ['terms', 'checkout', 'confirmation', 'push'];
  const lineFields = [
    'type',
    'reference',
    'name',
    'quantity',
    'unit_price',
    'tax_rate',
    'total_amount',
    'total_tax_amount',
  ];
  const merchantUrls = (body.merchant_urls ?? {}) as Record<string, unknown>;
  const lines = Array.isArray(body.order_lines) ? (body.order_lines as Record<string, unknown>[]) : [];
  return [
    ...top.filter((field) => body[field] === undefined),
    ...(lines.length === 0 ? ['order_lines (none)'] : []),
    ...urls.filter((field) => typeof merchantUrls[field] !== 'string').map((field) => `merchant_urls.${field}`),
    ...lines.flatMap((line, i) =>
      lineFields.filter((field) => line[field] === undefined).map((field) => `order_lines[${i}].${field}`),
    ),
  ];
}

export function createFakeKustom({ username = 'kustom-user', password = 'kustom-pass' } = {}) {
  const orders = new Map<string, KustomOrder>();
  const acknowledged: string[] = [];
  const cancelled: string[] = [];
  /** Every request as it arrived: method and full URL. */
  const requests: string[] = [];
  const app = new Hono();

  app.use(async (c, next) => {
    requests.push(`${c.req.method} ${c.req.url}`);
    if (c.req.header('Authorization') !== `Basic ${btoa(`${username}:${password}`)}`)
      return c.json({ error_code: 'UNAUTHORIZED' }, 401);
    await next();
  });

  app.post('/checkout/v3/orders', async (c) => {
    const body = (await c.req.json()) as Record<string, unknown> & { order_amount: number; order_tax_amount: number };
    const lines = (Array.isArray(body.order_lines) ? body.order_lines : []) as KustomLine[];
    const problems = [
      ...missingFields(body),
      lines.reduce((sum, l) => sum + l.total_amount, 0) !== body.order_amount && 'order_amount',
      lines.reduce((sum, l) => sum + l.total_tax_amount, 0) !== body.order_tax_amount && 'order_tax_amount',
      ...lines.map(
        (l, i) =>
          l.quantity * l.unit_price - l.total_discount_amount !== l.total_amount && `order_lines[${i}].total_amount`,
      ),
      ...lines.map(
        (l, i) =>
          Math.abs(l.total_tax_amount - (l.total_amount - (l.total_amount * 10000) / (10000 + l.tax_rate))) > 1 &&
          `order_lines[${i}].total_tax_amount`,
      ),
    ].filter(Boolean);
    if (problems.length)
      return c.json(
        {
          error_code: 'BAD_VALUE',
          error_messages: problems.map((p) => `Bad value: ${p}`),
          correlation_id: crypto.randomUUID(),
        },
        400,
      );
    const order: KustomOrder = {
      ...body,
      order_lines: lines,
      order_id: crypto.randomUUID(),
      status: 'checkout_incomplete',
    };
    // Kustom's snippet keeps Klarna's container id (docs.kustom.co, "Best practices": #klarna-checkout-container).
    order.html_snippet = `<div id="klarna-checkout-container"><script>window._klarnaCheckout = { orderId: "${order.order_id}" };</script></div>`;
    orders.set(order.order_id, order);
    return c.json(order, 201, { Location: `${new URL(c.req.url).origin}/checkout/v3/orders/${order.order_id}` });
  });

  app.get('/checkout/v3/orders/:id', (c) => {
    const order = orders.get(c.req.param('id'));
    return order ? c.json(order) : c.json({ error_code: 'NOT_FOUND' }, 404);
  });

  app.post('/ordermanagement/v1/orders/:id/acknowledge', (c) => {
    const order = orders.get(c.req.param('id'));
    if (!order || order.status !== 'checkout_complete') return c.json({ error_code: 'NO_SUCH_ORDER' }, 404);
    acknowledged.push(order.order_id);
    return c.body(null, 204);
  });

  app.post('/ordermanagement/v1/orders/:id/cancel', (c) => {
    if (!orders.has(c.req.param('id'))) return c.json({ error_code: 'NO_SUCH_ORDER' }, 404);
    cancelled.push(c.req.param('id'));
    return c.body(null, 204);
  });

  return {
    orders,
    acknowledged,
    cancelled,
    requests,
    /** The shopper completes the purchase in Kustom's iframe. */
    complete(orderId: string) {
      orders.get(orderId)!.status = 'checkout_complete';
    },
    fetch: (input: string, init?: RequestInit) => Promise.resolve(app.fetch(new Request(input, init))),
  };
}
