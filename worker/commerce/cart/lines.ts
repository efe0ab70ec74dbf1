/**
 * What a cart's lines are worth right now, read from D1: each sku's price in the cart's market, its
 * product's best active price campaign, the promo code, gift cards, the customer's balance and the
 * shipping, handed to the pure `priceCart`. The product data beside each line comes from the shared
 * `loadProducts` (products.ts).
 */
import type { Market } from '../channel/channel';
import type { CartRecord } from './cart';
import { priceCart, type CartPricing, type PricingLine } from './pricing';
import { overriddenPriceIncVat, type PriceOverride } from '../pricing/price-validation';
import { priceWithCampaign } from '../pricing/pricing';
import { findUsablePromoCode, toPromotionInput, usableCartGiftCards } from '../pricing/promotions';
import { customerBalance } from '../customers/customers';
import { loadShippingMethods, shippingInputFor, type ShippingMethod } from '../checkout/shipping';

/** The best active price campaign of each product, by SQL: one row per product. */
const BEST_CAMPAIGN = `
  SELECT c2.id FROM campaign_products cp JOIN campaigns c2 ON c2.id = cp.campaign_id
  WHERE cp.product_id = p.id AND c2.kind = 'PRICE_CAMPAIGN' AND c2.is_active = 1
    AND c2.starts_at <= ?3 AND (c2.ends_at IS NULL OR c2.ends_at > ?3)
  ORDER BY c2.discount_percent DESC, c2.id LIMIT 1`;

interface LineRow {
  sku_id: number;
  product_id: number;
  article_number: string;
  regular_inc_vat: number;
  vat_rate_bp: number;
  campaign_id: number | null;
  campaign_name: string | null;
  hide_title: number | null;
  discount_percent: number | null;
}

/**
 * The cart's items as pricing lines; items no longer for sale in the market (inactive, unpriced) drop out.
 * A validated automated-discount price (`priceOverride`, already narrowed to the market) below the
 * campaign price becomes its product's unit price.
 */
export async function loadPricingLines(
  db: D1Database,
  items: readonly { skuId: number; quantity: number }[],
  market: Pick<Market, 'id' | 'currency'>,
  languageId: string,
  now: Date,
  priceOverride?: PriceOverride,
): Promise<PricingLine[]> {
  if (items.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT s.id AS sku_id, p.id AS product_id, p.article_number, pr.regular_inc_vat, pr.vat_rate_bp,
         c.id AS campaign_id, COALESCE(ct.name, ctsv.name) AS campaign_name, c.hide_title, c.discount_percent
       FROM skus s
       JOIN products p ON p.id = s.product_id AND p.is_active = 1
       JOIN prices pr ON pr.product_id = p.id AND pr.market_id = ?1
       LEFT JOIN campaigns c ON c.id = (${BEST_CAMPAIGN})
       LEFT JOIN campaign_texts ct ON ct.campaign_id = c.id AND ct.language_id = ?2
       LEFT JOIN campaign_texts ctsv ON ctsv.campaign_id = c.id AND ctsv.language_id = 'sv-SE'
       WHERE s.id IN (SELECT value FROM json_each(?4))`,
    )
    .bind(market.id, languageId, now.toISOString(), JSON.stringify(items.map((item) => item.skuId)))
    .all<LineRow>();
  const bySku = new Map(results.map((row) => [row.sku_id, row]));
  return items.flatMap((item): PricingLine[] => {
    const row = bySku.get(item.skuId);
    if (!row) return [];
    const campaignUnit = priceWithCampaign(
      row.regular_inc_vat,
      row.vat_rate_bp,
      row.discount_percent ?? 0,
      market.currency.code,
    );
    const validated = overriddenPriceIncVat(
      priceOverride,
      { productId: row.product_id, articleNumber: row.article_number },
      campaignUnit.sellingIncVat,
      now,
    );
    return [
      {
        skuId: item.skuId,
        productId: row.product_id,
        quantity: item.quantity,
        regularUnitIncVat: row.regular_inc_vat,
        vatRateBp: row.vat_rate_bp,
        campaign:
          row.campaign_id === null
            ? null
            : {
                id: String(row.campaign_id),
                name: row.campaign_name ?? '',
                hideTitle: row.hide_title === 1,
                discountPercent: row.discount_percent ?? 0,
              },
        ...(validated === undefined ? {} : { validatedUnitIncVat: validated }),
      },
    ];
  });
}

export interface PricedCartOptions {
  market: Market;
  languageId: string;
  now: Date;
  /** A validated automated-discount price in the cart's market (price-validation.ts). */
  priceOverride?: PriceOverride;
  /** The logged-in customer whose balance pays first-hand; undefined for a guest. */
  customerId?: number;
  /** Spec §2: on checkout routes an external shipping fee may replace the method's. */
  allowExternalShippingFee: boolean;
  /** How the cart names its promo code as a campaign ('Rabattkod VALKOMMEN10'). */
  promoCampaignName: (code: string) => string;
}

/** The whole price of an open cart as of now, with the shipping method it uses. */
export async function loadCartPricing(
  db: D1Database,
  cart: CartRecord,
  options: PricedCartOptions,
): Promise<{ pricing: CartPricing; shippingMethod: ShippingMethod | null; shippingMethods: ShippingMethod[] }> {
  const { market, languageId, now } = options;
  const currency = market.currency.code;
  const [lines, promoCode, giftCards, balance, shippingMethods] = await Promise.all([
    loadPricingLines(db, cart.items, market, languageId, now, options.priceOverride),
    cart.promoCode ? findUsablePromoCode(db, cart.promoCode, market.id, now) : null,
    cart.giftCardCodes.length ? usableCartGiftCards(db, cart.id, currency, now) : [],
    options.customerId === undefined ? 0 : customerBalance(db, options.customerId, currency),
    loadShippingMethods(db, market),
  ]);
  const external = options.allowExternalShippingFee ? cart.externalShippingFeeIncVat : null;
  const shipping = shippingInputFor(shippingMethods, cart.shippingMethodId, external);
  const promotion = promoCode
    ? toPromotionInput(promoCode, {
        id: `promo:${promoCode.code}`,
        name: options.promoCampaignName(promoCode.code),
        hideTitle: false,
      })
    : null;
  const pricing = priceCart({
    currency,
    lines,
    promotion,
    shipping: shipping.input,
    vatRateBp: market.vatRateBp,
    giftCards,
    customerBalance: balance,
  });
  return { pricing, shippingMethod: shipping.method, shippingMethods };
}
