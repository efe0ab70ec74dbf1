// Issue 14, docs/decisions/010-price-rounding.md: a computed price (a campaign, a percent code) is rounded
// half up to whole kronor in SEK, DKK and NOK and to the cent in EUR, once, in pricing, so the product,
// the list's price filter, the cart and its totals all say the same. And gift cards and balance are
// payment, not discount: the cart's VAT stays the sale's whole VAT however it is paid.
import { describe, expect, test } from 'vitest';
import { env, graphql } from '../helpers';
import {
  addToCart,
  GET_CART,
  getCartVariables,
  graphqlAs,
  loggedInCustomer,
  newCart,
  setPromoCode,
} from './cart-helpers';
import { CookieJar } from './forms-helpers';
import { checkoutPage } from './checkout-page-helpers';
import { createProduct } from './factories';

const PRODUCT_PRICE = /* GraphQL */ `
  query productPrice($alias: String!, $marketId: String, $languageId: String) {
    product(alias: $alias, marketId: $marketId, languageId: $languageId) {
      unitPrice {
        sellingPriceIncVat
        sellingPriceExVat
        sellingPriceIncVatFormatted
        discountPercentage
      }
    }
  }
`;

const CAMPAIGN_LIST = /* GraphQL */ `
  query campaignList($discountCampaignAlias: String, $filter: FilterInputType, $marketId: String) {
    products(discountCampaignAlias: $discountCampaignAlias, filter: $filter, marketId: $marketId, take: 10) {
      count
    }
  }
`;

/** setCartPromoCode with the cart's rules as the shop reads them (a gift card is a GIFT_CARD rule). */
const SET_CODE = /* GraphQL */ `
  mutation setCode($id: String!, $promoCode: String!) {
    setCartPromoCode(id: $id, promoCode: $promoCode, marketId: "se", languageId: "sv-SE") {
      promoCode
      appliedCampaigns {
        campaignId
        name
        ruleType
      }
      summary {
        total {
          sellingPriceIncVat
          sellingPriceExVat
          vat
        }
        balance {
          pending
          totalSellingPriceExBalanceIncVat
        }
      }
    }
  }
`;

async function setCode(cartId: string, promoCode: string) {
  const { data, errors } = await graphql(SET_CODE, { id: cartId, promoCode });
  expect(errors).toBeUndefined();
  return data!.setCartPromoCode;
}

/** Intl keeps amount and currency together with a no-break space. */
const nbsp = (text: string) => text.replaceAll(' ', '\u00a0');

/** One product, 10 % off in every market: 139 kr, 145 kr (DKK), 139 kr (NOK), 12,95 €. */
function tenPercentOff() {
  return createProduct({
    prices: { '1|se': 13900, '1|dk': 14500, '1|no': 13900, '1|fi': 1295 },
    campaign: { percent: 10, name: 'Avrundningsrea' },
  });
}

