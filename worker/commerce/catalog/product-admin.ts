/**
 * The catalog as the merchant's staff change it (issue 27): find a product, then set its stock per SKU,
 * its regular price per market, a campaign price of its own with dates, and whether it is published. Each
 * change is one D1 batch with its announcement (product-changes.ts: kept pages that show the product are
 * rendered anew) and whatever the caller adds (the audit row). A new regular price is also a price point
 * of today (price_history, for the lowest price of the last 30 days: EU Omnibus directive).
 */
import { containing } from '../../db/like';
import { announceProductChanges } from './product-changes';

export interface StaffProductRow {
  id: number;
  articleNumber: string;
  name: string;
  active: boolean;
  stock: number;
  skus: number;
}

/** Products by name (Swedish), article number, an SKU's article number or GTIN; all of them when `search` is empty. */
export async function findProductsForStaff(
  db: D1Database,
  search: string,
  page: { skip: number; take: number },
): Promise<{ total: number; rows: StaffProductRow[] }> {
  const q = search.trim().toLowerCase();
  const where = q
    ? `WHERE lower(t.name) LIKE ?1 ESCAPE '\\' OR lower(p.article_number) = ?2
         OR p.id IN (SELECT product_id FROM skus WHERE lower(article_number) = ?2 OR gtin = ?2)`
    : '';
  const bind = q ? [containing(q), q] : [];
  const from = `FROM products p LEFT JOIN product_texts t ON t.product_id = p.id AND t.language_id = 'sv-SE' ${where}`;
  const [count, rows] = await db.batch<Record<string, any>>([
    db.prepare(`SELECT COUNT(*) AS total ${from}`).bind(...bind),
    db
      .prepare(
        `SELECT p.id, p.article_number, COALESCE(t.name, p.article_number) AS name, p.is_active,
                (SELECT COALESCE(SUM(stock), 0) FROM skus s WHERE s.product_id = p.id) AS stock,
                (SELECT COUNT(*) FROM skus s WHERE s.product_id = p.id) AS skus
         ${from} ORDER BY name, p.id LIMIT ${page.take} OFFSET ${page.skip}`,
      )
      .bind(...bind),
  ]);
  return {
    total: count!.results[0]?.total ?? 0,
    rows: rows!.results.map((row) => ({
      id: row.id,
      articleNumber: row.article_number,
      name: row.name,
      active: row.is_active === 1,
      stock: row.stock,
      skus: row.skus,
    })),
  };
}

export interface StaffProduct {
  id: number;
  articleNumber: string;
  name: string;
  alias: string;
  active: boolean;
  skus: { id: number; articleNumber: string; size: string | null; stock: number; staticStock: number | null }[];
  prices: { marketId: string; currency: string; regularIncVat: number; vatRateBp: number }[];
  /** Its images in order: file names under /images/products/. */
  images: { position: number; fileName: string; width: number; height: number }[];
  /** Price campaigns the product is in, newest first; `own`: made for this product alone (staff may end it). */
  campaigns: { id: number; name: string; percent: number; startsAt: string; endsAt: string | null; own: boolean }[];
}

