/**
 * Promo codes, gift cards and customer balance (spec §1, §8, §9) as D1 reads: which code is valid in a
 * market right now, which gift cards a cart may spend, and what a customer's balance (saldo) is.
 * The prices they lead to are computed by cart-pricing.ts.
 */
import type { AppliedCampaign, PromotionInput } from '../cart/pricing';

export interface PromoCodeRecord {
  code: string;
  kind: 'PERCENT' | 'FIXED_AMOUNT' | 'FREE_SHIPPING';
  percent: number;
  amountIncVat: number;
  minSubtotalIncVat: number;
}

interface PromoCodeRow {
  code: string;
  kind: PromoCodeRecord['kind'];
  percent: number | null;
  amount_inc_vat: number;
  min_subtotal_inc_vat: number;
}

/**
 * The promo code `code` (any letter case) if it can be used in `marketId` at `now`: active, inside its
 * validity window, not used up and set up for the market. Null means 'Koden är ej giltig'.
 */
export async function findUsablePromoCode(
  db: D1Database,
  code: string,
  marketId: string,
  now: Date,
): Promise<PromoCodeRecord | null> {
  const at = now.toISOString();
  const row = await db
    .prepare(
      `SELECT pc.code, pc.kind, pc.percent, pcm.amount_inc_vat, pcm.min_subtotal_inc_vat
       FROM promo_codes pc JOIN promo_code_markets pcm ON pcm.code = pc.code AND pcm.market_id = ?
       WHERE pc.code = ? AND pc.is_active = 1 AND pc.valid_from <= ? AND (pc.valid_to IS NULL OR pc.valid_to > ?)
         AND (pc.max_uses IS NULL OR pc.uses < pc.max_uses)`,
    )
    .bind(marketId, code.trim(), at, at)
    .first<PromoCodeRow>();
  if (!row) return null;
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent ?? 0,
    amountIncVat: row.amount_inc_vat,
    minSubtotalIncVat: row.min_subtotal_inc_vat,
  };
}

/** A promo code as the pricing function takes it; `campaign` is how the cart names it. */
export function toPromotionInput(record: PromoCodeRecord, campaign: AppliedCampaign): PromotionInput {
  const base = { code: record.code, minSubtotalIncVat: record.minSubtotalIncVat, campaign };
  switch (record.kind) {
    case 'PERCENT':
      return { ...base, kind: 'PERCENT', percent: record.percent };
    case 'FIXED_AMOUNT':
      return { ...base, kind: 'FIXED_AMOUNT', amountIncVat: record.amountIncVat };
    case 'FREE_SHIPPING':
      return { ...base, kind: 'FREE_SHIPPING' };
  }
}

/** The gift card `code` if it can pay in `currency` at `now` (not expired, something left on it). */
export async function findUsableGiftCard(
  db: D1Database,
  code: string,
  currency: string,
  now: Date,
): Promise<{ code: string; balance: number } | null> {
  return db
    .prepare(
      `SELECT code, balance FROM gift_cards
       WHERE code = ? AND currency_code = ? AND balance > 0 AND (valid_to IS NULL OR valid_to > ?)`,
    )
    .bind(code.trim(), currency, now.toISOString())
    .first<{ code: string; balance: number }>();
}

/** The gift cards on a cart that can pay in `currency` now, in the order they were added. */
export async function usableCartGiftCards(
  db: D1Database,
  cartId: string,
  currency: string,
  now: Date,
): Promise<{ code: string; balance: number }[]> {
  const { results } = await db
    .prepare(
      `SELECT g.code, g.balance FROM cart_gift_cards cg JOIN gift_cards g ON g.code = cg.code
       WHERE cg.cart_id = ? AND g.currency_code = ? AND g.balance > 0 AND (g.valid_to IS NULL OR g.valid_to > ?)
       ORDER BY cg.rowid`,
    )
    .bind(cartId, currency, now.toISOString())
    .all<{ code: string; balance: number }>();
  return results;
}
