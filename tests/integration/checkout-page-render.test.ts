// The checkout page as a shopper gets it: the undistracted layout, the cart in the checkout market's
// currency, the labelled form, shipping options for the zip, and the customer type's VAT display.
import { describe, expect, test } from 'vitest';
import { fetchWorker, graphql } from '../helpers';
import { findSkus, GET_CART, getCartVariables, PLAIN_SKU } from './cart-helpers';
import { CookieJar } from './forms-helpers';
import { createProduct } from './factories';
import { checkoutPage, postCheckout, shopperWithCart, swedishPerson } from './checkout-page-helpers';

async function plainSku(marketId = '1|se') {
  const [sku] = await findSkus(PLAIN_SKU, { marketId });
  return sku!;
}

/** The cart's first line total and cart total as the API formats them (market, language). */
async function apiTotals(cartId: string, market: string, languageId: string) {
  const { data } = await graphql(GET_CART, getCartVariables(cartId, market, languageId));
  const cart = data!.getCart;
  return {
    lineIncVat: cart.items[0].totalPrice.sellingPriceIncVatFormatted as string,
    lineExVat: cart.items[0].totalPrice.sellingPriceExVatFormatted as string,
  };
}

/** Every input, select and textarea id on the page has a visible <label for>. */
function unlabelledFields(html: string): string[] {
  const ids = [...html.matchAll(/<(?:input|textarea|select)(?![^>]*type="hidden")[^>]*\sid="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return ids.filter((id) => !html.includes(`for="${id}"`));
}

const decode = (html: string) => html.replace(/&nbsp;|\u00a0/g, ' ').replace(/\u202f/g, ' ');

describe('the checkout page', () => {
  test('an empty cart shows a clear empty state with a link to the shop, in the undistracted layout and not indexed', async () => {
    const response = await fetchWorker('/kassan');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const html = await response.text();
    expect(html).toContain('<h1 class="checkout__title">Kassan</h1>');
    expect(html).toContain('Din varukorg är tom');
    expect(html).toMatch(/<a class="button button--primary checkout-empty__link" href="\/">Börja handla<\/a>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('Säker kassa');
    // No menus, search, pickers or footer to lead away.
    expect(html).not.toContain('main-nav');
    expect(html).not.toContain('action="/api/search"');
    expect(html).not.toContain('<footer');
  });

  test('in Swedish the cart shows in SEK beside a form whose every field has a visible label', async () => {
    const product = await createProduct({ prices: { '1|se': 8900 } });
    const { jar } = await shopperWithCart(product.skuId, 2);
    const html = await checkoutPage(jar);
    // Two units at 89 kr: 178 kr, as Swedish prints it.
    expect(decode(html)).toContain('>178 kr<');
    expect(html).toContain('data-island="Checkout"');
    expect(html).toMatch(/<form class="checkout-form"[^>]* action="\/api\/checkout" method="post"/);
    for (const label of [
      'E-post',
      'Mobilnummer',
      'Förnamn',
      'Efternamn',
      'Gatuadress',
      'Postnummer',
      'Ort',
      'Land',
      'Personnummer',
      'Organisationsnummer',
    ]) {
      expect(html).toMatch(new RegExp(`<label class="field__label" for="checkout-[\\w-]+">${label}</label>`));
    }
    expect(unlabelledFields(html)).toEqual([]);
    expect(html).toContain('value="Sverige"');
    // Swish is offered in Sweden; the terms link to the terms page; 'Slutför köp' submits the order.
    expect(html).toContain('>Swish<');
    expect(html).toContain('href="/kopvillkor"');
    expect(html).toMatch(
      /<button class="button button--primary checkout-finish__submit" type="submit"[^>]* value="place" name="intent">Slutför köp<\/button>/,
    );
  });

  test('in English with the Danish checkout market the cart is in DKK, the country is Denmark and there is no Swish', async () => {
    const product = await createProduct({ prices: { '1|se': 8900, '1|dk': 6500 } });
    const { jar } = await shopperWithCart(product.skuId, 1, 'dk');
    const html = await checkoutPage(jar, '/en/checkout');
    expect(html).toContain('<h1 class="checkout__title">Checkout</h1>');
    // 65 Danish kroner, the shop's way in English too (the amount, then kr).
    expect(decode(html)).toContain('>65 kr<');
    expect(html).toContain('"currency":"DKK"');
    expect(html).toContain('value="Denmark"');
    expect(html).toContain('<input type="hidden" name="country" value="DK"/>');
    expect(html).not.toContain('>Swish<');
    expect(html).toContain('href="/en/terms-and-conditions"');
  });

  test("saving a zip lists the market's carriers with fee and delivery estimate; a zip no carrier serves says so", async () => {
    const { jar } = await shopperWithCart((await plainSku()).id);
    let html = await checkoutPage(jar);
    expect(html).toContain('Ange ditt postnummer så visar vi fraktalternativen.');

    const saved = await postCheckout(jar, swedishPerson({ intent: 'save', zip: '114 55' }));
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/kassan#checkout-shipping');
    html = await checkoutPage(jar);
    for (const carrier of ['PostNord Ombud', 'Budbee Hemleverans', 'DHL Express']) expect(html).toContain(carrier);
    expect(html).toContain('Leverans inom 2–3 arbetsdagar');
    expect(decode(html)).toContain('149 kr');

    await postCheckout(jar, swedishPerson({ intent: 'save', zip: '0000' }));
    html = await checkoutPage(jar);
    expect(html).toContain('Hittade inga fraktalternativ för angivet postnummer');
    expect(html).not.toContain('PostNord Ombud');
  });

  test('what the shopper saved fills the form again, the message and the terms tick too', async () => {
    const { jar } = await shopperWithCart((await plainSku()).id);
    await postCheckout(
      jar,
      swedishPerson({
        intent: 'save',
        message: 'Ring på porttelefonen',
        separateDelivery: 'on',
        deliveryFirstName: 'Bo',
        deliveryLastName: 'Ek',
        deliveryAddressLine1: 'Vägen 2',
        deliveryZip: '211 20',
        deliveryCity: 'Malmö',
      }),
    );
    const html = await checkoutPage(jar);
    for (const value of [
      'anna.svensson@example.com',
      '0701234567',
      'Anna',
      'Svensson',
      'Storgatan 1',
      '114 55',
      'Stockholm',
      'Bo',
      'Vägen 2',
      '211 20',
      'Malmö',
    ]) {
      expect(html).toContain(`value="${value}"`);
    }
    expect(html).toContain('>Ring på porttelefonen</textarea>');
    expect(html).toMatch(/id="checkout-separateDelivery"[^>]*checked=""/);
    expect(html).toMatch(/id="checkout-terms"[^>]*checked=""/);
    expect(html).toMatch(/id="checkout-payment-3"[^>]*checked=""/);
  });

  test('choosing Företag keeps the choice and shows every price excluding VAT', async () => {
    const { jar, cartId } = await shopperWithCart((await plainSku()).id);
    await postCheckout(jar, swedishPerson({ intent: 'save', customerType: 'ORGANIZATION', company: 'Kontor AB' }));
    expect(jar.get('ralph-user-type')).toBe('ORGANIZATION');
    const html = await checkoutPage(jar);
    const totals = await apiTotals(cartId, 'se', 'sv-SE');
    expect(decode(html)).toContain(decode(totals.lineExVat));
    expect(decode(html)).not.toContain(`>${decode(totals.lineIncVat)}<`);
    expect(html).toMatch(/id="checkout-customer-type-ORGANIZATION"[^>]*checked=""/);
    expect(html).toContain('Priserna visas exklusive moms');
    // A Företag still pays including VAT: the summary says what is VAT and what is to pay.
    expect(html).toContain('<dt>Totalt (exkl. moms)</dt>');
    expect(html).toContain('<dt>Moms</dt>');
    expect(html).toContain('<dt>Att betala</dt>');
    expect(html).toContain('value="Kontor AB"');
  });

  test('a cart that was already ordered shows the empty state', async () => {
    const { jar } = await shopperWithCart((await plainSku()).id);
    await postCheckout(jar, swedishPerson());
    const html = await checkoutPage(new CookieJar({ 'ralph-cart': jar.get('ralph-cart')! }));
    expect(html).toContain('Din varukorg är tom');
  });
});
