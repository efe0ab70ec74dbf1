/**
 * Reads near the shopper (issue 15, docs/decisions/014-d1-sessions.md): every request's D1 queries run in
 * one session of the Sessions API, so with read replication on, D1 answers reads from a replica near the
 * shopper. A session started from the shopper's bookmark (the `ralph-d1-bookmark` cookie) only reads
 * from a replica at least as fresh as their last write: they always see their own cart, order and
 * settings. Without one it starts 'first-unconstrained' (any copy may answer first).
 *
 * The cookie is set only by a request that wrote (it prepared a statement that changes the database,
 * whatever its method: a GET that records a payment's outcome counts) or that carried a bookmark the
 * session has moved past. A plain anonymous page view sets no cookie, so its answer stays fit for a
 * shared cache.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { RequestDatabase } from '../db/request-database';
import { D1_BOOKMARK_COOKIE, D1_BOOKMARK_COOKIE_MAX_AGE_S } from '../session/cookies';

/**
 * A D1 bookmark as D1 writes them: four hyphenated hex fields (e.g.
 * `00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683`). Nothing else from the cookie reaches
 * D1: the session would send it along and keep it as its latest bookmark (it keeps the greatest as text).
 */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** `value` when it is a D1 bookmark, else null. */
export function validBookmark(value: string | null | undefined): D1SessionBookmark | null {
  return typeof value === 'string' && BOOKMARK.test(value) ? value : null;
}

export function d1Sessions() {
  return createMiddleware<AppEnv>(async function d1Sessions(c, next) {
    const raw = getCookie(c, D1_BOOKMARK_COOKIE);
    const carried = validBookmark(raw);
    const db = new RequestDatabase(c.env.DB, carried ?? 'first-unconstrained');
    // Not the shared bindings object (other requests of the isolate use it, and it is the key of what the
    // isolate remembers of it, such as the parsed configuration: kept for sub-requests), but an object on
    // top of it with this request's database: copying every binding on each request was 7 % of a kept
    // page's CPU in a profile.
    c.set('bindings', c.env);
    c.env = Object.create(c.env, { DB: { value: db, enumerable: true } }) as AppEnv['Bindings'];
    await next();
    const latest = validBookmark(db.bookmark());
    if (latest && (db.wrote || (carried && latest !== carried))) keepBookmark(c, latest);
    // A cookie that is no bookmark is dropped, not kept to be ignored on every request.
    else if (raw !== undefined && !carried) keepBookmark(c, null);
  });
}

/** Sets the bookmark cookie on the answer, or deletes it (`bookmark` null). */
function keepBookmark(c: Context<AppEnv>, bookmark: D1SessionBookmark | null): void {
  if (bookmark === null) deleteCookie(c, D1_BOOKMARK_COOKIE, { path: '/' });
  else
    setCookie(c, D1_BOOKMARK_COOKIE, bookmark, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: D1_BOOKMARK_COOKIE_MAX_AGE_S,
    });
}
