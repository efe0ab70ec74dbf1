import { beforeAll, describe, expect, test } from 'vitest';
import { relatedProductIds } from '../../worker/commerce/catalog/products';
import { env, fetchWorker } from '../helpers';
import {
  alternatesOf,
  canonicalOf,
  html,
  jsonLdOf,
  metaProperty,
  okPage,
  page,
  seededProduct,
  skusOf,
  STOCK_WHERE,
} from './product-page-helpers';

const ORIGIN = 'http://127.0.0.1';

async function textsOf(productId: number, languageId: string) {
  const row = await env.DB.prepare(
    'SELECT name, alias, short_text AS shortText, description FROM product_texts WHERE product_id = ? AND language_id = ?',
  )
    .bind(productId, languageId)
    .first<{ name: string; alias: string; shortText: string; description: string }>();
  if (!row) throw new Error(`no ${languageId} texts of product ${productId}`);
  return row;
}

async function breadcrumbCategories(productId: number): Promise<{ name: string; alias: string }[]> {
  // The primary category and its parent (the seed has two levels), top first, in Swedish.
  const { results } = await env.DB.prepare(
    `WITH RECURSIVE trail(id, parent_id, depth) AS (
       SELECT c.id, c.parent_id, 0 FROM products p JOIN categories c ON c.id = p.primary_category_id WHERE p.id = ?
       UNION ALL SELECT c.id, c.parent_id, depth + 1 FROM categories c JOIN trail ON c.id = trail.parent_id)
     SELECT t.name AS name, t.alias AS alias FROM trail JOIN category_texts t ON t.category_id = trail.id AND t.language_id = 'sv-SE'
     ORDER BY depth DESC`,
  )
    .bind(productId)
    .all<{ name: string; alias: string }>();
  return results;
}

beforeAll(async () => {
  // Spec §3: only parameters marked `show` belong in the specification. The seed shows all of them, so
  // this file hides one (before any page is read, so no cached answer has it).
  await env.DB.prepare("UPDATE parameters SET show = 0 WHERE identifier = 'material'").run();
});

