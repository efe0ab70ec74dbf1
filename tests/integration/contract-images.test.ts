// Issue 25, the Geins contract, images: the reference storefront asks for `/product/{size}/{fileName}`
// (ralph-ui components/atoms/CaImage: imageServer + '/' + type + '/' + folder + '/' + encoded fileName).
// Those were 404; every size folder now answers the image file, and nothing else is reachable that way.
import { describe, expect, test } from 'vitest';
import { fetchWorker, graphql } from '../helpers';

describe('product images at the reference path', () => {
  test('a product image named by the API is served at /product/<size>/<fileName>, for any size folder', async () => {
    const { data } = await graphql<{ products: { products: { productImages: { fileName: string }[] }[] } }>(
      '{ products(take: 1) { products { productImages { fileName } } } }',
    );
    const fileName = data!.products.products[0]!.productImages[0]!.fileName;
    expect(fileName).toMatch(/\.(svg|png)$/);
    for (const size of ['1000f1000', '300f300', 'raw']) {
      const image = await fetchWorker(`/product/${size}/${encodeURIComponent(fileName)}`);
      expect(image.status, size).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\/(svg\+xml|png)/);
      expect(image.headers.get('cache-control')).toBe('public, max-age=86400');
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  test('unknown files and anything but a plain image name are 404', async () => {
    for (const path of [
      '/product/1000f1000/no-such-image.svg',
      '/product/1000f1000/..%2F..%2Fwrangler.toml',
      '/product/1000f1000/favicon.txt',
      '/product/../images/products/x.svg',
    ])
      expect((await fetchWorker(path)).status, path).toBe(404);
  });
});
