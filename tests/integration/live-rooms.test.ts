// Issue 28: the live rooms (worker/live/): graphql-ws over a hibernating Durable Object. A product's room
// answers a subscription at once and again when a request changes the product's stock; a private room
// (a cart) opens only with its live token in the connection parameters; the protocol's own rules hold.
import { describe, expect, test } from 'vitest';
import { runInDurableObject } from 'cloudflare:test';
import { env, eventually, fetchWorker } from '../helpers';
import { LiveRoom } from '../../worker/live/live-room';
import { createProduct } from './factories';
import { addToCart, loggedInCustomer, newCart } from './cart-helpers';
import { placeOrder, swedishInvoiceCheckout } from './checkout-helpers';
import { liveToken, privateRoom } from '../../worker/live/rooms';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123';
const MERCHANT_KEY = 'test-merchant-api-key-long-enough-0123456789';

/** A socket to a live room, with its messages queued as they come. */
async function openRoom(path: string, protocol = 'graphql-transport-ws') {
  const response = await fetchWorker(path, {
    headers: { Upgrade: 'websocket', 'Sec-WebSocket-Protocol': protocol },
  });
  const socket = response.webSocket;
  if (!socket) return { status: response.status, socket: null, next: async () => null, closed: async () => null };
  socket.accept();
  const queue: unknown[] = [];
  const waiting: ((value: unknown) => void)[] = [];
  let closedWith: { code: number; reason: string } | null = null;
  const closeWaiters: ((value: { code: number; reason: string }) => void)[] = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data as string);
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  socket.addEventListener('close', (event) => {
    closedWith = { code: event.code, reason: event.reason };
    for (const waiter of closeWaiters.splice(0)) waiter(closedWith);
  });
  return {
    status: response.status,
    socket,
    send: (message: object) => socket.send(JSON.stringify(message)),
    /** The next message, or null after 3 s. */
    next: (): Promise<any> =>
      queue.length
        ? Promise.resolve(queue.shift())
        : Promise.race([
            new Promise((resolve) => waiting.push(resolve)),
            new Promise((resolve) => setTimeout(() => resolve(null), 3000)),
          ]),
    closed: (): Promise<{ code: number; reason: string } | null> =>
      closedWith
        ? Promise.resolve(closedWith)
        : Promise.race([
            new Promise<{ code: number; reason: string }>((resolve) => closeWaiters.push(resolve)),
            new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
          ]),
  };
}

const PRODUCT_STOCK = `subscription ProductStock($productId: Int!, $marketId: String, $languageId: String) {
  productChanged(productId: $productId, marketId: $marketId, languageId: $languageId) {
    productId
    totalStock { inStock totalStock }
    unitPrice { sellingPriceIncVatFormatted }
  }
}`;

