import { describe, expect, test } from 'vitest';
import { env, graphql } from '../helpers';
import { ownOperation, referenceOperation } from '../operations';

const PRODUCT = referenceOperation('product/product.graphql');
const RELATED = referenceOperation('product/related-products.graphql');
const PRICE_HISTORY = referenceOperation('product/product-price-history.graphql');
const DETAILS = ownOperation('product.graphql');

async function aliasOf(productId: number, languageId: string): Promise<string> {
  const row = await env.DB.prepare('SELECT alias FROM product_texts WHERE product_id = ? AND language_id = ?')
    .bind(productId, languageId)
    .first<{ alias: string }>();
  return row!.alias;
}

async function textOf(productId: number, languageId: string) {
  return (await env.DB.prepare('SELECT name, alias FROM product_texts WHERE product_id = ? AND language_id = ?')
    .bind(productId, languageId)
    .first<{ name: string; alias: string }>())!;
}

/** A product in the active 30 % winter sale whose price history has rows. */
async function discountedProductId(): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT cp.product_id FROM campaign_products cp JOIN campaigns c ON c.id = cp.campaign_id
     WHERE c.alias = 'vinterrea' AND cp.product_id IN (SELECT product_id FROM price_history) ORDER BY cp.product_id LIMIT 1`,
  ).first<{ product_id: number }>();
  return row!.product_id;
}

async function undiscountedProductId(): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT p.id FROM products p WHERE p.id NOT IN (SELECT product_id FROM campaign_products)
       AND p.id IN (SELECT product_id FROM product_parameter_values WHERE parameter_id = 1) ORDER BY p.id LIMIT 1`,
  ).first<{ id: number }>();
  return row!.id;
}

describe('product by alias and id', () => {
  test('the reference product operation finds a product by its Swedish alias, in SEK', async () => {
    const id = await undiscountedProductId();
    const sv = await textOf(id, 'sv-SE');
    const price = await env.DB.prepare("SELECT regular_inc_vat FROM prices WHERE product_id = ? AND market_id = '1|se'")
      .bind(id)
      .first<{ regular_inc_vat: number }>();
    const { status, data, errors } = await graphql(PRODUCT, { alias: sv.alias, marketId: 'se', languageId: 'sv-SE' });
    expect(errors).toBeUndefined();
    expect(status).toBe(200);
    const product = data!.product;
    expect(product.productId).toBe(id);
    expect(product.name).toBe(sv.name);
    expect(product.canonicalUrl).toBe(`/p/${sv.alias}`);
    expect(product.unitPrice.sellingPriceIncVat).toBe(price!.regular_inc_vat / 100);
    expect(product.unitPrice.isDiscounted).toBe(false);
    expect(product.unitPrice.sellingPriceIncVatFormatted).toMatch(/kr$/);
    expect(product.discountCampaigns).toEqual([]);
    expect(product.meta.title).toBeTruthy();
    expect(product.texts.text1).toBeTruthy();
    expect(product.primaryCategory.canonicalUrl).toBe(`/c/${product.primaryCategory.alias}`);
  });

  test('the same product asked for in Finnish by its Finnish alias answers in Finnish and in EUR', async () => {
    const id = await undiscountedProductId();
    const fi = await textOf(id, 'fi-FI');
    const sv = await textOf(id, 'sv-SE');
    const price = await env.DB.prepare("SELECT regular_inc_vat FROM prices WHERE product_id = ? AND market_id = '1|fi'")
      .bind(id)
      .first<{ regular_inc_vat: number }>();
    const { data } = await graphql(PRODUCT, { alias: fi.alias, marketId: 'fi', languageId: 'fi-FI' });
    expect(data!.product.productId).toBe(id);
    expect(data!.product.name).toBe(fi.name);
    expect(data!.product.name).not.toBe(sv.name);
    expect(data!.product.unitPrice.sellingPriceIncVat).toBe(price!.regular_inc_vat / 100);
    expect(data!.product.unitPrice.sellingPriceIncVatFormatted).toMatch(/€$/);
  });

  test('a Swedish alias still finds the product when the page is in Finnish, with Finnish texts', async () => {
    const id = await undiscountedProductId();
    const { data } = await graphql(PRODUCT, { alias: await aliasOf(id, 'sv-SE'), marketId: 'fi', languageId: 'fi-FI' });
    expect(data!.product.name).toBe((await textOf(id, 'fi-FI')).name);
  });

  test('product by id gives the same product as by alias', async () => {
    const id = await undiscountedProductId();
    const byId = await graphql(DETAILS, { productId: id, languageId: 'fi-FI', marketId: 'fi' });
    expect(byId.errors).toBeUndefined();
    expect(byId.data!.product.alias).toBe(await aliasOf(id, 'fi-FI'));
    const byAlias = await graphql(DETAILS, { alias: await aliasOf(id, 'fi-FI'), languageId: 'fi-FI', marketId: 'fi' });
    expect(byAlias.data).toEqual(byId.data);
  });

  test('an unknown alias or id answers null', async () => {
    expect((await graphql(PRODUCT, { alias: 'no-such-product-anywhere' })).data).toEqual({ product: null });
    expect((await graphql(DETAILS, { productId: 987654 })).data).toEqual({ product: null });
  });

  test('breadcrumbs lead from the top-level category down to the primary category', async () => {
    const id = await undiscountedProductId();
    const { data } = await graphql(DETAILS, { productId: id });
    const crumbs = data!.product.breadcrumbs as { categoryId: number; parentCategoryId: number }[];
    expect(crumbs.length).toBeGreaterThanOrEqual(2);
    expect(crumbs[0]!.parentCategoryId).toBe(0);
    expect(crumbs[crumbs.length - 1]!.categoryId).toBe(data!.product.categoryId);
    for (let i = 1; i < crumbs.length; i++) expect(crumbs[i]!.parentCategoryId).toBe(crumbs[i - 1]!.categoryId);
  });
});

