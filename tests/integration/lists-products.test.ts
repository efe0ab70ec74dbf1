import { describe, expect, test } from 'vitest';
import { ACTIVE, facets, nowIso, rows, run, scalar } from './lists-helpers';

const CATEGORY = 'kulspetspennor';
const inCategory = (alias: string) => `SELECT pc.product_id FROM product_categories pc JOIN category_texts ct
  ON ct.category_id = pc.category_id WHERE ct.alias = '${alias}' AND ct.language_id = 'sv-SE'`;

/** Every product of a list (up to 200) with its id, name and selling price. */
const ALL = /* GraphQL */ `
  query all(
    $categoryAlias: String
    $filter: FilterInputType
    $skip: Int
    $take: Int
    $marketId: String
    $languageId: String
  ) {
    products(
      categoryAlias: $categoryAlias
      filter: $filter
      skip: $skip
      take: $take
      marketId: $marketId
      languageId: $languageId
    ) {
      count
      products {
        productId
        name
        firstAvailableOn
        brand {
          name
        }
        unitPrice {
          sellingPriceIncVat
          discountPercentage
        }
      }
    }
  }
`;

const ids = (data: any): number[] => data.products.products.map((p: any) => p.productId);
const count = async (variables: Record<string, unknown>) =>
  (await run(ALL, { take: 0, ...variables })).data?.products.count;

describe('the list scope: category, brand and campaign aliases', () => {
  test('a category alias lists exactly the products of that category', async () => {
    const expected = await scalar(`SELECT COUNT(*) FROM (${inCategory(CATEGORY)})`);
    const { data } = await run(ALL, { categoryAlias: CATEGORY, take: 200 });
    expect(expected).toBeGreaterThan(5);
    expect(data.products.count).toBe(expected);
    const members = new Set((await rows<{ product_id: number }>(inCategory(CATEGORY))).map((r) => r.product_id));
    expect(ids(data).every((id) => members.has(id))).toBe(true);
  });

  test('a top category includes the products of its sub-categories', async () => {
    const top = await scalar(`SELECT COUNT(*) FROM (${inCategory('skriva-rita')})`);
    expect(await count({ categoryAlias: 'skriva-rita' })).toBe(top);
    expect(top).toBeGreaterThan(await count({ categoryAlias: CATEGORY }));
  });

  test("a brand alias lists the brand's products and a campaign alias the products of the active campaign", async () => {
    const bic = await scalar(
      `SELECT COUNT(*) FROM products p JOIN brands b ON b.id = p.brand_id WHERE b.alias = 'bic'`,
    );
    expect((await run(`{ products(brandAlias: "bic", take: 0) { count } }`)).data.products.count).toBe(bic);
    const winter = await scalar(
      `SELECT COUNT(*) FROM campaign_products cp JOIN campaigns c ON c.id = cp.campaign_id WHERE c.alias = 'vinterrea'`,
    );
    expect((await run(`{ products(discountCampaignAlias: "vinterrea", take: 0) { count } }`)).data.products.count).toBe(
      winter,
    );
    // The summer sale ended in August: its list is empty, not a list of full-price products.
    expect((await run(`{ products(discountCampaignAlias: "sommarrea", take: 0) { count } }`)).data.products.count).toBe(
      0,
    );
  });

  test('a url names the same lists as the aliases, with or without a locale prefix', async () => {
    const byAlias = await count({ categoryAlias: CATEGORY });
    expect((await run(`{ products(url: "/c/skriva-rita/${CATEGORY}", take: 0) { count } }`)).data.products.count).toBe(
      byAlias,
    );
    expect((await run(`{ products(url: "/en/b/bic", take: 0) { count } }`)).data.products.count).toBe(
      (await run(`{ products(brandAlias: "bic", take: 0) { count } }`)).data.products.count,
    );
  });
});