describe('campaign prices are rounded by the currency', () => {
  test.each([
    // market, language, selling price and its ex-VAT part (major units), as the shopper reads it, two of them
    ['se', 'sv-SE', 125, 100, '125 kr', 250], // 139 × 0,9 = 125,10 → 125 kr; 125 / 1,25 = 100 kr
    ['dk', 'da-DK', 131, 104.8, '131 kr.', 262], // 145 × 0,9 = 130,50 → 131 kr (half up); 131 / 1,25 = 104,80
    ['no', 'nb-NO', 125, 100, '125 kr', 250], // 139 × 0,9 = 125,10 → 125 kr
    // 12,95 × 0,9 = 11,655 → 11,66 €; ex VAT at the factory's 25 %: 11,66 / 1,25 = 9,328 → 9,33 €
    ['fi', 'fi-FI', 11.66, 9.33, '11,66 €', 23.32],
  ])(
    'in %s the product, a cart line and the list filter agree',
    async (market, languageId, selling, exVat, text, two) => {
      const product = await tenPercentOff();
      const { data } = await graphql(PRODUCT_PRICE, { alias: product.alias, marketId: market, languageId });
      expect(data!.product.unitPrice).toEqual({
        sellingPriceIncVat: selling,
        sellingPriceExVat: exVat,
        sellingPriceIncVatFormatted: nbsp(text),
        discountPercentage: 10,
      });

      const cartId = await newCart(market, languageId);
      const added = await addToCart(cartId, product.skuId, 2, { marketId: market, languageId });
      expect(added.errors).toBeUndefined();
      const cart = added.data!.addToCart;
      expect(cart.items[0].unitPrice.sellingPriceIncVat).toBe(selling);
      expect(cart.summary.subTotal.sellingPriceIncVat).toBe(two);

      // The list filters by the same rounded price (SQL): exactly the shown price finds it.
      const list = (price: number) =>
        graphql(CAMPAIGN_LIST, {
          discountCampaignAlias: product.campaignAlias,
          filter: { price: { lowest: price, highest: price } },
          marketId: market,
        });
      expect((await list(selling)).data!.products.count).toBe(1);
    },
  );

  test('a percent code rounds again from the rounded campaign price: 125 kr − 10 % = 112,50 → 113 kr', async () => {
    const product = await tenPercentOff();
    const cartId = await newCart();
    await addToCart(cartId, product.skuId, 1);
    const { data, errors } = await setPromoCode(cartId, 'VALKOMMEN10');
    expect(errors).toBeUndefined();
    expect(data!.setCartPromoCode.items[0].unitPrice).toMatchObject({
      sellingPriceIncVat: 113,
      regularPriceIncVat: 139,
    });
  });
});

