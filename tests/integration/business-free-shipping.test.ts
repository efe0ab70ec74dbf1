// Spec §4: a business shopper ("Företag", customer type ORGANIZATION) sees every amount ex VAT, the
// shipping terms and the distance to free shipping too (spec §9: shipping 49 kr, free above 499 kr; at
// 25 % VAT that is 39,20 kr and 399,20 kr). And the terms read '499 kr' in English as well (the amount first).
import { describe, expect, test } from 'vitest';
import { checkoutPage, shopperWithCart } from './checkout-page-helpers';
import { createProduct } from './factories';
import { getPage, CookieJar } from './forms-helpers';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\u00a0\u202f]|&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');

const sweden = (customerType: 'PERSON' | 'ORGANIZATION') =>
  new CookieJar({ 'ralph-selected-market': 'se', 'ralph-user-type': customerType });

describe('the shipping terms in the header and footer', () => {
  test('a private shopper reads 49 kr and free shipping above 499 kr, including VAT', async () => {
    const page = text(await getPage('/', sweden('PERSON')));
    expect(page).toContain('Fri frakt över 499 kr');
    expect(page).toContain('Frakt 49 kr, fri frakt över 499 kr');
  });

  test('a business shopper reads them ex VAT: 39,20 kr and free shipping above 399,20 kr', async () => {
    const page = text(await getPage('/', sweden('ORGANIZATION')));
    expect(page).toContain('Fri frakt över 399,20 kr');
    expect(page).toContain('Frakt 39,20 kr, fri frakt över 399,20 kr');
    // (The home page's editorial text is the merchant's own words and keeps its '499 kr'.)
    expect(page).not.toContain('Fri frakt över 499 kr ·');
  });

  test('in English the limit reads 499 kr, the amount first', async () => {
    const page = text(await getPage('/en', sweden('PERSON')));
    expect(page).toContain('Free shipping above 499 kr');
    expect(page).toContain('Shipping 49 kr, free above 499 kr');
  });
});

describe('the distance to free shipping in the checkout’s cart', () => {
  test('125 kr of goods: 374 kr left for a private shopper, 299,20 kr ex VAT for a business shopper', async () => {
    // 499 kr − 125 kr = 374 kr including VAT; 374 / 1,25 = 299,20 kr ex VAT.
    const product = await createProduct({ prices: { '1|se': 12500 } });
    const { jar } = await shopperWithCart(product.skuId, 1);
    expect(text(await checkoutPage(jar))).toContain('374 kr kvar till fri frakt');
    jar.cookies.set('ralph-user-type', 'ORGANIZATION');
    const business = text(await checkoutPage(jar));
    expect(business).toContain('299,20 kr kvar till fri frakt');
    expect(business).not.toContain('374 kr');
  });
});
