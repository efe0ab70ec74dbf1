// Deterministic catalog seed for the storefront's D1 database (schema: worker/db/migrations/0001_domain.sql).
// Pure TypeScript without Node or Workers APIs, clocks or Math.random: the same options always give
// byte-identical statements, in Node (bundled by esbuild) and in the Workers runtime alike.
import { COUNTRIES } from './brands';
import { buildPriceHistory, CAMPAIGNS, GIFT_CARDS, pickCampaignProducts, PROMO_CODES } from './campaigns';
import { type Brand, buildBrands, buildCategories, buildProducts, type Category, type Product } from './catalog';
import type { Leaf } from './catalog-model';
import { contentStatements } from './content';
import { IMAGE_SIZE } from './images';
import { buildSkus } from './inventory';
import { listJoin } from './product-texts';
import { buildReviews } from './reviews';
import { CHANNEL_ID, CHANNEL_SETTINGS, CURRENCY_ROWS, LANGUAGE_ROWS, MARKETS, marketPrice, SHOP_NAME } from './shop';
import { insertStatements, type SqlValue } from './sql';
import { ATTRIBUTES, EN, LANGUAGE_IDS, mapTr, same, type Tr, tr } from './vocabulary';
import { BUMP_CATALOG_VERSION_SQL } from '../../graphql/catalog-version';

/** Fixed reference date; every date of the seed derives from it. */
export const SEED_DATE = '2026-11-01';

export interface SeedOptions {
  /**
   * Number of products (default 1200). The catalog has about 1 270 distinct products (every option
   * combination of every product line), so larger numbers give that many.
   */
  products?: number;
}

const DEFAULT_PRODUCTS = 1200;

/** One row per language of a text table: [...key, languageId, ...texts]. */
function perLanguage(key: readonly SqlValue[], ...texts: (Tr | null)[]): SqlValue[][] {
  return LANGUAGE_IDS.map((lang, i) => [...key, lang, ...texts.map((t) => (t ? (t[i] as string) : null))]);
}

function shopStatements(): string[] {
  return [
    ...insertStatements(
      'languages',
      ['id', 'code', 'name'],
      LANGUAGE_ROWS.map((row) => [...row]),
    ),
    ...insertStatements(
      'currencies',
      ['code', 'name', 'symbol', 'minor_units', 'rate_to_sek'],
      CURRENCY_ROWS.map((row) => [...row]),
    ),
    ...insertStatements(
      'channels',
      ['id', 'name', 'type', 'url', 'default_market_id', 'default_language_id'],
      [[CHANNEL_ID, SHOP_NAME, 'WEB', 'https://www.example.se', '1|se', 'sv-SE']],
    ),
    ...insertStatements(
      'channel_settings',
      ['channel_id', 'key', 'value'],
      CHANNEL_SETTINGS.map(([key, value]) => [CHANNEL_ID, key, value]),
    ),
    ...insertStatements(
      'markets',
      [
        'id',
        'channel_id',
        'alias',
        'country_code',
        'currency_code',
        'default_language_id',
        'vat_rate_bp',
        'group_key',
        'virtual',
        'only_display_in_checkout',
        'shipping_fee_inc_vat',
        'free_shipping_from_inc_vat',
        'sort_order',
      ],
      MARKETS.map((m, i) => [
        m.id,
        CHANNEL_ID,
        m.alias,
        m.countryCode,
        m.currency,
        m.defaultLanguage,
        m.vatRateBp,
        'nordics',
        0,
        0,
        m.shippingFee,
        m.freeShippingFrom,
        i + 1,
      ]),
    ),
    ...insertStatements(
      'market_country_names',
      ['market_id', 'language_id', 'name'],
      MARKETS.flatMap((m) => perLanguage([m.id], m.countryName)),
    ),
    ...insertStatements(
      'market_languages',
      ['market_id', 'language_id', 'sort_order'],
      MARKETS.flatMap((m) => m.languages.map((lang, i) => [m.id, lang, i + 1])),
    ),
  ];
}

/** Names of a leaf's brands, most products first (catalog order breaks ties). */
function leafBrands(leaf: Category, products: readonly Product[], brands: ReadonlyMap<string, Brand>): string[] {
  const aliases = [...new Set((leaf.leaf as Leaf).lines.map((l) => l.brand))];
  const count = (alias: string) => products.filter((p) => p.leaf === leaf && p.brand.alias === alias).length;
  return aliases.sort((a, b) => count(b) - count(a)).map((alias) => (brands.get(alias) as Brand).name);
}

