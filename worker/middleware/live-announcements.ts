/**
 * After a request, the live rooms hear what it changed (issue 28): the stock and prices of the products
 * it sold or the merchant set, the carts it changed, the orders it moved (db/announcements.ts,
 * live/publish.ts). The answer does not wait: the rooms are told in `waitUntil`.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { RequestDatabase } from '../db/request-database';
import { publishLiveChanges } from '../live/publish';
import { noteCustomerCart } from '../session/customer-cart';

export function liveAnnouncements() {
  return createMiddleware<AppEnv>(async function liveAnnouncements(c, next) {
    await next();
    const db = c.env.DB;
    if (!(db instanceof RequestDatabase) || db.changes.empty) return;
    const customer = c.get('customer');
    const work = Promise.all([
      publishLiveChanges({ DB: db.binding, LIVE_ROOMS: c.env.LIVE_ROOMS }, c.get('config').authSecret, db.changes),
      // The cart a logged-in customer changed is theirs in their other browsers too (session/customer-cart.ts).
      ...(customer
        ? [...db.changes.carts].map((cartId) =>
            noteCustomerCart(db, customer.id, cartId, new Date()).catch((error: unknown) =>
              console.error("noting the customer's cart failed", error),
            ),
          )
        : []),
    ]);
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      // `app.request()` in tests has no execution context: finish before answering.
      await work;
    }
  });
}
