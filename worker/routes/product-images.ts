/**
 * Product images at the reference storefront's path (issue 25): it builds `{imageServer}/product/{size}/
 * {fileName}` from a product image's `fileName` and a size folder of its configuration (`1000f1000`,
 * `300f300`…). The shop keeps one file per image (an SVG or a PNG drawn for every size) among its static
 * assets at `/images/products/{fileName}`, so every size folder answers that file. Names are checked: a
 * file name is a plain name with an extension, never a path.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

const SIZE = /^[0-9a-z]{1,24}$/i;
const FILE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,150}\.(?:svg|png|jpe?g|webp|avif)$/i;

export function productImageRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get('/product/:size/:file', async function productImage(c) {
    const { size, file } = c.req.param();
    if (!SIZE.test(size) || !FILE.test(file) || file.includes('..')) return c.body(null, 404);
    const asset = await c.env.ASSETS.fetch(new URL(`/images/products/${file}`, c.req.url));
    if (!asset.ok) return c.body(null, 404);
    const answer = new Response(asset.body, asset);
    answer.headers.set('Cache-Control', 'public, max-age=86400');
    return answer;
  });
  return routes;
}