describe('facet filters', () => {
  test('brand facets of one group are alternatives and a category facet narrows them', async () => {
    const [bic, pilot] = await rows<{ id: number; n: number }>(
      `SELECT b.id, COUNT(*) AS n FROM products p JOIN brands b ON b.id = p.brand_id WHERE b.alias IN ('bic', 'pilot') GROUP BY b.id ORDER BY b.alias`,
    );
    expect(await count({ filter: { facets: [`b_${bic!.id}`, `b_${pilot!.id}`] } })).toBe(bic!.n + pilot!.n);
    const both = await scalar(
      `SELECT COUNT(*) FROM products WHERE brand_id IN (?, ?) AND id IN (${inCategory(CATEGORY)})`,
      bic!.id,
      pilot!.id,
    );
    const category = await scalar(`SELECT category_id FROM category_texts WHERE alias = ?`, CATEGORY);
    expect(await count({ filter: { facets: [`b_${bic!.id}`, `b_${pilot!.id}`, `c_${category}`] } })).toBe(both);
  });

  test('size, campaign, parameter and discount facets select what they name', async () => {
    const a4 = await scalar(`SELECT COUNT(DISTINCT product_id) FROM skus WHERE size = 'A4'`);
    expect(await count({ filter: { facets: ['sk_A4'] } })).toBe(a4);
    const campaign = await scalar(`SELECT id FROM campaigns WHERE alias = 'vinterrea'`);
    const winter = await scalar(`SELECT COUNT(*) FROM campaign_products WHERE campaign_id = ?`, campaign);
    expect(await count({ filter: { facets: [`dc_${campaign}`] } })).toBe(winter);
    const blue = await scalar(
      `SELECT COUNT(*) FROM product_parameter_values WHERE parameter_id = 1 AND value_key = 'blue' AND language_id = 'sv-SE'`,
    );
    expect(await count({ filter: { facets: ['p_1_blue'] } })).toBe(blue);
    const discounted = await rows<{ discount: number; n: number }>(
      `SELECT discount, COUNT(*) AS n FROM (
      SELECT cp.product_id, MAX(c.discount_percent) AS discount FROM campaign_products cp JOIN campaigns c ON c.id = cp.campaign_id
      WHERE ${ACTIVE} GROUP BY cp.product_id) GROUP BY discount`,
      nowIso(),
    );
    const band = (from: number, to: number) =>
      discounted.filter((d) => d.discount >= from && d.discount <= to).reduce((s, d) => s + d.n, 0);
    expect(band(21, 30)).toBeGreaterThan(0);
    expect(await count({ filter: { facets: ['d_21-30'] } })).toBe(band(21, 30));
    const { data } = await run(ALL, { filter: { facets: ['d_41-50'] }, take: 200 });
    expect(data.products.products.every((p: any) => p.unitPrice.discountPercentage >= 41)).toBe(true);
  });

  test('excluded facets, include with UNION or INTERSECT and the id lists change the list as documented', async () => {
    const all = await count({});
    const bic = await scalar(`SELECT id FROM brands WHERE alias = 'bic'`);
    const bicCount = await scalar(`SELECT COUNT(*) FROM products WHERE brand_id = ?`, bic);
    expect(await count({ filter: { excludeFacets: [`b_${bic}`] } })).toBe(all - bicCount);
    expect(await count({ filter: { excludeBrandIds: [bic] } })).toBe(all - bicCount);
    expect(await count({ filter: { brandIds: [bic] } })).toBe(bicCount);
    const category = await scalar(`SELECT category_id FROM category_texts WHERE alias = ?`, CATEGORY);
    const inCat = await scalar(`SELECT COUNT(*) FROM (${inCategory(CATEGORY)})`);
    const overlap = await scalar(
      `SELECT COUNT(*) FROM products WHERE brand_id = ? AND id IN (${inCategory(CATEGORY)})`,
      bic,
    );
    expect(await count({ filter: { include: [`b_${bic}`, `c_${category}`] } })).toBe(overlap);
    expect(await count({ filter: { include: [`b_${bic}`, `c_${category}`], includeMode: 'UNION' } })).toBe(
      bicCount + inCat - overlap,
    );
    expect(await count({ filter: { categoryIds: [category], excludeCategoryIds: [category] } })).toBe(0);
  });

  test('a price range keeps the products whose selling price lies in it', async () => {
    const { data } = await run(ALL, { categoryAlias: CATEGORY, take: 200 });
    const prices: number[] = data.products.products.map((p: any) => p.unitPrice.sellingPriceIncVat);
    const sorted = [...prices].sort((a, b) => a - b);
    const lowest = sorted[Math.floor(sorted.length / 4)]!;
    const highest = sorted[Math.floor((sorted.length * 3) / 4)]!;
    const expected = data.products.products.filter(
      (p: any) => p.unitPrice.sellingPriceIncVat >= lowest && p.unitPrice.sellingPriceIncVat <= highest,
    );
    const filtered = await run(ALL, { categoryAlias: CATEGORY, take: 200, filter: { price: { lowest, highest } } });
    expect(new Set(ids(filtered.data))).toEqual(new Set(expected.map((p: any) => p.productId)));
    expect(expected.length).toBeLessThan(prices.length);
  });

  test('product ids and article numbers list exactly those products, in their order, ignoring other filters', async () => {
    const picked = await rows<{ id: number; article_number: string }>(
      'SELECT id, article_number FROM products ORDER BY id DESC LIMIT 3',
    );
    const byIds = await run(ALL, {
      take: 10,
      categoryAlias: CATEGORY,
      filter: { productIds: picked.map((p) => p.id), sort: 'PRICE' },
    });
    expect(ids(byIds.data)).toEqual(picked.map((p) => p.id));
    const byArticle = await run(ALL, {
      take: 10,
      filter: { articleNumbers: [...picked].reverse().map((p) => p.article_number) },
    });
    expect(ids(byArticle.data)).toEqual([...picked].reverse().map((p) => p.id));
  });
});

