/**
 * `Secure` on every cookie the shop sets over HTTPS (issue 12), whatever set it: one place instead of a
 * flag at each of the dozen `setCookie` calls, so a new cookie cannot forget it. Over plain HTTP (local
 * development) cookies stay as set, or the browser would drop them.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';

const SECURE_ATTRIBUTE = /;\s*secure\s*(;|$)/i;

export function secureCookies() {
  return createMiddleware<AppEnv>(async function secureCookies(c, next) {
    await next();
    if (new URL(c.req.url).protocol !== 'https:') return;
    const cookies = c.res.headers.getSetCookie();
    if (cookies.every((cookie) => SECURE_ATTRIBUTE.test(cookie))) return;
    const headers = new Headers(c.res.headers);
    headers.delete('Set-Cookie');
    for (const cookie of cookies)
      headers.append('Set-Cookie', SECURE_ATTRIBUTE.test(cookie) ? cookie : `${cookie}; Secure`);
    const secured = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
    // Hono's `res` setter copies the old response's headers onto a new one; drop it first.
    (c as { res: Response | undefined }).res = undefined;
    c.res = secured;
  });
}
