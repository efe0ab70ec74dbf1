// A local fake of the parts of Avarda's Checkout 3.0 partner API the adapter uses
// (worker/payments/avarda.ts), with state: partner tokens, initialize payment, payment status.
import { Hono } from 'hono';

interface AvardaPurchase {
  purchaseId: string;
  jwt: string;
  mode: 'B2C' | 'B2B';
  step: string;
  body: Record<string, any>;
}

export function createFakeAvarda({ clientId = 'avarda-client', clientSecret = 'avarda-secret' } = {}) {
  const purchases = new Map<string, AvardaPurchase>();
  const tokens = new Set<string>();
  let tokenRequests = 0;
  const app = new Hono();

  app.post('/api/partner/tokens', async (c) => {
    const body = (await c.req.json()) as { clientId?: string; clientSecret?: string };
    if (body.clientId !== clientId || body.clientSecret !== clientSecret)
      return c.json({ error: 'invalid_client' }, 401);
    tokenRequests += 1;
    const token = `partner.${crypto.randomUUID()}`;
    tokens.add(token);
    return c.json({ token, tokenExpirationUtc: new Date(Date.now() + 3_600_000).toISOString() });
  });

  app.use('/api/partner/payments/*', async (c, next) => {
    if (!tokens.has(c.req.header('Authorization')?.replace(/^Bearer /, '') ?? ''))
      return c.json({ error: 'unauthorized' }, 401);
    await next();
  });
  app.use('/api/partner/payments', async (c, next) => {
    if (!tokens.has(c.req.header('Authorization')?.replace(/^Bearer /, '') ?? ''))
      return c.json({ error: 'unauthorized' }, 401);
    await next();
  });

  app.post('/api/partner/payments', async (c) => {
    const body = (await c.req.json()) as Record<string, any>;
    if (!Array.isArray(body.items) || body.items.length === 0) return c.json({ errors: ['Items are required'] }, 400);
    const purchaseId = crypto.randomUUID().replaceAll('-', '');
    const purchase: AvardaPurchase = {
      purchaseId,
      jwt: `purchase.${purchaseId}`,
      mode: body.checkoutSetup?.mode === 'B2B' ? 'B2B' : 'B2C',
      step: 'Initialized',
      body,
    };
    purchases.set(purchaseId, purchase);
    return c.json({ purchaseId, jwt: purchase.jwt, expiredUtc: new Date(Date.now() + 3_600_000).toISOString() });
  });

  app.get('/api/partner/payments/:id', (c) => {
    const purchase = purchases.get(c.req.param('id'));
    if (!purchase) return c.json({ error: 'not found' }, 404);
    const part = { step: { current: purchase.step } };
    return c.json({
      purchaseId: purchase.purchaseId,
      extraIdentifiers: purchase.body.extraIdentifiers ?? {},
      mode: purchase.mode,
      ...(purchase.mode === 'B2B' ? { b2B: part } : { b2C: part }),
    });
  });

  return {
    purchases,
    get tokenRequests() {
      return tokenRequests;
    },
    /** The shopper completes (or times out of) the purchase in Avarda's form. */
    setStep(purchaseId: string, step: 'Completed' | 'TimedOut' | 'EnterContactInfo') {
      purchases.get(purchaseId)!.step = step;
    },
    fetch: (input: string, init?: RequestInit) => Promise.resolve(app.fetch(new Request(input, init))),
  };
}