describe('prices and campaigns', () => {
  test('a product in the winter sale costs 30 % less, names the campaign and says PRICE_CAMPAIGN', async () => {
    const id = await discountedProductId();
    const regular = (await env.DB.prepare(
      "SELECT regular_inc_vat FROM prices WHERE product_id = ? AND market_id = '1|se'",
    )
      .bind(id)
      .first<{ regular_inc_vat: number }>())!.regular_inc_vat;
    const { data, errors } = await graphql(DETAILS, { productId: id });
    expect(errors).toBeUndefined();
    const product = data!.product;
    expect(product.discountType).toBe('PRICE_CAMPAIGN');
    expect(product.discountCampaigns).toEqual([
      { campaignId: '4', name: 'Vinterrea', hideTitle: false, canonicalUrl: '/dc/vinterrea' },
    ]);
    const page = await graphql(PRODUCT, { alias: product.alias });
    // 49 kr − 30 % = 34,30 → 34 kr (whole kronor, docs/decisions/010-price-rounding.md); the card's
    // percentage is of the rounded price: 15 / 49 = 31 %.
    expect(regular).toBe(4900);
    expect(page.data!.product.unitPrice).toMatchObject({
      isDiscounted: true,
      discountPercentage: 31,
      regularPriceIncVat: 49,
      sellingPriceIncVat: 34,
    });
  });

  test('the lowest price of the last 30 days and the price log come from the price history', async () => {
    const id = await discountedProductId();
    const { results: history } = await env.DB.prepare(
      "SELECT date, selling_inc_vat FROM price_history WHERE product_id = ? AND market_id = '1|se' ORDER BY date",
    )
      .bind(id)
      .all<{ date: string; selling_inc_vat: number }>();
    const { data } = await graphql(DETAILS, { productId: id });
    const alias = data!.product.alias;
    // 30 % off in whole kronor (decision 010), in öre.
    const selling =
      Math.round(
        ((await env.DB.prepare("SELECT regular_inc_vat FROM prices WHERE product_id = ? AND market_id = '1|se'")
          .bind(id)
          .first<{ regular_inc_vat: number }>())!.regular_inc_vat *
          0.7) /
          100,
      ) * 100;
    // Expected: the price in effect 30 days ago and every later point, today's price included.
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
    const inWindow = history.filter((row) => row.date >= start).map((row) => row.selling_inc_vat);
    const before = history.filter((row) => row.date < start).map((row) => row.selling_inc_vat);
    const windowPrices = [...(before.length ? [before[before.length - 1]!] : []), ...inWindow, selling];
    expect(data!.product.lowestPrice.lowestPriceIncVat).toBe(Math.min(...windowPrices) / 100);
    expect(data!.product.lowestPrice.sellingPriceIncVat).toBe(selling / 100);

    const log = await graphql(PRICE_HISTORY, { alias });
    expect(log.errors).toBeUndefined();
    const points = log.data!.product.priceLog as { sellingPriceIncVat: number; isLowest: boolean; date: string }[];
    expect(points[points.length - 1]!.sellingPriceIncVat).toBe(selling / 100);
    expect(points.filter((p) => p.isLowest).map((p) => p.sellingPriceIncVat)).toContain(
      Math.min(...windowPrices) / 100,
    );
    expect(points.every((p) => p.date >= start && p.date <= today)).toBe(true);
  });
});