describe('gift cards and balance are payment: the VAT stays the sale’s', () => {
  test('with 50 kr of balance: total 174 kr, VAT 34,80 kr, balance −50 kr, to pay 124 kr', async () => {
    // 139 kr − 10 % = 125 kr (VAT 125 − 100 = 25,00 kr) + 49 kr shipping (VAT 49 − 39,20 = 9,80 kr) = 174 kr,
    // VAT 34,80 kr. The balance pays 50 kr of it: 124 kr left to pay, and the VAT is still 34,80 kr (the old
    // proportional split said 124 × 34,80 / 174 = 24,80 kr).
    const customer = await loggedInCustomer(`saldo-moms-${crypto.randomUUID().slice(0, 8)}@example.se`);
    await env.DB.prepare(
      "INSERT INTO balance_transactions (customer_id, currency_code, amount, note, created_at) VALUES (?, 'SEK', 5000, 'refund', ?)",
    )
      .bind(customer.id, new Date().toISOString())
      .run();
    const product = await tenPercentOff();
    const cartId = await newCart();
    await addToCart(cartId, product.skuId, 1);

    const { data } = await graphqlAs(customer.token, GET_CART, getCartVariables(cartId));
    const summary = data!.getCart.summary;
    expect(summary.balance).toMatchObject({
      pending: 50,
      totalSellingPriceExBalanceIncVat: 174,
      totalSellingPriceExBalanceExVat: 139.2,
      totalSellingPriceExBalanceIncVatFormatted: nbsp('174 kr'),
    });
    // What is left to pay, with the sale's whole VAT; its ex-VAT part is 124 − 34,80 = 89,20 kr.
    expect(summary.total).toMatchObject({
      sellingPriceIncVat: 124,
      sellingPriceExVat: 89.2,
      vat: 34.8,
      vatFormatted: nbsp('34,80 kr'),
    });

    // The cart summary beside the checkout says the same, row by row.
    const html = await checkoutPage(
      new CookieJar({
        'ralph-cart': cartId,
        'ralph-auth': customer.token,
        'ralph-selected-market': 'se',
        'ralph-checkout-market': 'se',
      }),
    );
    const rows = summaryRows(html);
    expect(rows).toEqual([
      ['Delsumma', '139 kr'],
      ['Rabatt', '−14 kr'],
      ['Frakt', '49 kr'],
      ['Totalt (inkl. moms)', '174 kr'],
      ['Varav moms', '34,80 kr'],
      ['Saldo och presentkort', '−50 kr'],
      ['Att betala', '124 kr'],
    ]);
  });

  test('a gift card shows as a gift card, pays the sale without lowering its VAT, and comes off again', async () => {
    // PRESENT-1000 has 350 kr left. 139 kr − 10 % = 125 kr + 49 kr shipping = 174 kr, VAT 34,80 kr: the card
    // pays all 174 kr and 350 − 174 = 176 kr stays on it.
    const product = await tenPercentOff();
    const cartId = await newCart();
    await addToCart(cartId, product.skuId, 1);
    const cart = await setCode(cartId, 'present-1000');
    expect(cart.promoCode).toBeNull();
    expect(cart.appliedCampaigns).toContainEqual(
      expect.objectContaining({
        campaignId: 'gift-card:PRESENT-1000',
        name: 'Presentkort PRESENT-1000 betalar 174\u00a0kr, 176\u00a0kr finns kvar på kortet efter köpet',
      }),
    );
    expect(cart.summary.balance).toMatchObject({ pending: 174, totalSellingPriceExBalanceIncVat: 174 });
    expect(cart.summary.total).toMatchObject({ sellingPriceIncVat: 0, sellingPriceExVat: 0, vat: 34.8 });
    // Nothing is spent before the order is placed.
    const card = await env.DB.prepare("SELECT balance FROM gift_cards WHERE code = 'PRESENT-1000'").first<{
      balance: number;
    }>();
    expect(card!.balance).toBe(35000);

    const jar = new CookieJar({ 'ralph-cart': cartId, 'ralph-selected-market': 'se', 'ralph-checkout-market': 'se' });
    const html = await checkoutPage(jar);
    expect(text(html)).toContain('Presentkort PRESENT-1000 betalar 174 kr, 176 kr finns kvar på kortet efter köpet');
    expect(text(html)).not.toContain('Rabattkoden PRESENT-1000');
    expect(html).toMatch(
      /<button type="submit" class="button button--ghost">Ta bort presentkortet<span class="visually-hidden"> <!-- -->PRESENT-1000<\/span><\/button>/,
    );
    expect(summaryRows(html)).toContainEqual(['Varav moms', '34,80 kr']);
    expect(summaryRows(html)).toContainEqual(['Att betala', '0 kr']);

    // With the API, '' takes the gift card off (there is no promo code to take first).
    const removed = await setCode(cartId, '');
    expect(removed.appliedCampaigns).not.toContainEqual(
      expect.objectContaining({ campaignId: 'gift-card:PRESENT-1000' }),
    );
    expect(removed.summary.total).toMatchObject({ sellingPriceIncVat: 174, vat: 34.8 });
  });

  test('with a promo code and a gift card, remove takes the promo code first, then the gift card', async () => {
    const product = await createProduct({ prices: { '1|se': 13900 } });
    const cartId = await newCart();
    await addToCart(cartId, product.skuId, 1);
    await setCode(cartId, 'PRESENT-500');
    const both = await setCode(cartId, 'FRAKTFRITT');
    expect(both.promoCode).toBe('FRAKTFRITT');
    expect(both.appliedCampaigns).toContainEqual(
      expect.objectContaining({ campaignId: 'gift-card:PRESENT-500', ruleType: 'GIFT_CARD' }),
    );
    const first = await setCode(cartId, '');
    expect(first.promoCode).toBeNull();
    expect(first.appliedCampaigns).toContainEqual(expect.objectContaining({ campaignId: 'gift-card:PRESENT-500' }));
    const second = await setCode(cartId, '');
    expect(second.appliedCampaigns).not.toContainEqual(
      expect.objectContaining({ campaignId: 'gift-card:PRESENT-500' }),
    );
  });
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\u00a0\u202f]|&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');

/** The cart summary's rows (label, value) as the page shows them. */
function summaryRows(html: string): [string, string][] {
  return [...html.matchAll(/<div class="cart-summary__row[^"]*" data-row="\w+"><dt>(.*?)<\/dt><dd>(.*?)<\/dd>/g)].map(
    (m) => [text(m[1]!).trim(), text(m[2]!).trim()],
  );
}
