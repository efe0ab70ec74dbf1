/** PriceType of the API, shared by every domain that reports a price. */
import { formatMoney } from '../commerce/pricing/money';
import type { PriceBreakdown } from '../commerce/pricing/pricing';
import type { Currency } from '../commerce/channel/channel';

/** PriceType of the API: amounts in major units (Decimal) and formatted for the language. */
export function priceType(price: PriceBreakdown, currency: Currency, languageId: string) {
  const major = (amount: number) => amount / 100;
  const format = (amount: number) => formatMoney({ amount, currency: currency.code }, languageId);
  return {
    sellingPriceIncVat: major(price.sellingIncVat),
    sellingPriceExVat: major(price.sellingExVat),
    regularPriceIncVat: major(price.regularIncVat),
    regularPriceExVat: major(price.regularExVat),
    discountIncVat: major(price.discountIncVat),
    discountExVat: major(price.discountExVat),
    discountPercentage: price.discountPercentage,
    vat: major(price.vat),
    isDiscounted: price.isDiscounted,
    sellingPriceIncVatFormatted: format(price.sellingIncVat),
    sellingPriceExVatFormatted: format(price.sellingExVat),
    regularPriceIncVatFormatted: format(price.regularIncVat),
    regularPriceExVatFormatted: format(price.regularExVat),
    discountIncVatFormatted: format(price.discountIncVat),
    discountExVatFormatted: format(price.discountExVat),
    vatFormatted: format(price.vat),
    currency,
  };
}
