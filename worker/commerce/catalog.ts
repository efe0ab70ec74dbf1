/**
 * Product lists over D1: the products of a market in a language, with their selling price under the
 * active price campaigns. Texts fall back to Swedish when a language lacks them (spec §1).
 */
import { priceWithCampaign, type PriceBreakdown } from './pricing';

export type ProductSort = 'NONE' | 'LATEST' | 'MOST_SOLD' | 'PRICE' | 'PRICE_DESC' | 'ALPHABETICAL' | 'ALPHABETICAL_DESC';

export interface ProductListQuery {
  marketId: string;
  languageId: string;
  skip: number;
  take: number;
  sort: ProductSort;
  categoryAlias?: string | null;
  brandAlias?: string | null;
  discountCampaignAlias?: string | null;
  /** ISO timestamp that decides which campaigns are active. */
  now: string;
}

export interface ProductSummary {
  productId: number;
  articleNumber: string;
  name: string;
  alias: string;
  firstAvailableOn: string;
  categoryId: number;
  brand: { brandId: number; name: string; alias: string };
  price: PriceBreakdown;
  image: { fileName: string; width: number; height: number } | null;
}

const SELLING = `CAST(ROUND(pr.regular_inc_vat * (100 - COALESCE(cmp.discount, 0)) / 100.0) AS INTEGER)`;
const ORDER_BY: Record<ProductSort, string> = {
  NONE: 'p.id',
  LATEST: 'p.first_available_on DESC, p.id DESC',
  MOST_SOLD: 'p.sold_count DESC, p.id DESC',
  PRICE: `${SELLING}, p.id`,
  PRICE_DESC: `${SELLING} DESC, p.id`,
  ALPHABETICAL: 'name COLLATE NOCASE, p.id',
  ALPHABETICAL_DESC: 'name COLLATE NOCASE DESC, p.id',
};

/** The FROM/WHERE part shared by the list and its count, with its parameters in order of appearance. */
function productSource(query: ProductListQuery): { from: string; bind: (string | number)[] } {
  const where: string[] = ['p.is_active = 1'];
  const params: (string | number)[] = [];
  if (query.categoryAlias) {
    where.push(`p.id IN (SELECT pc.product_id FROM product_categories pc JOIN category_texts ct
      ON ct.category_id = pc.category_id WHERE ct.alias = ? AND ct.language_id IN (?, 'sv-SE'))`);
    params.push(query.categoryAlias, query.languageId);
  }
  if (query.brandAlias) {
    where.push('b.alias = ?');
    params.push(query.brandAlias);
  }
  if (query.discountCampaignAlias) {
    where.push(`p.id IN (SELECT cp.product_id FROM campaign_products cp JOIN campaigns c ON c.id = cp.campaign_id
      WHERE c.alias = ?)`);
    params.push(query.discountCampaignAlias);
  }
  // CROSS JOIN keeps products the outer loop (SQLite does not reorder it), so LATEST and MOST_SOLD read
  // an index in order and stop at the page size instead of sorting every product of the market.
  const from = `
    FROM products p
    CROSS JOIN prices pr ON pr.product_id = p.id AND pr.market_id = ?
    JOIN brands b ON b.id = p.brand_id
    LEFT JOIN product_texts t ON t.product_id = p.id AND t.language_id = ?
    LEFT JOIN product_texts tsv ON tsv.product_id = p.id AND tsv.language_id = 'sv-SE'
    LEFT JOIN (
      SELECT cp.product_id, MAX(c.discount_percent) AS discount
      FROM campaign_products cp JOIN campaigns c ON c.id = cp.campaign_id
      WHERE c.kind = 'PRICE_CAMPAIGN' AND c.is_active = 1 AND c.starts_at <= ? AND (c.ends_at IS NULL OR c.ends_at > ?)
      GROUP BY cp.product_id
    ) cmp ON cmp.product_id = p.id
    WHERE ${where.join(' AND ')}`;
  // Parameters in order of appearance: market, language, campaign window, then the filters'.
  return { from, bind: [query.marketId, query.languageId, query.now, query.now, ...params] };
}

/** How many products match `query`. */
export async function countProducts(db: D1Database, query: ProductListQuery): Promise<number> {
  const { from, bind } = productSource(query);
  const row = await db.prepare(`SELECT COUNT(*) AS count ${from}`).bind(...bind).first<{ count: number }>();
  return row?.count ?? 0;
}

/** The page `skip`..`skip + take` of the products matching `query`, in its order. */
export async function listProducts(db: D1Database, query: ProductListQuery): Promise<ProductSummary[]> {
  const { from, bind } = productSource(query);
  const { results } = await db
    .prepare(
      `SELECT p.id, p.article_number, p.first_available_on, p.primary_category_id,
         COALESCE(t.name, tsv.name) AS name, COALESCE(t.alias, tsv.alias) AS alias,
         b.id AS brand_id, b.name AS brand_name, b.alias AS brand_alias,
         pr.regular_inc_vat, pr.vat_rate_bp, COALESCE(cmp.discount, 0) AS discount,
         (SELECT file_name || '|' || width || '|' || height FROM product_images i
           WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image
       ${from} ORDER BY ${ORDER_BY[query.sort]} LIMIT ${Math.trunc(query.take)} OFFSET ${Math.trunc(query.skip)}`,
    )
    .bind(...bind)
    .all<ProductRow>();
  return results.map(toSummary);
}

interface ProductRow {
  id: number; article_number: string; first_available_on: string; primary_category_id: number;
  name: string; alias: string; brand_id: number; brand_name: string; brand_alias: string;
  regular_inc_vat: number; vat_rate_bp: number; discount: number; image: string | null;
}

function toSummary(row: ProductRow): ProductSummary {
  const [fileName, width, height] = row.image?.split('|') ?? [];
  return {
    productId: row.id,
    articleNumber: row.article_number,
    name: row.name,
    alias: row.alias,
    firstAvailableOn: row.first_available_on,
    categoryId: row.primary_category_id,
    brand: { brandId: row.brand_id, name: row.brand_name, alias: row.brand_alias },
    price: priceWithCampaign(row.regular_inc_vat, row.vat_rate_bp, row.discount),
    image: fileName ? { fileName, width: Number(width), height: Number(height) } : null,
  };
}
