// Spec §4 "Changing checkout market: cart reloaded, stored in cookie, broadcast": the checkout's own
// market picker is a plain form. The checkout market changes alone (the current market does not), the
// cart is read again in the chosen market's currency, prices and shipping country, and bad input or a
// post from another site changes nothing.
import { describe, expect, test } from 'vitest';
import { fetchWorker } from '../helpers';
import { createProduct } from './factories';
import { CookieJar, flashNotice, getPage, postForm } from './forms-helpers';
import { checkoutPage, shopperWithCart } from './checkout-page-helpers';

const decode = (html: string) => html.replace(/&nbsp;|\u00a0/g, ' ').replace(/\u202f/g, ' ');

/** The picker's options as the shopper reads them, the chosen one marked. */
function pickerOptions(html: string): string[] {
  const select = /<select[^>]*id="checkout-market"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
  return [...select.matchAll(/<option value="([^"]+)"( selected="")?>([^<]*)<\/option>/g)].map(
    (match) => `${match[1]}: ${match[3]}${match[2] ? ' (chosen)' : ''}`,
  );
}

const choose = (jar: CookieJar, alias: string, redirect = '/kassan', headers: Record<string, string> = {}) =>
  postForm('/api/checkout-market', { alias, redirect }, jar, headers);

describe("the checkout's market picker", () => {
  test('lists the markets with their currency, the checkout market chosen, as a plain form', async () => {
    const product = await createProduct({ prices: { '1|se': 8900, '1|fi': 990 } });
    const { jar } = await shopperWithCart(product.skuId, 1, 'se');
    const html = await checkoutPage(jar);
    expect(html).toContain('<form class="checkout-market" action="/api/checkout-market" method="post">');
    expect(html).toContain('<input type="hidden" name="redirect" value="/kassan"/>');
    expect(html).toContain('<label class="field__label" for="checkout-market">Land för leverans och betalning</label>');
    expect(pickerOptions(html)).toEqual([
      'se: Sverige (SEK) (chosen)',
      'dk: Danmark (DKK)',
      'no: Norge (NOK)',
      'fi: Finland (EUR)',
    ]);
  });

  test('choosing Finland shows the cart in euro with Finland as the country, and leaves the current market', async () => {
    // 89 kr in Sweden, 9,90 € in Finland (the product's own prices).
    const product = await createProduct({ name: 'Marknadspenna', prices: { '1|se': 8900, '1|fi': 990 } });
    const { jar } = await shopperWithCart(product.skuId, 1, 'se');
    expect(decode(await checkoutPage(jar))).toContain('>89 kr<');

    const answer = await choose(jar, 'fi');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/kassan');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    jar.take(answer);
    expect(jar.get('ralph-checkout-market')).toBe('fi');
    expect(jar.get('ralph-selected-market')).toBe('se');

    const html = await checkoutPage(jar);
    expect(flashNotice(html)?.text).toBe('Kassan visar nu Finland med priser i EUR.');
    expect(decode(html)).toContain('>9,90 €<');
    expect(decode(html)).not.toContain('>89 kr<');
    expect(html).toContain('<input type="hidden" name="country" value="FI"/>');
    expect(pickerOptions(html)).toContain('fi: Finland (EUR) (chosen)');

    // The rest of the shop stays in the current market: the product page is in kronor.
    const productPage = decode(await getPage(`/p/${product.alias}`, jar));
    expect(productPage).toContain('89 kr');
    expect(jar.get('ralph-checkout-market')).toBe('fi');
  });

  test('a shopper whose market came from their country keeps it, and keeps the checkout market they chose', async () => {
    const product = await createProduct({ prices: { '1|se': 8900, '1|dk': 6500 } });
    const { cartId } = await shopperWithCart(product.skuId, 1, 'se');
    const jar = new CookieJar({ 'ralph-cart': cartId });
    jar.take(await choose(jar, 'dk', '/kassan', { 'CF-IPCountry': 'SE' }));
    expect(jar.get('ralph-selected-market')).toBe('se');
    expect(jar.get('ralph-checkout-market')).toBe('dk');
    // A page shown after it (the shop's start page) does not undo the choice.
    await getPage('/', jar);
    expect(jar.get('ralph-checkout-market')).toBe('dk');
    expect(decode(await checkoutPage(jar))).toContain('>65 kr<');
  });

  test('changing the current market sets the checkout market too', async () => {
    const jar = new CookieJar({ 'ralph-selected-market': 'se', 'ralph-checkout-market': 'fi' });
    jar.take(await postForm('/api/market', { alias: 'dk', redirect: '/' }, jar));
    expect(jar.get('ralph-selected-market')).toBe('dk');
    expect(jar.get('ralph-checkout-market')).toBe('dk');
  });

  test('an unknown market changes nothing and says so; a redirect off the site goes to the checkout', async () => {
    const product = await createProduct({ prices: { '1|se': 8900 } });
    const { jar } = await shopperWithCart(product.skuId, 1, 'se');
    for (const alias of ['xx', 'SE', '', 'se;fi']) {
      const answer = await choose(jar, alias);
      expect(answer.status).toBe(303);
      expect(answer.headers.getSetCookie().join('\n')).not.toContain('ralph-checkout-market=');
      jar.take(answer);
      expect(flashNotice(await checkoutPage(jar))?.text).toBe(
        'Landet kunde inte väljas. Välj ett av länderna i listan.',
      );
    }
    for (const redirect of ['//evil.example/kassan', 'https://evil.example/', '/\\evil.example']) {
      const answer = await choose(jar, 'fi', redirect);
      expect(answer.headers.get('location')).toBe('/kassan');
    }
  });

  test('a post from another site changes nothing', async () => {
    const product = await createProduct({ prices: { '1|se': 8900 } });
    const { jar } = await shopperWithCart(product.skuId, 1, 'se');
    const answer = await choose(jar, 'fi', '/kassan', { Origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.headers.getSetCookie().join('\n')).not.toContain('ralph-checkout-market=');
    const link = await fetchWorker('/api/checkout-market?alias=fi&redirect=/kassan', {
      headers: { Cookie: jar.header() },
    });
    expect(link.headers.getSetCookie().join('\n')).not.toContain('ralph-checkout-market=');
  });
});