/** Product `id` with its SKUs, prices and campaigns, or null. */
export async function productForStaff(db: D1Database, id: number): Promise<StaffProduct | null> {
  const [product, skus, prices, campaigns, images] = await db.batch<Record<string, any>>([
    db
      .prepare(
        `SELECT p.id, p.article_number, p.is_active, COALESCE(t.name, p.article_number) AS name, COALESCE(t.alias, '') AS alias
         FROM products p LEFT JOIN product_texts t ON t.product_id = p.id AND t.language_id = 'sv-SE' WHERE p.id = ?`,
      )
      .bind(id),
    db
      .prepare(
        'SELECT id, article_number, size, stock, static_stock FROM skus WHERE product_id = ? ORDER BY sort_order, id',
      )
      .bind(id),
    db
      .prepare(
        `SELECT pr.market_id, m.currency_code, pr.regular_inc_vat, pr.vat_rate_bp FROM prices pr
         JOIN markets m ON m.id = pr.market_id WHERE pr.product_id = ? ORDER BY pr.market_id`,
      )
      .bind(id),
    db
      .prepare(
        `SELECT c.id, COALESCE(t.name, c.alias) AS name, c.discount_percent, c.starts_at, c.ends_at,
                (SELECT COUNT(*) FROM campaign_products o WHERE o.campaign_id = c.id) = 1 AND c.alias LIKE 'produkt-%' AS own
         FROM campaign_products cp JOIN campaigns c ON c.id = cp.campaign_id
         LEFT JOIN campaign_texts t ON t.campaign_id = c.id AND t.language_id = 'sv-SE'
         WHERE cp.product_id = ? AND c.kind = 'PRICE_CAMPAIGN' AND c.is_active = 1 ORDER BY c.starts_at DESC, c.id DESC`,
      )
      .bind(id),
    db
      .prepare('SELECT position, file_name, width, height FROM product_images WHERE product_id = ? ORDER BY position')
      .bind(id),
  ]);
  const row = product!.results[0];
  if (!row) return null;
  return {
    id: row.id,
    articleNumber: row.article_number,
    name: row.name,
    alias: row.alias,
    active: row.is_active === 1,
    skus: skus!.results.map((sku) => ({
      id: sku.id,
      articleNumber: sku.article_number,
      size: sku.size,
      stock: sku.stock,
      staticStock: sku.static_stock,
    })),
    prices: prices!.results.map((price) => ({
      marketId: price.market_id,
      currency: price.currency_code,
      regularIncVat: price.regular_inc_vat,
      vatRateBp: price.vat_rate_bp,
    })),
    images: images!.results.map((image) => ({
      position: image.position,
      fileName: image.file_name,
      width: image.width,
      height: image.height,
    })),
    campaigns: campaigns!.results.map((campaign) => ({
      id: campaign.id,
      name: campaign.name,
      percent: campaign.discount_percent,
      startsAt: campaign.starts_at,
      endsAt: campaign.ends_at,
      own: campaign.own === 1,
    })),
  };
}

/** Runs `statements` with the product's announcement and the caller's `alongside` in one batch. */
async function changeProduct(
  db: D1Database,
  productId: number,
  statements: D1PreparedStatement[],
  alongside: readonly D1PreparedStatement[],
): Promise<void> {
  await db.batch([...statements, ...alongside, announceProductChanges(db, [productId])]);
}

/**
 * A SKU's stock as staff set it: its units, and whether they are stated (static stock, StockType.static:
 * the same units whatever is sold, for goods the merchant never runs out of) rather than counted; a
 * caller that does not say (the merchant API's stock write) leaves that as it is.
 */
export interface SkuStock {
  units: number;
  static?: boolean;
}

/** Sets the stock of the product's SKUs named in `stock` (SKU id → stock); SKUs of other products are not touched. */
export function setProductStock(
  db: D1Database,
  productId: number,
  stock: ReadonlyMap<number, SkuStock>,
  alongside: readonly D1PreparedStatement[] = [],
): Promise<void> {
  return changeProduct(
    db,
    productId,
    // Static stock is kept as the seed keeps it: its units both on the shelf and as static_stock, which
    // orders never lower (worker/commerce/orders/orders.ts).
    [...stock].map(([skuId, sku]) =>
      sku.static === undefined
        ? db.prepare('UPDATE skus SET stock = ? WHERE id = ? AND product_id = ?').bind(sku.units, skuId, productId)
        : db
            .prepare('UPDATE skus SET stock = ?, static_stock = ? WHERE id = ? AND product_id = ?')
            .bind(sku.units, sku.static ? sku.units : null, skuId, productId),
    ),
    alongside,
  );
}

/**
 * Sets the product's regular prices (market id → minor units incl. VAT) in markets it is priced in, and
 * records each as today's price point.
 */
export function setProductPrices(
  db: D1Database,
  productId: number,
  prices: ReadonlyMap<string, number>,
  now: Date,
  alongside: readonly D1PreparedStatement[] = [],
): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  return changeProduct(
    db,
    productId,
    [...prices].flatMap(([marketId, amount]) => [
      db
        .prepare('UPDATE prices SET regular_inc_vat = ? WHERE product_id = ? AND market_id = ?')
        .bind(amount, productId, marketId),
      db
        .prepare(
          `INSERT INTO price_history (product_id, market_id, date, selling_inc_vat)
           SELECT product_id, market_id, ?, regular_inc_vat FROM prices WHERE product_id = ? AND market_id = ?
           ON CONFLICT (product_id, market_id, date) DO UPDATE SET selling_inc_vat = excluded.selling_inc_vat`,
        )
        .bind(today, productId, marketId),
    ]),
    alongside,
  );
}

