/**
 * Size limits on what a request may make the shop read (issue 12): a 65 KB query string used to render a
 * 4.9 MB page and a 20 MB body was parsed. URLs longer than MAX_URL_LENGTH answer 414 and bodies larger
 * than MAX_BODY_BYTES 413 (hono/body-limit, which also stops a chunked body once it passes the limit),
 * each as the localized error page, before any route reads them.
 */
import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../app-env';

/** Longer than any link of the shop (a list URL with every filter is under 2 KB); browsers send up to ~8 KB safely. */
export const MAX_URL_LENGTH = 8 * 1024;
/** Larger than any form or GraphQL request the shop or the reference storefront sends. */
export const MAX_BODY_BYTES = 128 * 1024;

export function urlLimit() {
  return createMiddleware<AppEnv>(async function urlLimit(c, next) {
    if (c.req.url.length > MAX_URL_LENGTH) throw new HTTPException(414, { message: 'URI Too Long' });
    await next();
  });
}

/** The back office's catalog upload (issue 27): a file of up to 5,000 rows, read only for staff. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** A product image staff upload (issue 27). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_UPLOAD = /^\/admin\/products\/\d{1,10}\/images$/;

export function requestBodyLimit() {
  const limit = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new HTTPException(413, { message: 'Payload Too Large' });
      },
    });
  const forms = limit(MAX_BODY_BYTES);
  const imports = limit(MAX_IMPORT_BYTES);
  const images = limit(MAX_IMAGE_BYTES);
  return createMiddleware<AppEnv>(function requestBodyLimit(c, next) {
    if (c.req.method !== 'POST') return forms(c, next);
    if (c.req.path === '/admin/import') return imports(c, next);
    return (IMAGE_UPLOAD.test(c.req.path) ? images : forms)(c, next);
  });
}