describe('facet counts', () => {
  const group = (data: any, type: string, filterId?: string) =>
    data.products.filters.facets.find((f: any) => f.type === type && (!filterId || f.filterId === filterId));

  test("a value counts the list with that value chosen instead of its group's selection (standard faceting)", async () => {
    const bic = `b_${await scalar(`SELECT id FROM brands WHERE alias = 'bic'`)}`;
    const { data } = await facets({ categoryAlias: CATEGORY, take: 0, filter: { facets: [bic, 'p_1_blue'] } });
    const brands = group(data, 'Brand').values;
    expect(brands.length).toBeGreaterThan(1);
    for (const value of brands.slice(0, 4)) {
      expect(await count({ categoryAlias: CATEGORY, filter: { facets: [value.facetId, 'p_1_blue'] } })).toBe(
        value.count,
      );
    }
    const colors = group(data, 'Parameter', 'p-color').values;
    expect(colors.length).toBeGreaterThan(1);
    for (const value of colors.slice(0, 4)) {
      expect(await count({ categoryAlias: CATEGORY, filter: { facets: [bic, value.facetId] } })).toBe(value.count);
    }
    // Groups nobody filters by count over the whole selection.
    const category = group(data, 'Category').values.find((v: any) => v.url === `/c/${CATEGORY}`);
    expect(category.count).toBe(data.products.count);
    expect(category.parentId).toMatch(/^c_\d+$/);
  });

  test('filter mode CURRENT counts every group over the filtered list', async () => {
    const bic = `b_${await scalar(`SELECT id FROM brands WHERE alias = 'bic'`)}`;
    const { data } = await facets({
      categoryAlias: CATEGORY,
      take: 0,
      filter: { facets: [bic], filterMode: 'CURRENT' },
    });
    expect(group(data, 'Brand').values.map((v: any) => [v.facetId, v.count])).toEqual([[bic, data.products.count]]);
  });

  test('discount bands of spec §9 count the discounted products of each band', async () => {
    const discounts = await rows<{ discount: number }>(
      `SELECT MAX(c.discount_percent) AS discount FROM campaign_products cp
      JOIN campaigns c ON c.id = cp.campaign_id WHERE ${ACTIVE} GROUP BY cp.product_id`,
      nowIso(),
    );
    const bands = [
      [0, 5],
      [6, 10],
      [11, 15],
      [16, 20],
      [21, 30],
      [31, 40],
      [41, 50],
      [51, 60],
      [61, 70],
      [71, 80],
      [81, 100],
    ];
    const expected = bands
      .map(([from, to]) => [
        `d_${from}-${to}`,
        discounts.filter((d) => d.discount > 0 && d.discount >= from! && d.discount <= to!).length,
      ])
      .filter(([, n]) => Number(n) > 0);
    const { data } = await facets({ take: 0, languageId: 'en-US' });
    const discount = group(data, 'Discount');
    expect(discount.label).toBe('Discount');
    expect(discount.values.map((v: any) => [v.facetId, v.count])).toEqual(expected);
    expect(discount.values[0].label).toMatch(/^\d+–\d+%$/);
  });

  test('the price range is the lowest and highest selling price of the list, ignoring the price filter', async () => {
    const { data } = await run(ALL, { categoryAlias: CATEGORY, take: 200 });
    const prices: number[] = data.products.products.map((p: any) => p.unitPrice.sellingPriceIncVat);
    const filtered = await facets({
      categoryAlias: CATEGORY,
      take: 0,
      filter: { price: { lowest: 0, highest: Math.min(...prices) } },
    });
    expect(filtered.data.products.filters.price).toEqual({ lowest: Math.min(...prices), highest: Math.max(...prices) });
    expect(filtered.data.products.count).toBe(prices.filter((p) => p === Math.min(...prices)).length);
    // Without a price choice the range comes with the price bands' own count: the same extremes.
    const unfiltered = await facets({ categoryAlias: CATEGORY, take: 0 });
    expect(unfiltered.data.products.filters.price).toEqual({
      lowest: Math.min(...prices),
      highest: Math.max(...prices),
    });
  });

  test('the campaign and size facets name their values', async () => {
    const { data } = await facets({ take: 0, languageId: 'sv-SE' });
    const campaigns = group(data, 'DiscountCampaign').values;
    expect(campaigns.map((v: any) => v.label)).toContain('Vinterrea');
    expect(campaigns.find((v: any) => v.label === 'Vinterrea').url).toBe('/dc/vinterrea');
    expect(campaigns.map((v: any) => v.label)).not.toContain('Sommarrea');
    const sizes = group(data, 'Sku').values;
    expect(sizes.find((v: any) => v.facetId === 'sk_A4').count).toBe(
      await scalar(`SELECT COUNT(DISTINCT product_id) FROM skus WHERE size = 'A4'`),
    );
  });
});

