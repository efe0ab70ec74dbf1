/**
 * Product images at the reference storefront's path (issue 25): it builds `{imageServer}/product/{size}/
 * {fileName}` from a product image's `fileName` and a size folder of its configuration (`1000f1000`,
 * `300f300`…). The shop keeps one file per image (an SVG or a PNG drawn for every size) among its static
 * assets at `/images/products/{fileName}`, so every size folder answers that file; images staff upload
 * (issue 27) are in the PRODUCT_IMAGES bucket and answer at both addresses. Names are checked: a file name
 * is a plain name with an extension, never a path.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';

/** Where the back office keeps uploaded product images in the PRODUCT_IMAGES bucket (issue 27). */
export const PRODUCT_IMAGE_PREFIX = 'products/';

/** An uploaded image from the bucket, or null. The seed's images are static assets and never get here. */
async function uploaded(c: Context<AppEnv>, file: string): Promise<Response | null> {
  const object = await c.env.PRODUCT_IMAGES.get(`${PRODUCT_IMAGE_PREFIX}${file}`);
  if (!object) return null;
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('ETag', object.httpEtag);
  headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  headers.set('X-Content-Type-Options', 'nosniff');
  return new Response(object.body, { headers });
}

const SIZE = /^[0-9a-z]{1,24}$/i;
const FILE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,150}\.(?:svg|png|jpe?g|webp|avif)$/i;

export function productImageRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get('/product/:size/:file', async function productImage(c) {
    const { size, file } = c.req.param();
    if (!SIZE.test(size) || !FILE.test(file) || file.includes('..')) return c.body(null, 404);
    const asset = await c.env.ASSETS.fetch(new URL(`/images/products/${file}`, c.req.url));
    if (!asset.ok) return (await uploaded(c, file)) ?? c.body(null, 404);
    const answer = new Response(asset.body, asset);
    answer.headers.set('Cache-Control', 'public, max-age=86400');
    return answer;
  });
  // A file that is not among the static assets (the runtime serves those itself): an uploaded one.
  routes.get('/images/products/:file', async function uploadedImage(c) {
    const file = c.req.param('file');
    if (!FILE.test(file) || file.includes('..')) return c.body(null, 404);
    return (await uploaded(c, file)) ?? c.body(null, 404);
  });
  return routes;
}
