// A local fake of the parts of Klarna's API the adapter uses (worker/payments/klarna.ts), with state:
// Checkout v3 create and read order, Order Management acknowledge and cancel. It checks what Klarna
// checks (Basic auth, amounts that add up, tax per line) and answers with Klarna's documented shapes.
import { Hono } from 'hono';

interface KlarnaLine {
  quantity: number;
  unit_price: number;
  tax_rate: number;
  total_amount: number;
  total_discount_amount: number;
  total_tax_amount: number;
}
interface KlarnaOrder {
  order_id: string;
  status: 'checkout_incomplete' | 'checkout_complete';
  order_amount: number;
  order_tax_amount: number;
  order_lines: KlarnaLine[];
  html_snippet?: string;
  merchant_urls?: Record<string, string>;
  [key: string]: unknown;
}

export function createFakeKlarna({ username = 'klarna-user', password = 'klarna-pass' } = {}) {
  const orders = new Map<string, KlarnaOrder>();
  const acknowledged: string[] = [];
  const cancelled: string[] = [];
  const app = new Hono();

  app.use(async (c, next) => {
    if (c.req.header('Authorization') !== `Basic ${btoa(`${username}:${password}`)}`)
      return c.json({ error_code: 'UNAUTHORIZED' }, 401);
    await next();
  });

  app.post('/checkout/v3/orders', async (c) => {
    const body = (await c.req.json()) as { order_amount: number; order_tax_amount: number; order_lines?: KlarnaLine[] };
    const lines: KlarnaLine[] = body.order_lines ?? [];
    const problems = [
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
    const order: KlarnaOrder = {
      ...body,
      order_lines: lines,
      order_id: crypto.randomUUID(),
      status: 'checkout_incomplete',
    };
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
    /** The shopper completes the purchase in Klarna's iframe. */
    complete(orderId: string) {
      orders.get(orderId)!.status = 'checkout_complete';
    },
    fetch: (input: string, init?: RequestInit) => Promise.resolve(app.fetch(new Request(input, init))),
  };
}
