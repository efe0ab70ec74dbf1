// The analytics data layer's pure parts (spec §7, §9; issue 5 "Analytics"): items from the cards'
// data-item-* attributes, impressions in batches of 4, the GA4 event shapes, and when the tag manager
// may load.
import { describe, expect, test } from 'vitest';
import {
  IMPRESSION_BATCH_SIZE,
  createImpressionBatcher,
  itemFromDataset,
  selectItemEvent,
  analyticsConsented,
  withoutPrivateParameters,
  tagManagerAllowed,
  viewItemEvent,
  viewItemListEvent,
  type AnalyticsItem,
} from '../../client/browser/analytics';

function item(id: number, list = 'Nyheter'): AnalyticsItem {
  return { item_id: String(id), item_name: `Produkt ${id}`, item_list_name: list, index: id };
}

describe('impression batches', () => {
  test('impressions are pushed in batches of 4, nothing before a batch is full', () => {
    const pushed: AnalyticsItem[][] = [];
    const batcher = createImpressionBatcher((items) => pushed.push(items));
    expect(IMPRESSION_BATCH_SIZE).toBe(4);
    for (const id of [1, 2, 3]) batcher.add(item(id));
    expect(pushed).toEqual([]);
    batcher.add(item(4));
    expect(pushed.map((batch) => batch.map((entry) => entry.item_id))).toEqual([['1', '2', '3', '4']]);
    for (const id of [5, 6, 7, 8, 9]) batcher.add(item(id));
    expect(pushed.map((batch) => batch.length)).toEqual([4, 4]);
  });

  test('a flush pushes the smaller last batch once, and an empty flush pushes nothing', () => {
    const pushed: AnalyticsItem[][] = [];
    const batcher = createImpressionBatcher((items) => pushed.push(items));
    for (const id of [1, 2, 3, 4, 5, 6]) batcher.add(item(id));
    batcher.flush();
    batcher.flush();
    expect(pushed.map((batch) => batch.map((entry) => entry.item_id))).toEqual([
      ['1', '2', '3', '4'],
      ['5', '6'],
    ]);
  });

  test('a product seen twice in the same list counts once; in another list it counts again', () => {
    const pushed: AnalyticsItem[][] = [];
    const batcher = createImpressionBatcher((items) => pushed.push(items), 2);
    batcher.add(item(1, 'Nyheter'));
    batcher.add(item(1, 'Nyheter'));
    batcher.add(item(1, 'Populärt'));
    expect(pushed).toEqual([[item(1, 'Nyheter'), item(1, 'Populärt')]]);
  });
});

describe('items from data-item attributes', () => {
  test("a card's attributes become a GA4 item with a numeric price and index", () => {
    const dataset = {
      itemId: '391',
      itemName: 'Pentel Illumina Flex Highlighter green',
      itemBrand: 'Pentel',
      itemPrice: '15.2',
      itemCurrency: 'SEK',
      itemList: 'Nyheter',
      itemIndex: '6',
      itemCategory: 'Överstrykningspennor',
    };
    expect(itemFromDataset(dataset)).toEqual({
      item_id: '391',
      item_name: 'Pentel Illumina Flex Highlighter green',
      item_brand: 'Pentel',
      item_category: 'Överstrykningspennor',
      item_list_name: 'Nyheter',
      index: 6,
      price: 15.2,
      currency: 'SEK',
    });
  });

  test('empty or malformed attributes are left out, and an element without an id is no item', () => {
    expect(itemFromDataset({ itemId: '7', itemName: 'Gem', itemBrand: '', itemPrice: '', itemIndex: 'x' })).toEqual({
      item_id: '7',
      item_name: 'Gem',
    });
    expect(itemFromDataset({ itemName: 'Gem' })).toBeNull();
  });
});

describe('events', () => {
  test("view_item_list names the list when all items share it and takes the items' currency", () => {
    const items = [
      { ...item(1), currency: 'EUR' },
      { ...item(2), currency: 'EUR' },
    ];
    expect(viewItemListEvent(items, 'SEK')).toEqual({
      event: 'view_item_list',
      ecommerce: { currency: 'EUR', item_list_name: 'Nyheter', items: [item(1), item(2)] },
    });
    const mixed = viewItemListEvent([item(1, 'Nyheter'), item(2, 'Populärt')], 'SEK');
    expect(mixed.ecommerce).toEqual({ currency: 'SEK', items: [item(1, 'Nyheter'), item(2, 'Populärt')] });
  });

  test('select_item carries the clicked item; view_item its price as the value', () => {
    expect(selectItemEvent(item(3), 'SEK')).toEqual({
      event: 'select_item',
      ecommerce: { currency: 'SEK', item_list_name: 'Nyheter', items: [item(3)] },
    });
    const product = { item_id: '9', item_name: 'Häftapparat', price: 249 };
    expect(viewItemEvent(product, 'NOK')).toEqual({
      event: 'view_item',
      ecommerce: { currency: 'NOK', value: 249, items: [product] },
    });
  });
});

