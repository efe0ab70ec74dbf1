/**
 * What the cart screens show of the API's cart, as plain functions shared by the server-rendered cart
 * view and the browser's cart panel: prices in the customer type's VAT display (spec §4), the summary
 * rows (spec §3 Cart summary) and the progress to free shipping. The server computes every amount; these
 * only pick the formatted texts.
 */
import type { MessageKey } from '../../../../locales';
import type { ShopCart, ShopCartItem, ShopCartPrice } from '../../../../core/graphql/cart';
import { GIFT_CARD_CAMPAIGN_PREFIX, GIFT_CARD_RULE, visibleCampaigns } from '../../../../core/graphql/cart';
import { exVat, formatMoney } from '../../../../core/money';

/** A translator of the cart's messages (useShop's `t` on the server, the island's messages in the browser). */
export type CartTranslate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function sellingText(price: ShopCartPrice | null | undefined, includeVat: boolean): string {
  return (includeVat ? price?.sellingPriceIncVatFormatted : price?.sellingPriceExVatFormatted) ?? '';
}

export function regularText(price: ShopCartPrice | null | undefined, includeVat: boolean): string | null {
  if (!price?.isDiscounted) return null;
  return (includeVat ? price.regularPriceIncVatFormatted : price.regularPriceExVatFormatted) ?? null;
}

/** The size (sku name) of a line when its product has more than one sku. */
export function sizeOf(item: ShopCartItem): string | null {
  const skus = item.product?.skus ?? [];
  if (skus.length < 2) return null;
  return skus.find((sku) => sku?.skuId === item.skuId)?.name ?? null;
}

export function campaignText(item: ShopCartItem): string {
  return visibleCampaigns(item.campaign?.appliedCampaigns).join(', ');
}

/** A code active on the cart (spec §4 'active with remove option'), as the cart screens show it. */
export interface ActiveCode {
  kind: 'promo' | 'giftCard';
  /** The code itself, what its remove button sends (removeCodeInput). */
  code: string;
  /** What the cart says of it: 'Rabattkoden VALKOMMEN10 är aktiv', or the API's words for a gift card. */
  text: string;
  /** The remove button's label ('Ta bort rabattkoden'); the code goes beside it for screen readers. */
  remove: string;
}

/**
 * The codes active on the cart, each removable on its own: the promo code, then each gift card paying
 * with the API's words for it (what it pays, what stays on it). A promo code and gift cards go together:
 * the field to enter another stays beside them.
 */
export function activeCodes(cart: ShopCart, t: CartTranslate): ActiveCode[] {
  const codes: ActiveCode[] = [];
  if (cart.promoCode)
    codes.push({
      kind: 'promo',
      code: cart.promoCode,
      text: t('cart.promo.active', { code: cart.promoCode }),
      remove: t('cart.promo.remove'),
    });
  for (const rule of cart.appliedCampaigns ?? []) {
    const code = rule?.campaignId?.startsWith(GIFT_CARD_CAMPAIGN_PREFIX)
      ? rule.campaignId.slice(GIFT_CARD_CAMPAIGN_PREFIX.length)
      : null;
    if (rule?.ruleType === GIFT_CARD_RULE && code && rule.name)
      codes.push({ kind: 'giftCard', code, text: rule.name, remove: t('cart.giftCard.remove') });
  }
  return codes;
}

export interface SummaryRow {
  key: 'subTotal' | 'discount' | 'shipping' | 'totalExVat' | 'vat' | 'total' | 'balance' | 'toPay';
  label: string;
  value: string;
  /** The row the eye looks for: the amount to pay. */
  emphasis?: boolean;
}

