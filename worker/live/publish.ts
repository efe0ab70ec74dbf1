/**
 * Tells the live rooms what a request (or a queue's batch, or a sweep) changed, after it committed
 * (db/announcements.ts): each product's room, each cart's room, and for an order its confirmation page's
 * room and its customer's. A room nobody watches answers at once; a room with pages runs their
 * subscriptions again (live-room.ts). Failures are logged, never the shopper's problem: the page shows the
 * change on its next load.
 */
import type { LiveChanges } from '../db/announcements';
import { privateRoom, productRoom } from './rooms';

/** A bulk change (an import of thousands) tells at most this many product rooms; pages show the rest on load. */
const MAX_PRODUCT_ROOMS = 200;

export async function publishLiveChanges(
  env: { DB: D1Database; LIVE_ROOMS: Env['LIVE_ROOMS'] },
  secret: string | undefined,
  changes: LiveChanges,
): Promise<void> {
  if (changes.empty) return;
  const rooms: string[] = [...changes.products].slice(0, MAX_PRODUCT_ROOMS).map(productRoom);
  if (secret) {
    for (const cartId of changes.carts) rooms.push(await privateRoom(secret, 'cart', cartId));
    if (changes.orders.size > 0) {
      const { results } = await env.DB.prepare(
        'SELECT public_id, customer_id FROM orders WHERE id IN (SELECT value FROM json_each(?))',
      )
        .bind(JSON.stringify([...changes.orders]))
        .all<{ public_id: string; customer_id: number | null }>();
      for (const order of results) {
        rooms.push(await privateRoom(secret, 'order', order.public_id));
        if (order.customer_id !== null) rooms.push(await privateRoom(secret, 'customer', order.customer_id));
      }
    }
  }
  const told = await Promise.allSettled(
    [...new Set(rooms)].map((room) => env.LIVE_ROOMS.get(env.LIVE_ROOMS.idFromName(room)).changed()),
  );
  for (const outcome of told)
    if (outcome.status === 'rejected') console.error('live rooms: a room was not told of a change', outcome.reason);
}
