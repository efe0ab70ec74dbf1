/**
 * The price of a cart (spec §3 Cart summary, §9): a pure function over plain data, so every rule can be
 * shown with worked examples (tests/unit/cart-pricing.test.ts). All amounts are integer minor units
 * including VAT unless the name says ExVat; the ex-VAT part is derived per VAT rate with `exVat`.
 *
 * Order of the rules:
 * 1. price campaign per product (the catalog's priceWithCampaign), then a PERCENT promo code per unit,
 *    each rounded to the currency's unit (money.ts percentOff, docs/decisions/010-price-rounding.md);
 * 2. a FIXED_AMOUNT promo code, capped at the goods value and spread across the lines in proportion to
 *    their price, with exact rounding so the shares sum to the whole (their VAT follows each line's rate);
 * 3. shipping: the method's fee, free from the market's threshold (on the goods value after discounts)
 *    or with a FREE_SHIPPING code; an empty cart pays no shipping;
 * 4. gift cards, then the customer's balance, pay for the total; never more than the total, never more
 *    than they hold, so nothing ever goes below zero. They are means of payment, not discounts: the VAT
 *    stays the sale's whole VAT (`total.vat`, `vats`) however the sale is paid.
 * A promo code whose minimum subtotal (goods after campaigns) is not met stays on the cart unapplied.
 */
import { exVat, percentOff } from '../pricing/money';
import { breakdown, priceAgainst, priceWithCampaign, type PriceBreakdown } from '../pricing/pricing';

export interface AppliedCampaign {
  id: string;
  name: string;
  hideTitle: boolean;
}

export interface PricingLine {
  skuId: number;
  productId: number;
  quantity: number;
  regularUnitIncVat: number;
  vatRateBp: number;
  /** The product's best active price campaign. */
  campaign: (AppliedCampaign & { discountPercent: number }) | null;
  /** A validated automated-discount unit price below the campaign price (price-validation.ts): it wins. */
  validatedUnitIncVat?: number;
}

interface PromotionBase {
  code: string;
  minSubtotalIncVat: number;
  /** The code as a campaign rule on the cart ('Rabattkod VALKOMMEN10'). */
  campaign: AppliedCampaign;
}
export type PromotionInput =
  | (PromotionBase & { kind: 'PERCENT'; percent: number })
  | (PromotionBase & { kind: 'FIXED_AMOUNT'; amountIncVat: number })
  | (PromotionBase & { kind: 'FREE_SHIPPING' });

export interface ShippingInput {
  feeIncVat: number;
  /** Goods value (after discounts) from which shipping is free; null: this method is never free. */
  freeFromIncVat: number | null;
  isDefault: boolean;
}

export interface CartPricingInput {
  /** The market's currency: how computed selling prices are rounded (whole kronor, cents). */
  currency: string;
  lines: PricingLine[];
  promotion: PromotionInput | null;
  shipping: ShippingInput;
  /** The market's standard VAT rate: shipping's rate, and the nominal rate of sums. */
  vatRateBp: number;
  /** Gift cards on the cart, in the order they were added, with what they still hold. */
  giftCards: { code: string; balance: number }[];
  /** The logged-in customer's balance in the market's currency (0 for a guest). */
  customerBalance: number;
}

export interface PricedLine {
  skuId: number;
  productId: number;
  quantity: number;
  unitPrice: PriceBreakdown;
  totalPrice: PriceBreakdown;
  campaigns: AppliedCampaign[];
  /** This line's share of the fixed-amount discount. */
  fixedDiscountIncVat: number;
}

export interface CartPricing {
  lines: PricedLine[];
  appliedCampaigns: AppliedCampaign[];
  promotion: { code: string; applied: boolean } | null;
  /** The goods after campaigns and percent codes, before the fixed-amount discount. */
  subTotal: PriceBreakdown;
  fixedAmountDiscount: { incVat: number; exVat: number };
  shipping: {
    feeIncVat: number;
    feeExVat: number;
    amountLeftToFreeShipping: number;
    isFree: boolean;
    isDefault: boolean;
    /** A FREE_SHIPPING code applies (whichever method is chosen). */
    freeByCode: boolean;
    /** The goods value after every discount, which the free-shipping threshold is judged on. */
    goodsIncVat: number;
  };
  /** What the sale is worth: goods after every discount plus shipping, before gift cards and balance. */
  total: PriceBreakdown;
  /** VAT per rate, summing to total.vat. */
  vats: { vatRateBp: number; amount: number }[];
  payment: {
    /** The gift cards that pay, with what stays on each afterwards (`left`; absent in orders placed before it). */
    giftCards: { code: string; amount: number; left?: number }[];
    customerBalance: number;
    /** What is left of the customer's balance after this cart. */
    customerBalanceRemaining: number;
    /** Gift cards plus balance used. */
    pending: number;
    toPayIncVat: number;
    /** What is left to pay less the sale's VAT, never below zero (gift cards and balance do not lower VAT). */
    toPayExVat: number;
  };
}

