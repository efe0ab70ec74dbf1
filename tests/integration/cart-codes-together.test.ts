// Spec §4 'Promo code: entered, then active with remove option' with a promo code and a gift card on one
// cart (the API takes both): each is entered, shown and removed on its own, through the API, the no-JS
// forms (POST /api/cart/promo-code) and the checkout page that renders them.
import { describe, expect, test } from 'vitest';
import { graphql } from '../helpers';
import { addToCart, newCart } from './cart-helpers';
import { checkoutPage, shopperWithCart } from './checkout-page-helpers';
import { createProduct } from './factories';
import { flashNotice, postForm } from './forms-helpers';

const SET_CODE = /* GraphQL */ `
  mutation setCode($id: String!, $promoCode: String!) {
    setCartPromoCode(id: $id, promoCode: $promoCode, marketId: "se", languageId: "sv-SE") {
      promoCode
      appliedCampaigns {
        campaignId
        ruleType
      }
    }
  }
`;

interface CodesAnswer {
  promoCode: string | null;
  appliedCampaigns: { campaignId: string; ruleType: string | null }[];
}

async function setCode(id: string, promoCode: string): Promise<CodesAnswer> {
  const { data, errors } = await graphql<{ setCartPromoCode: CodesAnswer }>(SET_CODE, { id, promoCode });
  expect(errors).toBeUndefined();
  return data!.setCartPromoCode;
}

const giftCards = (answer: CodesAnswer) =>
  answer.appliedCampaigns.filter((rule) => rule.ruleType === 'GIFT_CARD').map((rule) => rule.campaignId);

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\u00a0\u202f]|&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');

/** The checkout cart's remove forms: what each sends (remove, code) and its button's words. */
function removeForms(html: string): { remove: string; code: string; button: string }[] {
  return [...html.matchAll(/<form class="promo-code__entry"[\s\S]*?<\/form>/g)].map(([form]) => ({
    remove: /name="remove" value="([^"]*)"/.exec(form)![1]!,
    code: /name="code" value="([^"]*)"/.exec(form)![1]!,
    button: text(/<button[^>]*>([\s\S]*?)<\/button>/.exec(form)![1]!).trim(),
  }));
}

describe('a promo code and a gift card through the API', () => {
  test("'-CODE' takes that one code off and leaves the other, whichever came first", async () => {
    const product = await createProduct({ prices: { '1|se': 13900 } });
    const cartId = await newCart();
    await addToCart(cartId, product.skuId, 1);
    await setCode(cartId, 'VALKOMMEN10');
    const both = await setCode(cartId, 'present-500');
    expect(both.promoCode).toBe('VALKOMMEN10');
    expect(giftCards(both)).toEqual(['gift-card:PRESENT-500']);

    const withoutCard = await setCode(cartId, '-PRESENT-500');
    expect(withoutCard.promoCode).toBe('VALKOMMEN10');
    expect(giftCards(withoutCard)).toEqual([]);

    await setCode(cartId, 'PRESENT-500');
    const withoutPromo = await setCode(cartId, '-valkommen10');
    expect(withoutPromo.promoCode).toBeNull();
    expect(giftCards(withoutPromo)).toEqual(['gift-card:PRESENT-500']);
    // A code that is no longer on the cart changes nothing (a second click on remove).
    expect(giftCards(await setCode(cartId, '-VALKOMMEN10'))).toEqual(['gift-card:PRESENT-500']);
  });
});

describe('a promo code and a gift card without JavaScript', () => {
  test('both are entered and shown on the checkout, each with its own remove, and each comes off alone', async () => {
    // 139 kr − 10 % = 125 kr + 49 kr shipping = 174 kr; PRESENT-500 pays it all and 500 − 174 = 326 kr stays.
    const product = await createProduct({ prices: { '1|se': 13900 } });
    const { jar } = await shopperWithCart(product.skuId, 1);
    await postForm('/api/cart/promo-code', { code: 'VALKOMMEN10', redirect: '/kassan' }, jar);
    await postForm('/api/cart/promo-code', { code: 'PRESENT-500', redirect: '/kassan' }, jar);
    const both = await checkoutPage(jar);
    expect(flashNotice(both)?.text).toBe('Presentkortet PRESENT-500 används som betalning');
    expect(text(both)).toContain('Rabattkoden VALKOMMEN10 är aktiv');
    expect(text(both)).toContain('Presentkort PRESENT-500 betalar 174 kr, 326 kr finns kvar på kortet efter köpet');
    expect(removeForms(both)).toEqual([
      { remove: 'promo', code: 'VALKOMMEN10', button: 'Ta bort rabattkoden VALKOMMEN10' },
      { remove: 'giftCard', code: 'PRESENT-500', button: 'Ta bort presentkortet PRESENT-500' },
    ]);
    // The field for another code stays.
    expect(both).toContain('id="cart-promo-code"');

    await postForm('/api/cart/promo-code', { remove: 'giftCard', code: 'PRESENT-500', redirect: '/kassan' }, jar);
    const promoOnly = await checkoutPage(jar);
    expect(flashNotice(promoOnly)?.text).toBe('Presentkortet har tagits bort');
    expect(text(promoOnly)).toContain('Rabattkoden VALKOMMEN10 är aktiv');
    expect(text(promoOnly)).not.toContain('Presentkort PRESENT-500');

    await postForm('/api/cart/promo-code', { code: 'PRESENT-500', redirect: '/kassan' }, jar);
    await postForm('/api/cart/promo-code', { remove: 'promo', code: 'VALKOMMEN10', redirect: '/kassan' }, jar);
    const cardOnly = await checkoutPage(jar);
    expect(flashNotice(cardOnly)?.text).toBe('Rabattkoden har tagits bort');
    expect(text(cardOnly)).not.toContain('Rabattkoden VALKOMMEN10 är aktiv');
    // Without the code the sale is 139 kr + 49 kr = 188 kr, all paid by the card: 312 kr stays.
    expect(text(cardOnly)).toContain('Presentkort PRESENT-500 betalar 188 kr, 312 kr finns kvar på kortet efter köpet');
    expect(removeForms(cardOnly)).toEqual([
      { remove: 'giftCard', code: 'PRESENT-500', button: 'Ta bort presentkortet PRESENT-500' },
    ]);
  });
});