function categoryDescription(category: Category, products: readonly Product[], brands: ReadonlyMap<string, Brand>): Tr {
  if (category.leaf) {
    const brandList = listJoin(leafBrands(category, products, brands).slice(0, 3).map(same));
    const leafName = category.phrase;
    return mapTr(
      tr(
        `Här hittar du ${leafName[0]} från bland annat {b}.`,
        `Her finder du ${leafName[1]} fra blandt andre {b}.`,
        `Find ${leafName[2]} from brands such as {b}.`,
        `Tästä löydät ${leafName[3]} muun muassa merkeiltä {b}.`,
        `Her finner du ${leafName[4]} fra blant andre {b}.`,
      ),
      (t, i) => t.replace('{b}', brandList[i] as string),
    );
  }
  const leaves = category.children.map((c) => c.phrase);
  if (leaves.length > 4) {
    const more = tr('mycket mer', 'meget mere', 'much more', 'paljon muuta', 'mye mer');
    const list = listJoin([...leaves.slice(0, 4), more]);
    return mapTr(
      tr(
        'Upptäck vårt sortiment av {l}.',
        'Udforsk vores sortiment af {l}.',
        'Explore our range of {l}.',
        'Tutustu valikoimaamme: {l}.',
        'Utforsk vårt utvalg av {l}.',
      ),
      (t, i) => t.replace('{l}', list[i] as string),
    );
  }
  const list = listJoin(leaves);
  return mapTr(
    tr(
      'Upptäck vårt sortiment av {l}.',
      'Udforsk vores sortiment af {l}.',
      'Explore our range of {l}.',
      'Tutustu valikoimaamme: {l}.',
      'Utforsk vårt utvalg av {l}.',
    ),
    (t, i) => t.replace('{l}', list[i] as string),
  );
}

function categoryStatements(
  categories: readonly Category[],
  products: readonly Product[],
  brands: ReadonlyMap<string, Brand>,
): string[] {
  const all = [...categories, ...categories.flatMap((c) => c.children)];
  const aliasesSeen = new Set<string>();
  for (const c of all) {
    c.alias.forEach((alias, i) => {
      const key = `${LANGUAGE_IDS[i]}:${alias}`;
      if (aliasesSeen.has(key)) throw new Error(`Duplicate category alias ${key}`);
      aliasesSeen.add(key);
    });
  }
  return [
    ...insertStatements(
      'categories',
      ['id', 'parent_id', 'sort_order', 'is_hidden', 'image'],
      all.map((c) => [c.id, c.parentId, c.sortOrder, 0, c.image]),
    ),
    ...insertStatements(
      'category_texts',
      ['category_id', 'language_id', 'name', 'alias', 'description', 'secondary_description'],
      all.flatMap((c) =>
        perLanguage(
          [c.id],
          c.name,
          c.alias,
          categoryDescription(c, products, brands),
          c.leaf ? (products.find((p) => p.leaf === c)?.type.use ?? null) : null,
        ),
      ),
    ),
  ];
}

function brandDescription(brand: Brand, categories: readonly Category[], products: readonly Product[]): Tr {
  const leaves = categories
    .flatMap((c) => c.children)
    .filter((leaf) => (leaf.leaf as Leaf).lines.some((l) => l.brand === brand.alias));
  const count = (leaf: Category) => products.filter((p) => p.leaf === leaf && p.brand === brand).length;
  const top = leaves.sort((a, b) => count(b) - count(a)).slice(0, 3);
  const list = listJoin(top.map((leaf) => leaf.phrase));
  // 'bland annat' (among others) only when the brand is sold in more categories than are listed.
  const among = leaves.length > top.length;
  const adjective = COUNTRIES[brand.country].adjective;
  const n = products.filter((p) => p.brand === brand).length;
  const article = /^[AEIOU]/.test(adjective[EN]) ? 'an' : 'a';
  const first = tr(
    `${brand.name} är ett ${adjective[0]} varumärke vars sortiment ${among ? 'bland annat ' : ''}omfattar ${list[0]}.`,
    `${brand.name} er et ${adjective[1]} varemærke, hvis sortiment ${among ? 'blandt andet ' : ''}omfatter ${list[1]}.`,
    `${brand.name} is ${article} ${adjective[2]} brand whose range includes ${list[2]}${among ? ', among other things' : ''}.`,
    `${brand.name} on ${adjective[3]} tuotemerkki, jonka valikoimaan kuuluvat ${among ? 'muun muassa ' : ''}${list[3]}.`,
    `${brand.name} er et ${adjective[4]} varemerke med et sortiment som ${among ? 'blant annet ' : ''}omfatter ${list[4]}.`,
  );
  if (n === 0) return first;
  const stock = tr(
    `Hos oss hittar du ${n} ${n === 1 ? 'produkt' : 'produkter'} från ${brand.name}.`,
    `Hos os finder du ${n} ${n === 1 ? 'produkt' : 'produkter'} fra ${brand.name}.`,
    `We stock ${n} ${n === 1 ? 'product' : 'products'} from ${brand.name}.`,
    `Valikoimassamme on ${n} ${n === 1 ? 'tuote' : 'tuotetta'} merkiltä ${brand.name}.`,
    `Hos oss finner du ${n} ${n === 1 ? 'produkt' : 'produkter'} fra ${brand.name}.`,
  );
  return mapTr(first, (t, i) => `${t} ${stock[i]}`);
}