describe('product page content', () => {
  test('shows the name as the only h1, the brand as a link, article number, EAN, texts and the category trail', async () => {
    const product = await seededProduct(STOCK_WHERE.inStock);
    const [sku] = await skusOf(product.id);
    const texts = await textsOf(product.id, 'sv-SE');
    const body = await okPage(`/p/${product.alias}`);
    expect(body.match(/<h1[ >]/g)).toHaveLength(1);
    expect(body).toContain(`<h1 class="product-page__name">${html(product.name)}</h1>`);
    expect(body).toContain(`<a href="/b/${product.brandAlias}">${html(product.brandName)}</a>`);
    expect(body).toContain(`<dt>Artikelnummer</dt><dd>${product.articleNumber}</dd>`);
    expect(body).toContain(`<dt>EAN</dt><dd>${sku!.gtin}</dd>`);
    expect(body).toContain(html(texts.shortText));
    expect(body).toContain(html(texts.description));
    expect(body).toContain('<h2 id="product-description" class="product-section__title">Produktbeskrivning</h2>');
    const trail = await breadcrumbCategories(product.id);
    expect(trail.length).toBeGreaterThan(0);
    const breadcrumbs = body.slice(
      body.indexOf('<nav class="breadcrumbs"'),
      body.indexOf('</nav>', body.indexOf('<nav class="breadcrumbs"')),
    );
    for (const category of trail)
      expect(breadcrumbs).toContain(`<a href="/c/${category.alias}">${html(category.name)}</a>`);
    expect(breadcrumbs).toContain(`<span aria-current="page">${html(product.name)}</span>`);
  });

  test('the English page shows the English texts; canonical and hreflang carry each language’s alias', async () => {
    const product = await seededProduct(STOCK_WHERE.inStock);
    const en = await textsOf(product.id, 'en-US');
    const sv = await textsOf(product.id, 'sv-SE');
    expect(en.alias).not.toBe(sv.alias);
    const body = await okPage(`/en/p/${en.alias}`);
    expect(body).toContain('<html lang="en">');
    expect(body).toContain(`<h1 class="product-page__name">${html(en.name)}</h1>`);
    expect(body).toContain('Product description');
    expect(body).toContain('Add to cart');
    expect(canonicalOf(body)).toBe(`${ORIGIN}/en/p/${en.alias}`);
    const alternates = alternatesOf(body);
    expect(alternates.sv).toBe(`${ORIGIN}/p/${sv.alias}`);
    expect(alternates.en).toBe(`${ORIGIN}/en/p/${en.alias}`);
    expect(alternates['x-default']).toBe(`${ORIGIN}/p/${sv.alias}`);
  });

  test('a Swedish alias under /en shows the English page with the English alias as canonical', async () => {
    const product = await seededProduct(STOCK_WHERE.inStock);
    const en = await textsOf(product.id, 'en-US');
    const body = await okPage(`/en/p/${product.alias}`);
    expect(body).toContain(`<h1 class="product-page__name">${html(en.name)}</h1>`);
    expect(canonicalOf(body)).toBe(`${ORIGIN}/en/p/${en.alias}`);
  });

  test('every product path form renders the product with /p/{alias} as canonical', async () => {
    const product = await seededProduct(STOCK_WHERE.inStock);
    for (const path of [
      `/p/kontor/${product.alias}`,
      `/p/kontor/pennor/${product.alias}`,
      `/product/${product.alias}`,
    ]) {
      const body = await okPage(path);
      expect(body).toContain(`<h1 class="product-page__name">${html(product.name)}</h1>`);
      expect(canonicalOf(body), path).toBe(`${ORIGIN}/p/${product.alias}`);
    }
  });

  test('/product without an alias and an unknown alias answer the 404 page', async () => {
    for (const path of ['/product', '/p/finns-inte-999999', '/en/p/no-such-product', '/product/finns-inte']) {
      const { status, body } = await page(path);
      expect(status, path).toBe(404);
      expect(body).not.toContain('product-page__name');
    }
  });

  test('the specification lists the parameter groups, without the parameters not marked show', async () => {
    const product = await seededProduct(
      `EXISTS (SELECT 1 FROM product_parameter_values v JOIN parameters x ON x.id = v.parameter_id WHERE v.product_id = p.id AND x.identifier = 'material')
       AND EXISTS (SELECT 1 FROM product_parameter_values v JOIN parameters x ON x.id = v.parameter_id WHERE v.product_id = p.id AND x.identifier = 'color')`,
    );
    const { results } = await env.DB.prepare(
      `SELECT x.identifier AS identifier, pt.name AS name, v.value AS value FROM product_parameter_values v
       JOIN parameters x ON x.id = v.parameter_id JOIN parameter_texts pt ON pt.parameter_id = x.id AND pt.language_id = 'sv-SE'
       WHERE v.product_id = ? AND v.language_id = 'sv-SE'`,
    )
      .bind(product.id)
      .all<{ identifier: string; name: string; value: string }>();
    const body = await okPage(`/p/${product.alias}`);
    const table = body.slice(body.indexOf('<table class="spec-table">'), body.indexOf('</table>'));
    for (const parameter of results) {
      const row = `<th scope="row">${html(parameter.name)}</th><td>${html(parameter.value)}</td>`;
      if (parameter.identifier === 'material') expect(table).not.toContain(row);
      else expect(table).toContain(row);
    }
  });

  test('other colours of the product line are links to their own product pages', async () => {
    const product = await seededProduct(
      "p.id IN (SELECT product_id FROM product_texts WHERE language_id = 'sv-SE' AND name LIKE 'Parker IM Reservoarpenna %')",
    );
    const { results: line } = await env.DB.prepare(
      `SELECT t.alias AS alias, t.name AS name, v.value AS colour FROM products p
       JOIN product_texts t ON t.product_id = p.id AND t.language_id = 'sv-SE'
       JOIN product_parameter_values v ON v.product_id = p.id AND v.language_id = 'sv-SE'
       JOIN parameters x ON x.id = v.parameter_id AND x.identifier = 'color'
       WHERE p.is_active = 1 AND t.name LIKE 'Parker IM Reservoarpenna %' AND p.id <> ?`,
    )
      .bind(product.id)
      .all<{ alias: string; name: string; colour: string }>();
    expect(line.length).toBeGreaterThan(0);
    const body = await okPage(`/p/${product.alias}`);
    const picker = body.slice(
      body.indexOf('<div class="colour-picker">'),
      body.indexOf('</nav>', body.indexOf('<div class="colour-picker">')),
    );
    expect(picker).toContain('<nav aria-label="Finns även i färgerna">');
    for (const sibling of line) {
      expect(picker).toContain(`<a class="colour-swatch" href="/p/${sibling.alias}">`);
      expect(picker).toContain(`<span class="colour-swatch__name">${html(sibling.colour)}</span>`);
    }
    // Another model of the same brand and category is not a colour of this one.
    const { results: others } = await env.DB.prepare(
      `SELECT t.alias AS alias FROM products p JOIN product_texts t ON t.product_id = p.id AND t.language_id = 'sv-SE'
       WHERE p.brand_id = (SELECT brand_id FROM products WHERE id = ?) AND p.primary_category_id = (SELECT primary_category_id FROM products WHERE id = ?)
         AND t.name NOT LIKE 'Parker IM Reservoarpenna %'`,
    )
      .bind(product.id, product.id)
      .all<{ alias: string }>();
    for (const other of others) expect(picker).not.toContain(`href="/p/${other.alias}"`);
  });

  test('reviews show the accepted reviews with their average and count', async () => {
    const reviewed = await env.DB.prepare(
      `SELECT r.product_id AS id, COUNT(*) AS count, AVG(r.rating) AS average FROM reviews r JOIN products p ON p.id = r.product_id
       WHERE r.status = 'ACCEPTED' AND p.is_active = 1 GROUP BY r.product_id ORDER BY count DESC, r.product_id LIMIT 1`,
    ).first<{ id: number; count: number; average: number }>();
    const { results: reviews } = await env.DB.prepare(
      "SELECT author, comment FROM reviews WHERE product_id = ? AND status = 'ACCEPTED'",
    )
      .bind(reviewed!.id)
      .all<{ author: string; comment: string }>();
    const { alias } = await textsOf(reviewed!.id, 'sv-SE');
    const body = await okPage(`/p/${alias}`);
    const average = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 }).format(reviewed!.average);
    expect(body).toContain(`<span class="reviews__average">${average} av 5</span>`);
    expect(body).toContain(`<span class="reviews__count">${reviewed!.count} omdömen</span>`);
    for (const review of reviews) {
      expect(body).toContain(`<p class="review__comment">${html(review.comment)}</p>`);
      expect(body).toContain(html(review.author));
    }
    // The rating beside the name links to the reviews.
    expect(body).toContain('<a class="product-rating" href="#reviews">');
  });

  test('related products stream in as product cards', async () => {
    const product = await seededProduct(STOCK_WHERE.inStock);
    const ids = await relatedProductIds(env.DB, product.id);
    expect(ids.length).toBeGreaterThan(0);
    const body = await okPage(`/p/${product.alias}`);
    expect(body).toContain('<h2 id="related-products" class="product-section__title">Liknande produkter</h2>');
    for (const id of ids.slice(0, 3)) {
      const { name } = await textsOf(id, 'sv-SE');
      expect(body).toContain(html(name));
    }
    expect(body.split('class="product-card"').length - 1).toBe(ids.length);
  });
});