describe('a product room', () => {
  test('answers at once, and again with "0 in stock" when the merchant sets the stock to 0', async () => {
    const product = await createProduct({ stock: 2, prices: { '1|se': 13900 } });
    const room = await openRoom(`/graphql/live/product/${product.id}`);
    expect(room.status).toBe(101);
    room.send!({ type: 'connection_init' });
    expect(await room.next()).toEqual({ type: 'connection_ack' });
    room.send!({
      id: 'a',
      type: 'subscribe',
      payload: { query: PRODUCT_STOCK, variables: { productId: product.id, marketId: 'se', languageId: 'sv-SE' } },
    });
    expect(await room.next()).toEqual({
      id: 'a',
      type: 'next',
      payload: {
        data: {
          productChanged: {
            productId: product.id,
            totalStock: { inStock: 2, totalStock: 2 },
            unitPrice: { sellingPriceIncVatFormatted: '139\u00a0kr' },
          },
        },
      },
    });

    const change = await fetchWorker(`/api/merchant/articles/T-${product.id}-1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-ApiKey': MERCHANT_KEY },
      body: JSON.stringify({ stock: 0 }),
    });
    expect(change.status).toBe(200);
    const update = await room.next();
    expect(update?.payload?.data?.productChanged?.totalStock).toEqual({ inStock: 0, totalStock: 0 });

    const stub = env.LIVE_ROOMS.get(env.LIVE_ROOMS.idFromName(`product:${product.id}`));
    expect(await stub.stats()).toEqual({ sockets: 1, subscriptions: 1 });
    room.socket!.close(1000, 'done');
  });

  test('refuses a subscription to another product, and anything before connection_init', async () => {
    const [product, other] = [await createProduct(), await createProduct()];
    const early = await openRoom(`/graphql/live/product/${product.id}`);
    early.send!({
      id: 'x',
      type: 'subscribe',
      payload: { query: PRODUCT_STOCK, variables: { productId: product.id } },
    });
    expect((await early.closed())?.code).toBe(4401);

    const room = await openRoom(`/graphql/live/product/${product.id}`);
    room.send!({ type: 'connection_init' });
    expect(await room.next()).toEqual({ type: 'connection_ack' });
    room.send!({ id: 'b', type: 'subscribe', payload: { query: PRODUCT_STOCK, variables: { productId: other.id } } });
    expect(await room.next()).toEqual({ id: 'b', type: 'error', payload: [{ message: 'Another product' }] });
    room.send!({ id: 'c', type: 'subscribe', payload: { query: '{ channels { id } }' } });
    expect(await room.next()).toMatchObject({ id: 'c', type: 'error' });
    room.socket!.close(1000, 'done');
  });

  test('closes a socket that does not speak graphql-transport-ws, and a plain request is told to upgrade', async () => {
    const product = await createProduct();
    const wrong = await openRoom(`/graphql/live/product/${product.id}`, 'graphql-ws');
    expect((await wrong.closed())?.code).toBe(4406);
    const plain = await fetchWorker(`/graphql/live/product/${product.id}`);
    expect(plain.status).toBe(426);
    expect((await fetchWorker('/graphql/live/basket/1')).status).toBe(404);
  });
});

const CART = `subscription Cart($id: String!) {
  cartChanged(id: $id, marketId: "se", languageId: "sv-SE") { id items { skuId quantity } }
}`;

describe('a cart room', () => {
  test('is closed to a socket without the live token, and open with it; a change in another browser arrives', async () => {
    const product = await createProduct({ stock: 10 });
    const cartId = await newCart();
    await addToCart(cartId, product.skuId, 1);
    const room = await privateRoom(SECRET, 'cart', cartId);
    const path = `/graphql/live/${room.replace(':', '/')}`;

    const stranger = await openRoom(path);
    stranger.send!({ type: 'connection_init', payload: {} });
    expect((await stranger.closed())?.code).toBe(4403);
    const otherCartsToken = await liveToken(
      SECRET,
      await privateRoom(SECRET, 'cart', 'another'),
      'another',
      new Date(),
    );
    const forger = await openRoom(path);
    forger.send!({ type: 'connection_init', payload: { Authorization: `Bearer ${otherCartsToken}` } });
    expect((await forger.closed())?.code).toBe(4403);

    const owner = await openRoom(path);
    const token = await liveToken(SECRET, room, cartId, new Date());
    owner.send!({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } });
    expect(await owner.next()).toEqual({ type: 'connection_ack' });
    owner.send!({ id: '1', type: 'subscribe', payload: { query: CART, variables: { id: cartId } } });
    expect((await owner.next())?.payload?.data?.cartChanged?.items).toEqual([{ skuId: product.skuId, quantity: 1 }]);

    // Another browser of the same cart adds two more.
    await addToCart(cartId, product.skuId, 2);
    expect((await owner.next())?.payload?.data?.cartChanged?.items).toEqual([{ skuId: product.skuId, quantity: 3 }]);
    owner.socket!.close(1000, 'done');
  });
});

describe('a room that hibernated', () => {
  test("keeps each socket's subscription in the socket itself: a new instance of the room answers it", async () => {
    const product = await createProduct({ stock: 7 });
    const room = await openRoom(`/graphql/live/product/${product.id}`);
    room.send!({ type: 'connection_init' });
    await room.next();
    room.send!({ id: 'h', type: 'subscribe', payload: { query: PRODUCT_STOCK, variables: { productId: product.id } } });
    expect((await room.next())?.payload?.data?.productChanged?.totalStock).toEqual({ inStock: 7, totalStock: 7 });

    // The stock moves behind the room's back; then the room wakes as a new object (nothing in memory)
    // and is told of the change.
    await env.DB.prepare('UPDATE skus SET stock = 3 WHERE id = ?').bind(product.skuId).run();
    const stub = env.LIVE_ROOMS.get(env.LIVE_ROOMS.idFromName(`product:${product.id}`));
    const sent = await runInDurableObject(stub, async (_instance: LiveRoom, state) => {
      const [socket] = state.getWebSockets();
      expect(socket!.deserializeAttachment()).toMatchObject({
        room: `product:${product.id}`,
        init: true,
        subs: { h: { vars: { productId: product.id } } },
      });
      return new LiveRoom(state, env).changed();
    });
    expect(sent).toBe(1);
    expect((await room.next())?.payload?.data?.productChanged?.totalStock).toEqual({ inStock: 3, totalStock: 3 });
    room.socket!.close(1000, 'done');
  });

  test('a page that lost its socket connects again and subscribes anew; the closed socket is let go', async () => {
    const product = await createProduct({ stock: 4 });
    const stub = env.LIVE_ROOMS.get(env.LIVE_ROOMS.idFromName(`product:${product.id}`));
    const first = await openRoom(`/graphql/live/product/${product.id}`);
    first.send!({ type: 'connection_init' });
    await first.next();
    first.socket!.close(1001, 'going away');
    await eventually(
      () => stub.stats(),
      (stats) => stats.sockets === 0,
    );

    const again = await openRoom(`/graphql/live/product/${product.id}`);
    again.send!({ type: 'connection_init' });
    expect(await again.next()).toEqual({ type: 'connection_ack' });
    again.send!({
      id: 'r',
      type: 'subscribe',
      payload: { query: PRODUCT_STOCK, variables: { productId: product.id } },
    });
    expect((await again.next())?.payload?.data?.productChanged?.totalStock).toEqual({ inStock: 4, totalStock: 4 });
    expect(await stub.stats()).toEqual({ sockets: 1, subscriptions: 1 });
    again.socket!.close(1000, 'done');
  });
});

const ORDER = `subscription Order($publicOrderId: Guid!) {
  orderChanged(publicOrderId: $publicOrderId, marketId: "se", languageId: "sv-SE") { id status }
}`;

describe('an order room', () => {
  test('tells the confirmation page when the merchant moves the order, and answers no other order', async () => {
    const product = await createProduct({ stock: 10 });
    const cartId = await newCart();
    await addToCart(cartId, product.skuId, 1);
    const placed = await placeOrder(cartId, swedishInvoiceCheckout());
    const number = placed.data?.placeOrder?.orderId as string;
    const { public_id: publicId } = (await env.DB.prepare('SELECT public_id FROM orders WHERE order_number = ?')
      .bind(number)
      .first<{ public_id: string }>())!;
    const room = await privateRoom(SECRET, 'order', publicId);
    const socket = await openRoom(`/graphql/live/${room.replace(':', '/')}`);
    socket.send!({
      type: 'connection_init',
      payload: { Authorization: `Bearer ${await liveToken(SECRET, room, publicId, new Date())}` },
    });
    expect(await socket.next()).toEqual({ type: 'connection_ack' });
    socket.send!({
      id: 'x',
      type: 'subscribe',
      payload: { query: ORDER, variables: { publicOrderId: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(await socket.next()).toEqual({ id: 'x', type: 'error', payload: [{ message: 'Another order' }] });
    socket.send!({ id: 'o', type: 'subscribe', payload: { query: ORDER, variables: { publicOrderId: publicId } } });
    expect((await socket.next())?.payload?.data?.orderChanged).toEqual({ id: Number(number), status: 'pending' });

    const moved = await fetchWorker(`/api/merchant/orders/${number}/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-ApiKey': MERCHANT_KEY },
      body: JSON.stringify({ status: 'PROCESSING' }),
    });
    expect(moved.status).toBe(200);
    expect((await socket.next())?.payload?.data?.orderChanged).toEqual({ id: Number(number), status: 'processing' });
    socket.socket!.close(1000, 'done');
  });
});