describe('sort orders and paging', () => {
  const sorted = async (sort: string) =>
    (await run(ALL, { categoryAlias: CATEGORY, take: 200, filter: { sort } })).data.products.products;

  test('PRICE and PRICE_DESC order by selling price, LATEST by first availability, MOST_SOLD by sales', async () => {
    const up = (await sorted('PRICE')).map((p: any) => p.unitPrice.sellingPriceIncVat);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await sorted('PRICE_DESC')).map((p: any) => p.unitPrice.sellingPriceIncVat);
    expect(down).toEqual([...up].reverse());
    const latest = (await sorted('LATEST')).map((p: any) => p.firstAvailableOn);
    expect(latest).toEqual([...latest].sort().reverse());
    const mostSold = await rows<{ id: number }>(
      `SELECT id FROM products WHERE id IN (${inCategory(CATEGORY)}) ORDER BY sold_count DESC, id DESC`,
    );
    expect((await sorted('MOST_SOLD')).map((p: any) => p.productId)).toEqual(mostSold.map((r) => r.id));
  });

  test('ALPHABETICAL, ALPHABETICAL_DESC and BRAND order by name and brand', async () => {
    const names = await rows<{ id: number }>(`SELECT product_id AS id FROM product_texts WHERE language_id = 'sv-SE'
      AND product_id IN (${inCategory(CATEGORY)}) ORDER BY name COLLATE NOCASE, product_id`);
    expect((await sorted('ALPHABETICAL')).map((p: any) => p.productId)).toEqual(names.map((r) => r.id));
    const descending = (await sorted('ALPHABETICAL_DESC')).map((p: any) => p.name.toLowerCase());
    expect(descending[0] >= descending.at(-1)).toBe(true);
    const brands = (await sorted('BRAND')).map((p: any) => p.brand.name.toLowerCase());
    expect(brands).toEqual([...brands].sort());
  });

  test('RELEVANCE without search text keeps the default order and an unsupported sort is refused', async () => {
    expect((await sorted('RELEVANCE')).map((p: any) => p.productId)).toEqual(
      (await sorted('NONE')).map((p: any) => p.productId),
    );
    const { errors } = await run(ALL, { filter: { sort: 'CUSTOM_1' }, languageId: 'en-US' });
    expect(errors?.[0]?.message).toBe('The sort order CUSTOM_1 is not supported');
  });

  test('pages of skip and take join up to the whole list without gaps or repeats', async () => {
    const whole = ids((await run(ALL, { take: 60, filter: { sort: 'MOST_SOLD' } })).data);
    const pages = await Promise.all(
      [0, 20, 40].map(async (skip) => ids((await run(ALL, { skip, take: 20, filter: { sort: 'MOST_SOLD' } })).data)),
    );
    expect(pages.flat()).toEqual(whole);
    expect(new Set(whole).size).toBe(60);
  });
});

