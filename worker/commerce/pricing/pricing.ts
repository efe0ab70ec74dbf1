/**
 * Prices of a product in one market (spec §3 Price): regular and selling price including and excluding
 * VAT, the discount and its percentage. Inputs and outputs are integer minor units.
 */
import { exVat, percentOff } from './money';

export interface PriceBreakdown {
  regularIncVat: number;
  regularExVat: number;
  sellingIncVat: number;
  sellingExVat: number;
  discountIncVat: number;
  discountExVat: number;
  /** Whole percent, as shown on the card: -20 %. */
  discountPercentage: number;
  /** VAT included in the selling price. */
  vat: number;
  vatRateBp: number;
  isDiscounted: boolean;
}

/**
 * A price breakdown from regular and selling amounts with their ex-VAT parts. A selling price above the
 * regular one (a price log point) is no discount: the discount never goes below zero.
 */
export function breakdown(
  regularIncVat: number,
  regularExVat: number,
  sellingIncVat: number,
  sellingExVat: number,
  vatRateBp: number,
): PriceBreakdown {
  const discountIncVat = Math.max(0, regularIncVat - sellingIncVat);
  return {
    regularIncVat,
    regularExVat,
    sellingIncVat,
    sellingExVat,
    discountIncVat,
    discountExVat: Math.max(0, regularExVat - sellingExVat),
    discountPercentage: regularIncVat > 0 ? Math.round((discountIncVat * 100) / regularIncVat) : 0,
    vat: sellingIncVat - sellingExVat,
    vatRateBp,
    isDiscounted: discountIncVat > 0,
  };
}

/** The breakdown of `sellingIncVat` against `regularIncVat`, both including VAT at `vatRateBp`. */
export function priceAgainst(regularIncVat: number, sellingIncVat: number, vatRateBp: number): PriceBreakdown {
  return breakdown(
    regularIncVat,
    exVat(regularIncVat, vatRateBp),
    sellingIncVat,
    exVat(sellingIncVat, vatRateBp),
    vatRateBp,
  );
}

/**
 * The price of an item with regular price `regularIncVat` under a price campaign of `discountPercent`,
 * rounded by the currency's rule (`percentOff`: 139 kr − 10 % = 125 kr).
 */
export function priceWithCampaign(
  regularIncVat: number,
  vatRateBp: number,
  discountPercent: number,
  currency: string,
): PriceBreakdown {
  if (discountPercent <= 0) return priceAgainst(regularIncVat, regularIncVat, vatRateBp);
  return priceAgainst(regularIncVat, percentOff(regularIncVat, discountPercent, currency), vatRateBp);
}