function brandStatements(
  brands: readonly Brand[],
  categories: readonly Category[],
  products: readonly Product[],
): string[] {
  return [
    ...insertStatements(
      'brands',
      ['id', 'alias', 'name'],
      brands.map((b) => [b.id, b.alias, b.name]),
    ),
    ...insertStatements(
      'brand_texts',
      ['brand_id', 'language_id', 'description'],
      brands.flatMap((b) => perLanguage([b.id], brandDescription(b, categories, products))),
    ),
  ];
}

function parameterStatements(): string[] {
  return [
    ...insertStatements(
      'parameter_groups',
      ['id', 'sort_order'],
      [
        [1, 1],
        [2, 2],
      ],
    ),
    ...insertStatements(
      'parameter_group_texts',
      ['group_id', 'language_id', 'name'],
      [
        ...perLanguage([1], tr('Färg', 'Farve', 'Color', 'Väri', 'Farge')),
        ...perLanguage(
          [2],
          tr('Specifikation', 'Specifikationer', 'Specifications', 'Tekniset tiedot', 'Spesifikasjoner'),
        ),
      ],
    ),
    ...insertStatements(
      'parameters',
      ['id', 'group_id', 'identifier', 'show', 'show_in_filter', 'sort_order'],
      ATTRIBUTES.map((a, i) => [i + 1, a.group, a.identifier, 1, a.showInFilter === false ? 0 : 1, i + 1]),
    ),
    ...insertStatements(
      'parameter_texts',
      ['parameter_id', 'language_id', 'name'],
      ATTRIBUTES.flatMap((a, i) => perLanguage([i + 1], a.name)),
    ),
  ];
}

function productStatements(products: readonly Product[], skuRows: readonly string[]): string[] {
  const parameterId = new Map(ATTRIBUTES.map((a, i) => [a.identifier, i + 1]));
  const aliasesSeen = new Set<string>();
  for (const p of products) {
    p.alias.forEach((alias, i) => {
      if (aliasesSeen.has(`${i}:${alias}`)) throw new Error(`Duplicate product alias ${alias}`);
      aliasesSeen.add(`${i}:${alias}`);
    });
  }
  return [
    ...insertStatements(
      'products',
      [
        'id',
        'article_number',
        'brand_id',
        'primary_category_id',
        'first_available_on',
        'sold_count',
        'weight_g',
        'is_active',
      ],
      products.map((p) => [p.id, p.articleNumber, p.brand.id, p.leaf.id, p.firstAvailableOn, p.soldCount, p.weight, 1]),
    ),
    ...insertStatements(
      'product_categories',
      ['product_id', 'category_id'],
      products.flatMap((p) => [
        [p.id, p.leaf.id],
        [p.id, p.top.id],
      ]),
    ),
    // Skus before texts: a product's search documents are made with its texts, its codes included; skus
    // inserted after them would rewrite each document and its full-text row once per sku (0006).
    ...skuRows,
    ...insertStatements(
      'product_texts',
      ['product_id', 'language_id', 'name', 'alias', 'short_text', 'description', 'meta_title', 'meta_description'],
      products.flatMap((p) =>
        perLanguage([p.id], p.name, p.alias, p.shortText, p.description, p.metaTitle, p.metaDescription),
      ),
    ),
    ...insertStatements(
      'product_images',
      ['product_id', 'position', 'file_name', 'width', 'height'],
      products.flatMap((p) => p.images.map((file, i) => [p.id, i, file, IMAGE_SIZE, IMAGE_SIZE])),
    ),
    ...insertStatements(
      'product_parameter_values',
      ['product_id', 'parameter_id', 'language_id', 'value', 'value_key'],
      products.flatMap((p) =>
        p.attrs.flatMap((a) =>
          LANGUAGE_IDS.map((lang, i) => [
            p.id,
            parameterId.get(a.attr) as number,
            lang,
            a.value.value[i] as string,
            a.value.key,
          ]),
        ),
      ),
    ),
  ];
}

