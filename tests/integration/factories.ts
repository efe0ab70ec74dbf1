// Factories (issue 11 "tests first"): a test makes the rows it needs, with values a person can check
// ("139 kr − 10 % = 125 kr"), instead of hunting through the big seed with SQL. Each call makes new
// rows with fresh ids, so tests in one file never see each other's data.
import { env } from '../helpers';
import { addToCart, loggedInCustomer, newCart } from './cart-helpers';

const LANGUAGES = ['sv-SE', 'da-DK', 'en-US', 'fi-FI', 'nb-NO'] as const;

let sequence = 0;
/** A number unique within this test file's database (the seed's ids stay far below it). */
function nextId(): number {
  sequence += 1;
  return 900_000 + sequence;
}

const isoDate = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const isoTime = (daysFromNow: number) =>
  new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 19) + 'Z';

export interface ProductOptions {
  /** The Swedish name; the other languages get it with their code after it. */
  name?: string;
  /** Regular price including VAT in each market, minor units: { '1|se': 13900 } is 139 kr. */
  prices?: Partial<Record<string, number>>;
  /** VAT rate in basis points (2500 = 25 %). */
  vatRateBp?: number;
  /** Units in stock of the product's one sku. */
  stock?: number;
  /** Static stock (StockType.static, never lowered by sales): the sku's stock is these units, stated. */
  staticStock?: number;
  /** A running price campaign of this many percent, with its Swedish name. */
  campaign?: { percent: number; name: string };
  /** Selling prices of earlier days in the Swedish market (days ago -> minor units), for the 30-day lowest price. */
  priceHistory?: Record<number, number>;
}

export interface CreatedProduct {
  id: number;
  skuId: number;
  /** The Swedish alias: /p/{alias}. */
  alias: string;
  name: string;
  campaignAlias: string | null;
}

/** A product with one sku, priced and stocked as asked, in the seed's first brand and category. */
export async function createProduct(options: ProductOptions = {}): Promise<CreatedProduct> {
  const id = nextId();
  const skuId = nextId();
  const name = options.name ?? `Testpenna ${id}`;
  const alias = `testpenna-${id}`;
  const vatRateBp = options.vatRateBp ?? 2500;
  const prices = options.prices ?? { '1|se': 13900 };
  const brand = await env.DB.prepare('SELECT id FROM brands ORDER BY id LIMIT 1').first<{ id: number }>();
  const category = await env.DB.prepare(
    'SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1',
  ).first<{ id: number }>();
  const statements = [
    env.DB.prepare(
      'INSERT INTO products (id, article_number, brand_id, primary_category_id, first_available_on) VALUES (?, ?, ?, ?, ?)',
    ).bind(id, `T-${id}`, brand!.id, category!.id, isoDate(400)),
    env.DB.prepare('INSERT INTO product_categories (product_id, category_id) VALUES (?, ?)').bind(id, category!.id),
    ...LANGUAGES.map((language) =>
      env.DB.prepare(
        'INSERT INTO product_texts (product_id, language_id, name, alias, short_text, description) VALUES (?, ?, ?, ?, ?, ?)',
      ).bind(
        id,
        language,
        language === 'sv-SE' ? name : `${name} ${language}`,
        language === 'sv-SE' ? alias : `${alias}-${language.slice(0, 2)}`,
        'En penna att testa med.',
        'En penna att testa med, gjord av en testfabrik.',
      ),
    ),
    env.DB.prepare(
      'INSERT INTO skus (id, product_id, article_number, gtin, sort_order, stock, static_stock) VALUES (?, ?, ?, ?, 1, ?, ?)',
    ).bind(
      skuId,
      id,
      `T-${id}-1`,
      String(2_000_000_000_000 + skuId),
      options.staticStock ?? options.stock ?? 50,
      options.staticStock ?? null,
    ),
    ...Object.entries(prices).map(([marketId, amount]) =>
      env.DB.prepare(
        'INSERT INTO prices (product_id, market_id, regular_inc_vat, vat_rate_bp) VALUES (?, ?, ?, ?)',
      ).bind(id, marketId, amount!, vatRateBp),
    ),
    ...Object.entries(options.priceHistory ?? {}).map(([daysAgo, amount]) =>
      env.DB.prepare(
        "INSERT INTO price_history (product_id, market_id, date, selling_inc_vat) VALUES (?, '1|se', ?, ?)",
      ).bind(id, isoDate(Number(daysAgo)), amount),
    ),
  ];
  let campaignAlias: string | null = null;
  if (options.campaign) {
    const campaignId = nextId();
    campaignAlias = `testkampanj-${campaignId}`;
    statements.push(
      env.DB.prepare(
        "INSERT INTO campaigns (id, alias, kind, discount_percent, starts_at, ends_at) VALUES (?, ?, 'PRICE_CAMPAIGN', ?, ?, ?)",
      ).bind(campaignId, campaignAlias, options.campaign.percent, isoTime(-10), isoTime(10)),
      ...LANGUAGES.map((language) =>
        env.DB.prepare('INSERT INTO campaign_texts (campaign_id, language_id, name) VALUES (?, ?, ?)').bind(
          campaignId,
          language,
          options.campaign!.name,
        ),
      ),
      env.DB.prepare('INSERT INTO campaign_products (campaign_id, product_id) VALUES (?, ?)').bind(campaignId, id),
    );
  }
  await env.DB.batch(statements);
  return { id, skuId, alias, name, campaignAlias };
}

/** A customer account and a Bearer token for it, as the login flow issues them. */
export function createCustomer(email = `kund-${nextId()}@example.com`): Promise<{ id: number; token: string }> {
  return loggedInCustomer(email);
}

/** A new cart in the Swedish market holding `items` (sku id -> quantity), filled through the API. */
export async function createCart(items: Record<number, number>): Promise<string> {
  const cartId = await newCart();
  for (const [skuId, quantity] of Object.entries(items)) {
    const { errors } = await addToCart(cartId, Number(skuId), quantity);
    if (errors) throw new Error(errors[0]!.message);
  }
  return cartId;
}

export { placeOrder } from './checkout-helpers';

/** A review waiting for acceptance (spec §4), as a shopper's form stores it; its id. */
export async function createReview(
  productId: number,
  { author = 'Karin', rating = 4, comment = 'Skriver jämnt och torkar fort.' } = {},
): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO reviews (product_id, author, rating, comment, language_id, status, created_at)
     VALUES (?, ?, ?, ?, 'sv-SE', 'PENDING', ?) RETURNING id`,
  )
    .bind(productId, author, rating, comment, new Date().toISOString())
    .first<{ id: number }>();
  return row!.id;
}