/** Publishes (`active`) or hides the product: hidden, no page, list or search shows it and it cannot be bought. */
export function setProductActive(
  db: D1Database,
  productId: number,
  active: boolean,
  alongside: readonly D1PreparedStatement[] = [],
): Promise<void> {
  return changeProduct(
    db,
    productId,
    [db.prepare('UPDATE products SET is_active = ? WHERE id = ?').bind(active ? 1 : 0, productId)],
    alongside,
  );
}

export interface ProductCampaign {
  name: string;
  percent: number;
  /** ISO timestamps; no end: until ended. */
  startsAt: string;
  endsAt: string | null;
}

/** A price campaign for this product alone, named in every language the shop has. */
export async function addProductCampaign(
  db: D1Database,
  productId: number,
  campaign: ProductCampaign,
  now: Date,
  alongside: readonly D1PreparedStatement[] = [],
): Promise<void> {
  const alias = `produkt-${productId}-${now.getTime()}`;
  await changeProduct(
    db,
    productId,
    [
      db
        .prepare(
          "INSERT INTO campaigns (alias, kind, discount_percent, starts_at, ends_at) VALUES (?, 'PRICE_CAMPAIGN', ?, ?, ?)",
        )
        .bind(alias, campaign.percent, campaign.startsAt, campaign.endsAt),
      db
        .prepare(
          `INSERT INTO campaign_texts (campaign_id, language_id, name)
           SELECT (SELECT id FROM campaigns WHERE alias = ?), id, ? FROM languages`,
        )
        .bind(alias, campaign.name),
      db
        .prepare('INSERT INTO campaign_products (campaign_id, product_id) SELECT id, ? FROM campaigns WHERE alias = ?')
        .bind(productId, alias),
    ],
    alongside,
  );
}

/** Ends campaign `campaignId` now, if it is this product's own and still running or to come; false otherwise. */
export async function endProductCampaign(
  db: D1Database,
  productId: number,
  campaignId: number,
  now: Date,
  alongside: readonly D1PreparedStatement[] = [],
): Promise<boolean> {
  const at = now.toISOString();
  const [ended] = await db.batch([
    db
      .prepare(
        `UPDATE campaigns SET ends_at = ?1 WHERE id = ?2 AND alias LIKE 'produkt-%' AND (ends_at IS NULL OR ends_at > ?1)
           AND ?3 IN (SELECT product_id FROM campaign_products WHERE campaign_id = ?2)`,
      )
      .bind(at, campaignId, productId),
    ...alongside,
    announceProductChanges(db, [productId]),
  ]);
  return ended!.meta.changes === 1;
}

/** Adds an image (its file already stored) as the product's last, with the product's announcement. */
export function addProductImage(
  db: D1Database,
  productId: number,
  image: { fileName: string; width: number; height: number },
  alongside: readonly D1PreparedStatement[] = [],
): Promise<void> {
  return changeProduct(
    db,
    productId,
    [
      db
        .prepare(
          `INSERT INTO product_images (product_id, position, file_name, width, height)
           VALUES (?1, (SELECT COALESCE(MAX(position), 0) + 1 FROM product_images WHERE product_id = ?1), ?2, ?3, ?4)`,
        )
        .bind(productId, image.fileName, image.width, image.height),
    ],
    alongside,
  );
}

/** Removes the product's image at `position`; the file name it had, or null when there was none. */
export async function removeProductImage(
  db: D1Database,
  productId: number,
  position: number,
  alongside: readonly D1PreparedStatement[] = [],
): Promise<string | null> {
  const image = await db
    .prepare('SELECT file_name FROM product_images WHERE product_id = ? AND position = ?')
    .bind(productId, position)
    .first<{ file_name: string }>();
  if (!image) return null;
  await changeProduct(
    db,
    productId,
    [db.prepare('DELETE FROM product_images WHERE product_id = ? AND position = ?').bind(productId, position)],
    alongside,
  );
  return image.file_name;
}