function skuStatements(skus: ReturnType<typeof buildSkus>): string[] {
  return insertStatements(
    'skus',
    [
      'id',
      'product_id',
      'article_number',
      'gtin',
      'size',
      'sort_order',
      'stock',
      'oversellable',
      'static_stock',
      'incoming',
      'weight_g',
    ],
    skus.map((s) => [
      s.id,
      s.productId,
      s.articleNumber,
      s.gtin,
      s.size,
      s.sortOrder,
      s.stock,
      s.oversellable,
      s.staticStock,
      s.incoming,
      s.weight,
    ]),
  );
}

function commerceStatements(products: readonly Product[], seedDate: string): string[] {
  const campaignProducts = pickCampaignProducts(products);
  const history = buildPriceHistory(products, campaignProducts, seedDate);
  return [
    ...insertStatements(
      'prices',
      ['product_id', 'market_id', 'regular_inc_vat', 'vat_rate_bp'],
      products.flatMap((p) => MARKETS.map((m) => [p.id, m.id, marketPrice(p.priceSek, m.currency), m.vatRateBp])),
    ),
    ...insertStatements(
      'campaigns',
      ['id', 'alias', 'kind', 'discount_percent', 'hide_title', 'starts_at', 'ends_at', 'is_active'],
      CAMPAIGNS.map((c) => [c.id, c.alias, 'PRICE_CAMPAIGN', c.discountPercent, c.hideTitle, c.startsAt, c.endsAt, 1]),
    ),
    ...insertStatements(
      'campaign_texts',
      ['campaign_id', 'language_id', 'name', 'description'],
      CAMPAIGNS.flatMap((c) => perLanguage([c.id], c.name, c.description)),
    ),
    ...insertStatements(
      'campaign_products',
      ['campaign_id', 'product_id'],
      CAMPAIGNS.flatMap((c) => (campaignProducts.get(c.id) ?? []).map((id) => [c.id, id])),
    ),
    ...insertStatements(
      'price_history',
      ['product_id', 'market_id', 'date', 'selling_inc_vat'],
      history.map((h) => [h.productId, h.marketId, h.date, h.sellingIncVat]),
    ),
    ...insertStatements(
      'promo_codes',
      [
        'code',
        'kind',
        'percent',
        'campaign_id',
        'valid_from',
        'valid_to',
        'max_uses',
        'uses',
        'is_active',
        'once_per_customer',
      ],
      PROMO_CODES.map((c) => [
        c.code,
        c.kind,
        c.percent,
        null,
        c.validFrom,
        c.validTo,
        null,
        0,
        1,
        c.oncePerCustomer ? 1 : 0,
      ]),
    ),
    ...insertStatements(
      'promo_code_markets',
      ['code', 'market_id', 'amount_inc_vat', 'min_subtotal_inc_vat'],
      PROMO_CODES.flatMap((c) => MARKETS.map((m) => [c.code, m.id, ...(c.markets[m.id] ?? [0, 0])])),
    ),
    ...insertStatements(
      'gift_cards',
      ['code', 'currency_code', 'initial_amount', 'balance', 'valid_to', 'created_at'],
      GIFT_CARDS.map((g) => [...g]),
    ),
    ...insertStatements(
      'reviews',
      ['id', 'product_id', 'customer_id', 'author', 'rating', 'comment', 'language_id', 'status', 'created_at'],
      buildReviews(products, seedDate).map((r) => [
        r.id,
        r.productId,
        null,
        r.author,
        r.rating,
        r.comment,
        r.languageId,
        r.status,
        r.createdAt,
      ]),
    ),
  ];
}

/**
 * Every SQL statement of the seed, in foreign-key order. Each statement is one line ending with ';',
 * at most ~90 KB and 100 rows. Customers, carts, orders, favorites and subscriptions stay empty.
 */
export function generateSeedStatements(options: SeedOptions = {}): string[] {
  const total = options.products ?? DEFAULT_PRODUCTS;
  if (!Number.isInteger(total) || total < 1)
    throw new Error(`SeedOptions.products must be a positive integer, got ${total}`);
  const brands = buildBrands();
  const categories = buildCategories();
  const brandsByAlias = new Map(brands.map((b) => [b.alias, b]));
  const products = buildProducts(total, categories, brandsByAlias, SEED_DATE);
  return [
    ...shopStatements(),
    ...categoryStatements(categories, products, brandsByAlias),
    ...brandStatements(brands, categories, products),
    ...parameterStatements(),
    ...productStatements(products, skuStatements(buildSkus(products, SEED_DATE))),
    ...commerceStatements(products, SEED_DATE),
    ...contentStatements(categories, products, SEED_DATE),
    // Last: cached responses of any earlier catalog become unreachable (worker/graphql/catalog-version.ts).
    BUMP_CATALOG_VERSION_SQL,
  ];
}