describe('parameters and stock', () => {
  test('parameter group 1 holds the color, named in the language', async () => {
    const id = await undiscountedProductId();
    const color = (await env.DB.prepare(
      "SELECT value FROM product_parameter_values WHERE product_id = ? AND parameter_id = 1 AND language_id = 'en-US'",
    )
      .bind(id)
      .first<{ value: string }>())!.value;
    const { data } = await graphql(PRODUCT, { alias: await aliasOf(id, 'en-US'), languageId: 'en-US' });
    const group = (data!.product.parameterGroups as any[]).find((g) => g.parameterGroupId === 1);
    expect(group.name).toBe('Color');
    expect(group.parameters).toContainEqual({ name: 'Color', value: color, show: true, identifier: 'color' });
  });

  const STATES: Record<string, { where: string; expected: (sku: any) => object }> = {
    'in stock': {
      where: 'stock >= 20 AND oversellable = 0 AND static_stock IS NULL',
      expected: (sku) => ({ inStock: sku.stock, oversellable: 0, static: null, totalStock: sku.stock }),
    },
    'few left': {
      where: 'stock BETWEEN 1 AND 5 AND oversellable = 0 AND static_stock IS NULL',
      expected: (sku) => ({ inStock: sku.stock, oversellable: 0, static: null, totalStock: sku.stock }),
    },
    'out of stock with an incoming date': {
      where: 'stock = 0 AND oversellable = 0 AND incoming IS NOT NULL',
      expected: (sku) => ({ inStock: 0, oversellable: 0, totalStock: 0, incoming: `${sku.incoming}T00:00:00Z` }),
    },
    'made to order': {
      where: 'stock = 0 AND oversellable = 1',
      expected: () => ({ inStock: 0, oversellable: 9999, totalStock: 9999 }),
    },
    static: {
      where: 'static_stock IS NOT NULL',
      expected: (sku) => ({ inStock: 0, static: sku.static_stock, totalStock: sku.static_stock }),
    },
  };

  for (const [state, { where, expected }] of Object.entries(STATES)) {
    test(`a sku ${state} reports its stock as the storefront reads it`, async () => {
      const sku = await env.DB.prepare(`SELECT * FROM skus WHERE ${where} ORDER BY id LIMIT 1`).first<any>();
      expect(sku).not.toBeNull();
      const { data } = await graphql(PRODUCT, { alias: await aliasOf(sku.product_id, 'sv-SE') });
      const reported = (data!.product.skus as any[]).find((s) => s.skuId === sku.id);
      expect(reported).toMatchObject({ productId: sku.product_id, gtin: sku.gtin, stock: expected(sku) });
      if (sku.size) expect(reported.name).toBe(sku.size);
    });
  }

  test('a product with sizes has one sized variant per sku and a Size dimension labelled in the language', async () => {
    const productId = (await env.DB.prepare(
      'SELECT product_id FROM skus WHERE size IS NOT NULL ORDER BY id LIMIT 1',
    ).first<{ product_id: number }>())!.product_id;
    const { results: skus } = await env.DB.prepare('SELECT id, size FROM skus WHERE product_id = ? ORDER BY sort_order')
      .bind(productId)
      .all<{ id: number; size: string }>();
    const { data } = await graphql(PRODUCT, { alias: await aliasOf(productId, 'sv-SE') });
    expect(data!.product.variantDimensions).toEqual([{ dimension: 'Size', value: null, level: 0, label: 'Storlek' }]);
    const variants = data!.product.variantGroup.variants as any[];
    expect(variants.map((v) => [v.skuId, v.value])).toEqual(skus.map((s) => [s.id, s.size]));
    const total = (data!.product.skus as any[]).reduce((sum, s) => sum + s.stock.totalStock, 0);
    expect(data!.product.totalStock.totalStock).toBe(total);
  });
});