/** The summary rows of a cart, in the VAT display of the customer type (spec §3 Cart summary, §4). */
export function summaryRows(cart: ShopCart, includeVat: boolean, t: CartTranslate): SummaryRow[] {
  const summary = cart.summary;
  if (!summary) return [];
  const rows: SummaryRow[] = [];
  const vatNote = (label: string) => `${label} (${t(includeVat ? 'cart.summary.incVat' : 'cart.summary.exVat')})`;
  const sub = summary.subTotal;
  rows.push({
    key: 'subTotal',
    label: t('cart.summary.subTotal'),
    value: (includeVat ? sub?.regularPriceIncVatFormatted : sub?.regularPriceExVatFormatted) ?? '',
  });
  const total = summary.total;
  if (total?.isDiscounted) {
    const text = (includeVat ? total?.discountIncVatFormatted : total?.discountExVatFormatted) ?? '';
    rows.push({ key: 'discount', label: t('cart.summary.discount'), value: `−${text}` });
  }
  const shipping = summary.shipping;
  if (shipping && cartUnitsOf(cart) > 0) {
    const fee = includeVat ? shipping.feeIncVat : shipping.feeExVat;
    const text = (includeVat ? shipping.feeIncVatFormatted : shipping.feeExVatFormatted) ?? '';
    rows.push({
      key: 'shipping',
      label: t('cart.summary.shipping'),
      value: fee > 0 ? text : t('cart.summary.shippingFree'),
    });
  }
  const balance = summary.balance;
  const paidByBalance = balance && balance.pending > 0;
  // The sale before balance and gift cards, and its whole VAT: they are payment, never a lower VAT.
  if (includeVat) {
    rows.push({
      key: 'total',
      label: vatNote(t('cart.summary.total')),
      value: balance?.totalSellingPriceExBalanceIncVatFormatted ?? '',
      emphasis: !paidByBalance,
    });
    rows.push({ key: 'vat', label: t('cart.summary.vatIncluded'), value: total?.vatFormatted ?? '' });
  } else {
    rows.push({
      key: 'totalExVat',
      label: vatNote(t('cart.summary.total')),
      value: balance?.totalSellingPriceExBalanceExVatFormatted ?? '',
    });
    rows.push({ key: 'vat', label: t('cart.summary.vat'), value: total?.vatFormatted ?? '' });
  }
  if (paidByBalance) {
    rows.push({ key: 'balance', label: t('cart.summary.balance'), value: `−${balance.pendingFormatted ?? ''}` });
  }
  if (paidByBalance || !includeVat) {
    // What is paid always includes VAT (a business customer too); the VAT row above says how much.
    rows.push({
      key: 'toPay',
      label: t('cart.summary.toPay'),
      value: total?.sellingPriceIncVatFormatted ?? '',
      emphasis: true,
    });
  }
  return rows;
}

function cartUnitsOf(cart: ShopCart): number {
  return (cart.items ?? []).reduce((sum, item) => sum + (item?.quantity ?? 0), 0);
}

/** The market a cart is priced in, as a business shopper's ex-VAT amounts need it: language, currency, VAT rate. */
export interface CartMoney {
  localeIso: string;
  currency: string;
  /** The market's standard VAT rate in basis points (2500 = 25 %). */
  vatRateBp: number;
}

/**
 * What is left to free shipping as the shopper reads prices (spec §4): the API's amount including VAT, or
 * for a business shopper (`exVatIn`) that amount less the market's standard VAT, by the shop's one ex-VAT
 * rule (core/money.ts): 374 kr incl. VAT is 299,20 kr ex VAT at 25 %. The API has no ex-VAT field for it.
 */
function amountLeftText(
  shipping: { amountLeftToFreeShipping: number; amountLeftToFreeShippingFormatted?: string | null },
  exVatIn: CartMoney | null,
): string {
  if (!exVatIn) return shipping.amountLeftToFreeShippingFormatted ?? '';
  const incVat = Math.round(shipping.amountLeftToFreeShipping * 100);
  return formatMoney({ amount: exVat(incVat, exVatIn.vatRateBp), currency: exVatIn.currency }, exVatIn.localeIso);
}

/**
 * Progress to free shipping: the text, and the share of the way (0-1), or null for an empty cart. `exVatIn`
 * is the cart's market when prices show excluding VAT (a business shopper), null when they include it.
 */
export function freeShippingProgress(
  cart: ShopCart,
  t: CartTranslate,
  exVatIn: CartMoney | null = null,
): { text: string; share: number; reached: boolean } | null {
  const shipping = cart.summary?.shipping;
  if (!shipping || cartUnitsOf(cart) === 0) return null;
  if (cart.freeShipping || shipping.amountLeftToFreeShipping <= 0)
    return { text: t('cart.freeShipping.reached'), share: 1, reached: true };
  const goods = (cart.summary?.subTotal?.sellingPriceIncVat ?? 0) - (cart.summary?.fixedAmountDiscountIncVat ?? 0);
  const share = goods > 0 ? goods / (goods + shipping.amountLeftToFreeShipping) : 0;
  return {
    text: t('cart.freeShipping.left', { amount: amountLeftText(shipping, exVatIn) }),
    share: Math.min(Math.max(share, 0), 1),
    reached: false,
  };
}
