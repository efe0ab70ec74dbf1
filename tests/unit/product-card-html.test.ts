// A list's product cards are written as strings (issue 15's render budget), not rendered by React: the
// markup must be what React wrote, every value escaped the way React escapes it, and the favorite
// toggle's label (its text around the name is kept per translator) must name each card's own product.
import { describe, expect, test } from 'vitest';
import { createTranslator } from '../../locales';
import { productCardHtml, type ProductCardData } from '../../client/views/components/ProductCard';
import { escapeHtml } from '../../client/views/components/html-string';
import type { ShopContextValue } from '../../client/views/components/ShopContext';
import { swedishShop } from './swedish-shop';

function shopFor(overrides: Partial<ShopContextValue> = {}): ShopContextValue {
  return swedishShop({ currentPath: '/c/pennor?sort=latest&page=2', ...overrides });
}

/** The grid's form the cards post through (ProductGrid.tsx). */
const CARD = { formId: 'cards-actions' };

const pen: ProductCardData = {
  productId: 12,
  name: 'Caran d\'Ache 849 "Classic" <blå>',
  alias: 'caran-dache-849-bla-12',
  brand: { name: "Caran d'Ache" },
  productImages: [{ fileName: 'pen-blue.svg' }],
  unitPrice: {
    isDiscounted: true,
    discountPercentage: 20,
    sellingPriceIncVat: 100,
    sellingPriceExVat: 80,
    sellingPriceIncVatFormatted: '100\u00a0kr',
    sellingPriceExVatFormatted: '80\u00a0kr',
    regularPriceIncVatFormatted: '125\u00a0kr',
    regularPriceExVatFormatted: '100\u00a0kr',
  },
  discountCampaigns: [{ name: 'Vinterrea', hideTitle: false }],
  skus: [{ skuId: 34, productId: 12, stock: { inStock: 3, oversellable: 0, static: null, totalStock: 3 } }],
} as ProductCardData;

