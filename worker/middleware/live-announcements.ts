/**
 * After a request, the live rooms hear what it changed (issue 28): the stock and prices of the products
 * it sold or the merchant set, the carts it changed, the orders it moved (db/announcements.ts,
 * live/publish.ts). The answer does not wait: the rooms are told in `waitUntil`.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { RequestDatabase } from '../db/request-database';
import { publishLiveChanges } from '../live/publish';

export function liveAnnouncements() {
  return createMiddleware<AppEnv>(async function liveAnnouncements(c, next) {
    await next();
    const db = c.env.DB;
    if (!(db instanceof RequestDatabase) || db.changes.empty) return;
    const work = publishLiveChanges(
      { DB: db.binding, LIVE_ROOMS: c.env.LIVE_ROOMS },
      c.get('config').authSecret,
      db.changes,
    );
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      // `app.request()` in tests has no execution context: finish before answering.
      await work;
    }
  });
}