describe('product page for search engines and the analytics data layer', () => {
  test('JSON-LD Product and BreadcrumbList parse and describe the product, its offer and its trail', async () => {
    const product = await seededProduct(STOCK_WHERE.inStock);
    const [sku] = await skusOf(product.id);
    const texts = await textsOf(product.id, 'sv-SE');
    const body = await okPage(`/p/kontor/${product.alias}`);
    const [item, trail] = jsonLdOf(body);
    const url = `${ORIGIN}/p/${product.alias}`;
    expect(item).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: texts.description,
      sku: product.articleNumber,
      gtin13: sku!.gtin,
      brand: { '@type': 'Brand', name: product.brandName },
      url,
    });
    expect(sku!.gtin).toMatch(/^\d{13}$/);
    expect(item!.image.length).toBeGreaterThan(0);
    for (const image of item!.image) expect(image).toMatch(/^http:\/\/127\.0\.0\.1\/images\/products\/.+\.svg$/);
    expect(item!.offers).toEqual([
      {
        '@type': 'Offer',
        sku: sku!.articleNumber,
        gtin13: sku!.gtin,
        price: (product.regularIncVat / 100).toFixed(2),
        priceCurrency: 'SEK',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url,
      },
    ]);
    const categories = await breadcrumbCategories(product.id);
    expect(trail).toMatchObject({ '@context': 'https://schema.org', '@type': 'BreadcrumbList' });
    expect(trail!.itemListElement).toEqual([
      ...categories.map((category, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: category.name,
        item: `${ORIGIN}/c/${category.alias}`,
      })),
      { '@type': 'ListItem', position: categories.length + 1, name: product.name, item: url },
    ]);
    // The scripts carry the response's CSP nonce.
    expect(body).toMatch(/<script type="application\/ld\+json" nonce="[^"]+">/);
  });

  test('the JSON-LD offer is out of stock or made to order as the sku is, in the market’s currency inc. VAT', async () => {
    const soldOut = await seededProduct(STOCK_WHERE.outOfStock);
    const [item] = jsonLdOf(await okPage(`/p/${soldOut.alias}`));
    expect(item!.offers[0].availability).toBe('https://schema.org/OutOfStock');
    const made = await seededProduct(STOCK_WHERE.madeToOrder);
    const [madeItem] = jsonLdOf(
      await okPage(`/p/${made.alias}`, 'ralph-selected-market=fi; ralph-user-type=ORGANIZATION'),
    );
    expect(madeItem!.offers[0].availability).toBe('https://schema.org/MadeToOrder');
    expect(madeItem!.offers[0].priceCurrency).toBe('EUR');
    const fi = await env.DB.prepare(
      "SELECT regular_inc_vat AS amount FROM prices WHERE product_id = ? AND market_id = '1|fi'",
    )
      .bind(made.id)
      .first<{ amount: number }>();
    expect(madeItem!.offers[0].price).toBe((fi!.amount / 100).toFixed(2));
  });

  test('a product with sizes has one JSON-LD offer per size', async () => {
    const product = await seededProduct(STOCK_WHERE.sizedWithOneSoldOut);
    const skus = await skusOf(product.id);
    const [item] = jsonLdOf(await okPage(`/p/${product.alias}`));
    expect(item!.gtin13).toBeUndefined();
    expect(
      item!.offers.map((offer: { sku: string; name: string; availability: string }) => [
        offer.sku,
        offer.name,
        offer.availability,
      ]),
    ).toEqual(
      skus.map((sku) => [
        sku.articleNumber,
        sku.size,
        sku.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      ]),
    );
  });

  test('Open Graph tags describe the product with an absolute image, its URL and its price', async () => {
    const product = await seededProduct(STOCK_WHERE.inStock);
    const body = await okPage(`/product/${product.alias}`);
    expect(metaProperty(body, 'og:type')).toBe('product');
    expect(metaProperty(body, 'og:title')).toBe(html(product.name));
    expect(metaProperty(body, 'og:url')).toBe(`${ORIGIN}/p/${product.alias}`);
    expect(metaProperty(body, 'og:image')).toMatch(/^http:\/\/127\.0\.0\.1\/images\/products\/.+\.svg$/);
    expect(metaProperty(body, 'og:description')?.length).toBeGreaterThan(0);
    expect(metaProperty(body, 'og:locale')).toBe('sv_SE');
    expect(metaProperty(body, 'product:price:amount')).toBe((product.regularIncVat / 100).toFixed(2));
    expect(metaProperty(body, 'product:price:currency')).toBe('SEK');
  });

  test('the product element carries the data-item attributes the data layer reads', async () => {
    const product = await seededProduct(STOCK_WHERE.inStock);
    const category = await env.DB.prepare(
      "SELECT t.name AS name FROM products p JOIN category_texts t ON t.category_id = p.primary_category_id AND t.language_id = 'sv-SE' WHERE p.id = ?",
    )
      .bind(product.id)
      .first<{ name: string }>();
    const body = await okPage(`/p/${product.alias}`);
    expect(body).toContain(
      `<article class="product-page" data-item-id="${product.id}" data-item-name="${html(product.name)}" data-item-brand="${html(product.brandName)}" ` +
        `data-item-price="${product.regularIncVat / 100}" data-item-currency="SEK" data-item-category="${html(category!.name)}">`,
    );
  });
});

describe('old product URLs', () => {
  test('an old product URL from the URL history answers 301 to the product, query kept', async () => {
    const row = await env.DB.prepare(
      "SELECT old_path AS old, new_path AS new FROM url_history WHERE old_path LIKE '/p/%' LIMIT 1",
    ).first<{ old: string; new: string }>();
    expect(row).not.toBeNull();
    const response = await fetchWorker(`${row!.old}?utm_source=news`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe(`${row!.new}?utm_source=news`);
  });
});