describe('bad variables get a localized error and no data', () => {
  test.each([
    [{ skip: 7000 }, 'Ogiltig sidindelning: skip måste vara mellan 0 och 6000 och take mellan 0 och 200'],
    [{ filter: { facets: ['x_1'] } }, 'Okänt filtervärde: x_1'],
    [{ filter: { facets: ['d_1-7'] } }, 'Okänt filtervärde: d_1-7'],
    [{ filter: { priceListIdentifier: 'b2b' } }, 'Filtret priceListIdentifier stöds inte'],
    [
      { filter: { price: { lowest: 100, highest: 10 } } },
      'Ogiltigt prisintervall: priserna måste vara 0 eller mer och det lägsta priset får inte vara högre än det högsta',
    ],
    [
      { filter: { productIds: Array.from({ length: 601 }, (_, i) => i + 1) } },
      'Högst 600 värden kan anges i productIds',
    ],
  ])('%j is refused', async (variables, message) => {
    const { data, errors } = await run(ALL, variables);
    expect(data?.products).toBeNull();
    expect(errors?.[0]?.message).toBe(message);
  });

  test('an unknown list url is refused in the language asked for', async () => {
    const { errors } = await run(`{ products(url: "/kassan", languageId: "da-DK") { count } }`);
    expect(errors?.[0]?.message).toBe('Der findes ingen produktliste på adressen /kassan');
  });
});

describe("the reference storefront's list operations", () => {
  test('facets answer with ids, labels and counts over the list', async () => {
    const { data } = await facets({ categoryAlias: CATEGORY, take: 1 });
    const groups = data.products.filters.facets;
    expect(groups.map((g: any) => g.type)).toEqual(expect.arrayContaining(['Category', 'Brand', 'Parameter']));
    const brandGroup = groups.find((g: any) => g.type === 'Brand');
    expect(brandGroup.label).toBe('Varumärken');
    const total = brandGroup.values.reduce((sum: number, v: any) => sum + v.count, 0);
    expect(total).toBe(data.products.count);
    for (const value of brandGroup.values) expect(value._id).toBe(`${value.facetId}_${value.count}`);
  });
});