const ORDERS = `subscription Orders { ordersChanged(marketId: "se", languageId: "sv-SE") { id status } }`;

describe("a customer's room", () => {
  test('is open only in the session its token was made in: a logout ends it, open sockets too', async () => {
    const customer = await loggedInCustomer(`levande-${Date.now()}@example.com`);
    const { session_version: version } = (await env.DB.prepare('SELECT session_version FROM customers WHERE id = ?')
      .bind(customer.id)
      .first<{ session_version: number }>())!;
    const room = await privateRoom(SECRET, 'customer', customer.id);
    const path = `/graphql/live/${room.replace(':', '/')}`;
    const token = await liveToken(SECRET, room, customer.id, new Date(), version);

    const withoutSession = await openRoom(path);
    withoutSession.send!({
      type: 'connection_init',
      payload: { Authorization: `Bearer ${await liveToken(SECRET, room, customer.id, new Date())}` },
    });
    expect((await withoutSession.closed())?.code).toBe(4403);

    const page = await openRoom(path);
    page.send!({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } });
    expect(await page.next()).toEqual({ type: 'connection_ack' });
    page.send!({ id: 'o', type: 'subscribe', payload: { query: ORDERS } });
    expect((await page.next())?.payload?.data).toEqual({ ordersChanged: [] });

    // The customer logs out everywhere: the session version moves on.
    await env.DB.prepare('UPDATE customers SET session_version = session_version + 1 WHERE id = ?')
      .bind(customer.id)
      .run();
    await env.LIVE_ROOMS.get(env.LIVE_ROOMS.idFromName(room)).changed();
    expect((await page.closed())?.code).toBe(4403);
    const again = await openRoom(path);
    again.send!({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } });
    expect((await again.closed())?.code).toBe(4403);
  });
});