describe('rating and related products', () => {
  test('the rating is the average and count of accepted reviews only', async () => {
    const row = (await env.DB.prepare(
      `SELECT product_id FROM reviews GROUP BY product_id HAVING COUNT(DISTINCT status) > 1 ORDER BY product_id LIMIT 1`,
    ).first<{ product_id: number }>())!;
    const accepted = (await env.DB.prepare(
      "SELECT AVG(rating) AS score, COUNT(*) AS votes FROM reviews WHERE product_id = ? AND status = 'ACCEPTED'",
    )
      .bind(row.product_id)
      .first<{ score: number; votes: number }>())!;
    const { data } = await graphql(PRODUCT, { alias: await aliasOf(row.product_id, 'sv-SE') });
    expect(data!.product.rating).toEqual({ score: Math.round(accepted.score * 100) / 100, voteCount: accepted.votes });
  });

  test('related products share the leaf category, put the same brand first and never include the product', async () => {
    const id = await undiscountedProductId();
    const product = (await env.DB.prepare('SELECT brand_id, primary_category_id FROM products WHERE id = ?')
      .bind(id)
      .first<{ brand_id: number; primary_category_id: number }>())!;
    const { data, errors } = await graphql(RELATED, { alias: await aliasOf(id, 'sv-SE') });
    expect(errors).toBeUndefined();
    const related = data!.relatedProducts as any[];
    expect(related.length).toBeGreaterThan(0);
    expect(related.every((r) => r.relation === 'RELATED' && r.skus.length > 0)).toBe(true);
    const { results } = await env.DB.prepare(
      `SELECT t.alias, p.brand_id FROM products p JOIN product_texts t ON t.product_id = p.id AND t.language_id = 'sv-SE'
       WHERE p.primary_category_id = ? AND p.id <> ? AND p.is_active = 1`,
    )
      .bind(product.primary_category_id, id)
      .all<{ alias: string; brand_id: number }>();
    const brandOf = new Map(results.map((r) => [r.alias, r.brand_id]));
    expect(related.every((r) => brandOf.has(r.alias))).toBe(true);
    const sameBrand = related.map((r) => brandOf.get(r.alias) === product.brand_id);
    expect(sameBrand).toEqual([...sameBrand].sort((a, b) => Number(b) - Number(a)));
    expect((await graphql(RELATED, { alias: await aliasOf(id, 'sv-SE') })).data).toEqual(data);
  });
});
