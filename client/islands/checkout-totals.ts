/**
 * The cart summary beside the checkout form is the server-rendered cart view's (client/views/components/CartView.tsx);
 * after each save the island puts the API's new figures into the rows that change with the carrier
 * (createOrUpdateCheckout answers with the cart's summary).
 */
import type { CheckoutTotals } from '../../core/graphql/checkout';

/** The summary rows (client/views/components/cart/cart-display.ts keys) whose amounts follow the carrier. */
function rowValue(row: string): string {
  return `[data-cart-view] [data-row="${row}"] dd`;
}

function put(selector: string, text: string | null | undefined): void {
  if (text == null) return;
  for (const element of document.querySelectorAll(selector)) element.textContent = text;
}

/** Shows a save's totals in the server-rendered cart summary; a free carrier shows `freeText`. */
export function showTotals(totals: CheckoutTotals, pricesIncludeVat: boolean, freeText: string): void {
  const summary = totals.cart?.summary;
  if (!summary) return;
  const shipping = summary.shipping;
  put(
    rowValue('shipping'),
    shipping?.feeIncVat === 0
      ? freeText
      : pricesIncludeVat
        ? shipping?.feeIncVatFormatted
        : shipping?.feeExVatFormatted,
  );
  put(rowValue('total'), summary.balance?.totalSellingPriceExBalanceIncVatFormatted);
  put(rowValue('totalExVat'), summary.balance?.totalSellingPriceExBalanceExVatFormatted);
  put(rowValue('vat'), summary.total?.vatFormatted);
  // Balance and gift cards pay up to the total, so what they pay follows the carrier too.
  const pending = summary.balance?.pendingFormatted;
  put(rowValue('balance'), pending && `−${pending}`);
  put(rowValue('toPay'), summary.total?.sellingPriceIncVatFormatted);
}