describe('tag manager', () => {
  test('it loads only with a configured container and neither Do Not Track nor Global Privacy Control', () => {
    expect(tagManagerAllowed('GTM-AB12CD3', {}, 'accepted')).toBe(true);
    expect(
      tagManagerAllowed('GTM-AB12CD3', { doNotTrack: 'unspecified', globalPrivacyControl: false }, 'accepted'),
    ).toBe(true);
    expect(tagManagerAllowed(null, {}, 'accepted')).toBe(false);
    expect(tagManagerAllowed('', {}, 'accepted')).toBe(false);
    expect(tagManagerAllowed('GTM-AB12CD3', { doNotTrack: '1' }, 'accepted')).toBe(false);
    expect(tagManagerAllowed('GTM-AB12CD3', { windowDoNotTrack: '1' }, 'accepted')).toBe(false);
    expect(tagManagerAllowed('GTM-AB12CD3', { globalPrivacyControl: true }, 'accepted')).toBe(false);
    expect(tagManagerAllowed('GTM-AB12CD3', {}, undefined)).toBe(false);
  });
});

describe('cookie consent (issue 12)', () => {
  test("the confirmation page's cart id never reaches analytics", () => {
    expect(withoutPrivateParameters('https://shop.example/checkout/confirm?orderId=abc&cartId=0123').href).toBe(
      'https://shop.example/checkout/confirm',
    );
  });

  test('a password reset key never reaches analytics either (issue 13)', () => {
    expect(
      withoutPrivateParameters(`https://shop.example/en/account/reset-password?key=${'a'.repeat(48)}&x=1`).href,
    ).toBe('https://shop.example/en/account/reset-password?x=1');
    expect(withoutPrivateParameters('https://shop.example/account/reset-password?resetKey=abc').href).toBe(
      'https://shop.example/account/reset-password',
    );
    // Issue 14: a withdrawal link's token.
    expect(withoutPrivateParameters('https://shop.example/en/withdrawal?t=eyJ.eyJ.sig&step=review').href).toBe(
      'https://shop.example/en/withdrawal?step=review',
    );
    // Issue 26: an external checkout's confirmation (the provider's order id and the cart).
    expect(
      withoutPrivateParameters('https://shop.example/se/sv/checkout/confirm?kid=ab-12&cartid=0123&utm_source=mail')
        .href,
    ).toBe('https://shop.example/se/sv/checkout/confirm?utm_source=mail');
    expect(withoutPrivateParameters('https://shop.example/checkout/confirm?sid=9017996&cartid=0123').href).toBe(
      'https://shop.example/checkout/confirm',
    );
  });

  test('with a container configured nothing is pushed before the shopper accepts', () => {
    expect(analyticsConsented({ gtm_id: 'GTM-AB12CD3', consent: null })).toBe(false);
    expect(analyticsConsented({ gtm_id: 'GTM-AB12CD3', consent: 'rejected' })).toBe(false);
    expect(analyticsConsented({ gtm_id: 'GTM-AB12CD3', consent: 'accepted' })).toBe(true);
    // No tag manager: the data layer stays on the page, nothing to consent to.
    expect(analyticsConsented({ gtm_id: null, consent: null })).toBe(true);
    expect(analyticsConsented(null)).toBe(false);
  });

  test('the tag manager needs the acceptance, and Do Not Track or Global Privacy Control still win', () => {
    expect(tagManagerAllowed('GTM-AB12CD3', {}, null)).toBe(false);
    expect(tagManagerAllowed('GTM-AB12CD3', {}, 'rejected')).toBe(false);
    expect(tagManagerAllowed('GTM-AB12CD3', {}, 'accepted')).toBe(true);
    expect(tagManagerAllowed('GTM-AB12CD3', { globalPrivacyControl: true }, 'accepted')).toBe(false);
    expect(tagManagerAllowed('GTM-AB12CD3', { doNotTrack: '1' }, 'accepted')).toBe(false);
  });
});
