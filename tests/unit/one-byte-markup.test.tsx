// A page's markup stays a one-byte string in V8 (client/views/components/html-string.ts, oneByte): a list
// whose body was two-byte cost a quarter more CPU to render (scripts/bench.mjs, "render CPU"), because V8
// keeps a replace's result of a two-byte string two-byte even when every character left fits in Latin-1.
// V8's serializer (node:v8) writes a one-byte string with the tag '"' and a two-byte one with 'c': that is
// how these tests see the representation.
import { serialize } from 'node:v8';
import { describe, expect, test } from 'vitest';
import { renderToString } from 'react-dom/server.edge';
import { escapeHtml, latin1Markup } from '../../client/views/components/html-string';
import { NonceContext, serializeProps } from '../../client/views/components/Island';
import { Prerendered } from '../../client/views/components/Prerendered';
import { ProductCards } from '../../client/views/components/ProductGrid';
import type { ProductCardData } from '../../client/views/components/ProductCard';
import { ShopContext } from '../../client/views/components/ShopContext';
import { swedishShop } from './swedish-shop';

function representation(text: string): 'one-byte' | 'two-byte' {
  const tag = serialize(text)[2];
  if (tag === 0x22) return 'one-byte';
  if (tag === 0x63) return 'two-byte';
  throw new Error(`unexpected serializer tag ${tag}`);
}

const shop = swedishShop({ currentPath: '/c/parmar' });

const binder = {
  productId: 7,
  name: 'Gaffelpärm A4 50–80 mm ”Eko”',
  alias: 'gaffelparm-a4-7',
  brand: { name: 'Elba™' },
  productImages: [{ fileName: 'binder.svg' }],
  unitPrice: {
    isDiscounted: false,
    discountPercentage: 0,
    sellingPriceIncVat: 49,
    sellingPriceExVat: 39.2,
    sellingPriceIncVatFormatted: '49\u00a0kr',
    sellingPriceExVatFormatted: '39,20\u00a0kr',
    regularPriceIncVatFormatted: '49\u00a0kr',
    regularPriceExVatFormatted: '39,20\u00a0kr',
  },
  skus: [{ skuId: 8, productId: 7, stock: { inStock: 9, oversellable: 0, static: null, totalStock: 9 } }],
} as ProductCardData;

describe('markup in one byte per character', () => {
  test('an escaped value with an en dash, quotes and ™ is one-byte, its characters as references', () => {
    const escaped = escapeHtml('Gaffelpärm 50–80 mm ”Eko” Elba™ <A4>');
    expect(escaped).toBe('Gaffelpärm 50&#8211;80 mm &#8221;Eko&#8221; Elba&#8482; &lt;A4&gt;');
    expect(representation(escaped)).toBe('one-byte');
  });

  test("an island's props with an ellipsis are one-byte JSON that reads back the same", () => {
    const props = { loading: 'Hämtar produkter…', failed: 'Försök igen – snart' };
    const json = serializeProps(props);
    expect(json).toBe('{"loading":"Hämtar produkter\\u2026","failed":"Försök igen \\u2013 snart"}');
    expect(representation(json)).toBe('one-byte');
    expect(JSON.parse(json)).toEqual(props);
  });

  test('kept markup with an en dash in its text is one-byte', () => {
    const kept = latin1Markup('<p class="topbar__usp">Leverans inom 2–3 arbetsdagar · 14 dagars ångerrätt</p>');
    expect(kept).toBe('<p class="topbar__usp">Leverans inom 2&#8211;3 arbetsdagar · 14 dagars ångerrätt</p>');
    expect(representation(kept)).toBe('one-byte');
  });

  test('a page body of a kept header, a card grid and island props, joined by React, is one-byte', () => {
    const html = renderToString(
      <NonceContext value="n0nce">
        <ShopContext value={shop}>
          <Prerendered cacheKey="one-byte-test|header">
            <p>Leverans inom 2–3 arbetsdagar</p>
            <script
              type="application/json"
              nonce="n0nce"
              dangerouslySetInnerHTML={{ __html: serializeProps({ label: 'Sök…' }) }}
            />
          </Prerendered>
          <ProductCards products={[binder, binder]} listName="Pärmar – alla" />
        </ShopContext>
      </NonceContext>,
    );
    expect(html).toContain('<p>Leverans inom 2&#8211;3 arbetsdagar</p>');
    expect(html).toContain('{"label":"Sök\\u2026"}');
    expect(html).toContain('>Gaffelpärm A4 50&#8211;80 mm &#8221;Eko&#8221;</a>');
    expect(html).toContain('data-item-list="Pärmar &#8211; alla"');
    expect(representation(html)).toBe('one-byte');
  });
});