describe('product card markup', () => {
  test('is the markup React wrote for a discounted pen with few left, values escaped as React does', () => {
    const html = productCardHtml(shopFor(), pen, {
      formId: 'list-products-actions',
      listName: 'Pennor & penslar',
      index: 48,
      eagerImage: true,
    });
    expect(html).toBe(
      '<article class="product-card" data-item-id="12" data-item-name="Caran d&#x27;Ache 849 &quot;Classic&quot; &lt;blå&gt;"' +
        ' data-item-brand="Caran d&#x27;Ache" data-item-price="100" data-item-currency="SEK"' +
        ' data-item-list="Pennor &amp; penslar" data-item-index="48">' +
        '<div class="product-card__body"><div class="product-card__media">' +
        '<img src="/images/products/pen-blue.svg" alt="" width="600" height="600" loading="eager" fetchPriority="high" decoding="async"/>' +
        '<span class="badge badge--discount">-20 %</span>' +
        '<span class="product-card__campaign">Vinterrea</span>' +
        '</div>' +
        '<p class="product-card__brand">Caran d&#x27;Ache</p>' +
        '<h3 class="product-card__name"><a class="product-card__link" href="/p/caran-dache-849-bla-12">' +
        'Caran d&#x27;Ache 849 &quot;Classic&quot; &lt;blå&gt;</a></h3>' +
        '<p class="product-card__price"><span class="price price--sale">100\u00a0kr</span>' +
        '<span class="price price--regular">Ordinarie pris 125\u00a0kr</span>' +
        '<span class="price__vat">inkl. moms</span></p>' +
        '<p class="stock-state stock-state--few-left"><span class="stock-state__dot" aria-hidden="true"></span>' +
        'Endast 3 kvar i lager</p></div>' +
        // No form of its own: the heart and the buy button post through the grid's form, naming the product.
        '<button type="submit" form="list-products-actions" formaction="/api/favorites/toggle" name="productId"' +
        ' value="12" class="favorite-button favorite-button--card" aria-pressed="false"' +
        ' aria-label="Spara Caran d&#x27;Ache 849 &quot;Classic&quot; &lt;blå&gt; som favorit"></button>' +
        '<button type="submit" form="list-products-actions" name="productId" value="12" data-sku-id="34"' +
        ' class="button button--buy card-buy"' +
        ' aria-label="Köp Caran d&#x27;Ache 849 &quot;Classic&quot; &lt;blå&gt;">Köp</button>' +
        '</article>',
    );
  });

  test('a name with characters beyond Latin-1 is written with character references, read as the same name', () => {
    const html = productCardHtml(shopFor(), { ...pen, name: 'Pärm A4 – svart ™ 😀' } as ProductCardData, CARD);
    expect(html).toContain('data-item-name="Pärm A4 &#8211; svart &#8482; &#128512;"');
    expect(html).toContain('href="/p/caran-dache-849-bla-12">Pärm A4 &#8211; svart &#8482; &#128512;</a>');
    expect(html).toContain('aria-label="Köp Pärm A4 &#8211; svart &#8482; &#128512;"');
    expect(html).not.toMatch(/[\u0100-\uffff]/);
  });

  test('a plain product ex VAT: no badge, no analytics list, a lazy image, a size choice, a pressed heart', () => {
    const shirt = {
      productId: 7,
      name: 'T-shirt',
      alias: 't-shirt-7',
      brand: null,
      productImages: [],
      unitPrice: { ...pen.unitPrice!, isDiscounted: false, sellingPriceExVatFormatted: '80\u00a0kr' },
      discountCampaigns: [],
      skus: [
        { skuId: 1, productId: 7, stock: { inStock: 40, oversellable: 0, static: null, totalStock: 40 } },
        { skuId: 2, productId: 7, stock: { inStock: 0, oversellable: 0, static: null, totalStock: 0 } },
      ],
    } as ProductCardData;
    const html = productCardHtml(shopFor({ pricesIncludeVat: false, favoriteIds: new Set([7]) }), shirt, {
      ...CARD,
      headingLevel: 2,
    });
    expect(html).toContain(
      'data-item-brand="" data-item-price="100" data-item-currency="SEK"><div class="product-card__body"><div',
    );
    expect(html).not.toContain('data-item-list');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('badge');
    expect(html).toContain('aria-pressed="true" aria-label="Spara T-shirt som favorit"');
    expect(html).toContain('<p class="product-card__brand"></p><h2 class="product-card__name">');
    expect(html).toContain('<span class="price">80\u00a0kr</span><span class="price__vat">exkl. moms</span>');
    expect(html).toContain(
      'stock-state--in-stock"><span class="stock-state__dot" aria-hidden="true"></span>I lager</p>',
    );
    expect(html).toContain(
      '<a class="button button--ghost card-buy" href="/p/t-shirt-7" aria-label="Välj storlek T-shirt">Välj storlek</a></article>',
    );
  });

  test('a card of a product with static stock says it is always in stock, in the page’s language', () => {
    const binder = {
      ...pen,
      skus: [{ skuId: 35, productId: 12, stock: { inStock: 0, oversellable: 0, static: 1000, totalStock: 1000 } }],
    } as ProductCardData;
    expect(productCardHtml(shopFor(), binder, CARD)).toContain(
      '<p class="stock-state stock-state--static"><span class="stock-state__dot" aria-hidden="true"></span>Alltid i lager</p>',
    );
    expect(productCardHtml(shopFor({ locale: 'nb', t: createTranslator('nb') }), binder, CARD)).toContain(
      'Alltid på lager</p>',
    );
  });

  test("each card's heart names its own product, in the page's language", () => {
    const t = createTranslator('en');
    const shop = shopFor({ locale: 'en', t });
    const names = ['Blue pen', 'Red pen', 'Stapler {{name}}'].map(
      (name) =>
        productCardHtml(shop, { ...pen, name }, CARD).match(
          /class="favorite-button[^"]*"[^>]*aria-label="([^"]*)"/,
        )?.[1],
    );
    expect(names).toEqual([
      'Save Blue pen as a favorite',
      'Save Red pen as a favorite',
      'Save Stapler {{name}} as a favorite',
    ]);
    expect(productCardHtml(shopFor(), { ...pen, name: 'Blå penna' }, CARD)).toContain(
      'aria-label="Spara Blå penna som favorit"',
    );
  });

  test('escapes as React does and leaves plain text as it is', () => {
    expect(escapeHtml(`Tom & Jerry's "<b>"`)).toBe('Tom &amp; Jerry&#x27;s &quot;&lt;b&gt;&quot;');
    expect(escapeHtml('Pärm A4 50 mm')).toBe('Pärm A4 50 mm');
    expect(escapeHtml(59.5)).toBe('59.5');
  });
});