/**
 * `total` split in proportion to `weights`, in whole units that sum exactly to `total`: each part is
 * rounded down, and the units left go one each to the largest remainders (the earlier line on a tie).
 */
export function allocateProportionally(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const parts = weights.map((weight) => Math.floor((total * weight) / sum));
  let left = total - parts.reduce((acc, part) => acc + part, 0);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (total * weight) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

function priceLine(
  line: PricingLine,
  percentCode: Extract<PromotionInput, { kind: 'PERCENT' }> | null,
  currency: string,
) {
  const campaignUnit =
    line.validatedUnitIncVat === undefined
      ? priceWithCampaign(line.regularUnitIncVat, line.vatRateBp, line.campaign?.discountPercent ?? 0, currency)
      : priceAgainst(line.regularUnitIncVat, line.validatedUnitIncVat, line.vatRateBp);
  const sellingUnit = percentCode
    ? percentOff(campaignUnit.sellingIncVat, percentCode.percent, currency)
    : campaignUnit.sellingIncVat;
  const rate = line.vatRateBp;
  const unitPrice = breakdown(
    campaignUnit.regularIncVat,
    campaignUnit.regularExVat,
    sellingUnit,
    exVat(sellingUnit, rate),
    rate,
  );
  const regularTotal = line.regularUnitIncVat * line.quantity;
  const sellingTotal = sellingUnit * line.quantity;
  const totalPrice = breakdown(regularTotal, exVat(regularTotal, rate), sellingTotal, exVat(sellingTotal, rate), rate);
  const campaigns: AppliedCampaign[] = [];
  if (line.campaign && line.campaign.discountPercent > 0 && line.validatedUnitIncVat === undefined) {
    campaigns.push({ id: line.campaign.id, name: line.campaign.name, hideTitle: line.campaign.hideTitle });
  }
  if (percentCode) campaigns.push(percentCode.campaign);
  return { unitPrice, totalPrice, campaigns, campaignSellingTotal: campaignUnit.sellingIncVat * line.quantity };
}

function sumOf<T>(items: readonly T[], pick: (item: T) => number): number {
  return items.reduce((acc, item) => acc + pick(item), 0);
}

/**
 * What a shipping method costs for goods worth `goodsIncVat` (after discounts): nothing for an empty
 * cart, with a FREE_SHIPPING code, or from the method's threshold; else its fee, and how far it is to
 * free shipping (0 when the method is never free).
 */
export function shippingCost(
  shipping: Pick<ShippingInput, 'feeIncVat' | 'freeFromIncVat'>,
  { goodsIncVat, freeByCode, isEmpty }: { goodsIncVat: number; freeByCode: boolean; isEmpty: boolean },
): { feeIncVat: number; amountLeftToFreeShipping: number; isFree: boolean } {
  const freeByThreshold = shipping.freeFromIncVat !== null && goodsIncVat >= shipping.freeFromIncVat;
  const isFree = isEmpty || freeByCode || freeByThreshold;
  const amountLeftToFreeShipping =
    freeByCode || freeByThreshold || shipping.freeFromIncVat === null ? 0 : shipping.freeFromIncVat - goodsIncVat;
  return { feeIncVat: isFree ? 0 : shipping.feeIncVat, amountLeftToFreeShipping, isFree };
}

/** Prices a cart; see the module comment for the rules and their order. */
export function priceCart(input: CartPricingInput): CartPricing {
  const { promotion, vatRateBp } = input;
  // The code's requirement is judged on the goods after price campaigns, before any code.
  const campaignSubtotal = sumOf(input.lines, (line) => priceLine(line, null, input.currency).campaignSellingTotal);
  const promotionApplies =
    promotion !== null && input.lines.length > 0 && campaignSubtotal >= promotion.minSubtotalIncVat;
  const percentCode = promotionApplies && promotion.kind === 'PERCENT' ? promotion : null;

  const priced = input.lines.map((line) => ({ line, ...priceLine(line, percentCode, input.currency) }));
  const subTotal = breakdown(
    sumOf(priced, (p) => p.totalPrice.regularIncVat),
    sumOf(priced, (p) => p.totalPrice.regularExVat),
    sumOf(priced, (p) => p.totalPrice.sellingIncVat),
    sumOf(priced, (p) => p.totalPrice.sellingExVat),
    vatRateBp,
  );

  const fixedIncVat =
    promotionApplies && promotion.kind === 'FIXED_AMOUNT'
      ? Math.min(promotion.amountIncVat, subTotal.sellingIncVat)
      : 0;
  const shares = allocateProportionally(
    fixedIncVat,
    priced.map((p) => p.totalPrice.sellingIncVat),
  );
  const shareExVat = shares.map((share, i) => exVat(share, priced[i]!.line.vatRateBp));
  const fixedExVat = sumOf(shareExVat, (x) => x);
  const goodsIncVat = subTotal.sellingIncVat - fixedIncVat;
  const goodsExVat = subTotal.sellingExVat - fixedExVat;

  const { shipping } = input;
  const freeByCode = promotionApplies && promotion.kind === 'FREE_SHIPPING';
  const goods = { goodsIncVat, freeByCode, isEmpty: input.lines.length === 0 };
  const { feeIncVat, amountLeftToFreeShipping, isFree } = shippingCost(shipping, goods);
  const feeExVat = exVat(feeIncVat, vatRateBp);

  const total = breakdown(
    subTotal.regularIncVat + feeIncVat,
    subTotal.regularExVat + feeExVat,
    goodsIncVat + feeIncVat,
    goodsExVat + feeExVat,
    vatRateBp,
  );

  const vatByRate = new Map<number, number>();
  const addVat = (rate: number, amount: number) => vatByRate.set(rate, (vatByRate.get(rate) ?? 0) + amount);
  priced.forEach((p, i) => addVat(p.line.vatRateBp, p.totalPrice.vat - (shares[i]! - shareExVat[i]!)));
  if (feeIncVat > 0) addVat(vatRateBp, feeIncVat - feeExVat);

  let due = total.sellingIncVat;
  const giftCards: CartPricing['payment']['giftCards'] = [];
  for (const card of input.giftCards) {
    const amount = Math.min(Math.max(card.balance, 0), due);
    if (amount > 0) giftCards.push({ code: card.code, amount, left: card.balance - amount });
    due -= amount;
  }
  const customerBalance = Math.min(Math.max(input.customerBalance, 0), due);
  due -= customerBalance;
  const pending = total.sellingIncVat - due;
  // Gift cards and balance are payment: the whole VAT stays with the sale, none of it moves to them.
  const toPayExVat = Math.max(0, due - total.vat);

  const appliedCampaigns = new Map<string, AppliedCampaign>();
  for (const p of priced) for (const campaign of p.campaigns) appliedCampaigns.set(campaign.id, campaign);
  if (promotionApplies && promotion.kind !== 'PERCENT') appliedCampaigns.set(promotion.campaign.id, promotion.campaign);

  return {
    lines: priced.map((p, i) => ({
      skuId: p.line.skuId,
      productId: p.line.productId,
      quantity: p.line.quantity,
      unitPrice: p.unitPrice,
      totalPrice: p.totalPrice,
      campaigns: p.campaigns,
      fixedDiscountIncVat: shares[i]!,
    })),
    appliedCampaigns: [...appliedCampaigns.values()],
    promotion: promotion ? { code: promotion.code, applied: promotionApplies } : null,
    subTotal,
    fixedAmountDiscount: { incVat: fixedIncVat, exVat: fixedExVat },
    shipping: {
      feeIncVat,
      feeExVat,
      amountLeftToFreeShipping,
      isFree,
      isDefault: shipping.isDefault,
      freeByCode,
      goodsIncVat,
    },
    total,
    vats: [...vatByRate].map(([rate, amount]) => ({ vatRateBp: rate, amount })),
    payment: {
      giftCards,
      customerBalance,
      customerBalanceRemaining: Math.max(input.customerBalance, 0) - customerBalance,
      pending,
      toPayIncVat: due,
      toPayExVat,
    },
  };
}
