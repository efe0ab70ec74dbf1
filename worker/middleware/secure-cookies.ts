/**
 * `Secure` on every cookie the shop sets over HTTPS, whatever set it: one place instead of a flag at each
 * of the dozen `setCookie` calls, so a new cookie cannot forget it. Over plain HTTP (local development)
 * cookies stay as set, or the browser would drop them.
 *
 * The answer's headers are changed where they are (worker/render/answer-headers.ts): a kept page is sent
 * already compressed (`encodeBody: 'manual'`), and a copy made with a plain init would lose that and be
 * compressed a second time, so every first visit over HTTPS (the one that sets the market cookies) would
 * read as binary (docs/decisions/015-kept-pages.md).
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { editAnswerHeaders } from '../render/answer-headers';

const SECURE_ATTRIBUTE = /;\s*secure\s*(;|$)/i;

export function secureCookies() {
  return createMiddleware<AppEnv>(async function secureCookies(c, next) {
    await next();
    if (new URL(c.req.url).protocol !== 'https:') return;
    const cookies = c.res.headers.getSetCookie();
    if (cookies.every((cookie) => SECURE_ATTRIBUTE.test(cookie))) return;
    editAnswerHeaders(c, (headers) => {
      headers.delete('Set-Cookie');
      for (const cookie of cookies)
        headers.append('Set-Cookie', SECURE_ATTRIBUTE.test(cookie) ? cookie : `${cookie}; Secure`);
    });
  });
}
