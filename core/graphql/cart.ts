/**
 * The cart as the browser and the server-rendered cart view read it (spec §3 Cart, Cart summary): one
 * selection for every cart query and mutation, and its result type. Interpolate as `${SHOP_CART_FIELDS}`.
 */

export const SHOP_CART_PRICE_FIELDS = /* GraphQL fields */ `
  isDiscounted
  discountPercentage
  sellingPriceIncVat
  sellingPriceExVat
  regularPriceIncVat
  sellingPriceIncVatFormatted
  sellingPriceExVatFormatted
  regularPriceIncVatFormatted
  regularPriceExVatFormatted
  discountIncVat
  discountExVat
  discountIncVatFormatted
  discountExVatFormatted
  vat
  vatFormatted
`;

/** A cart line's product: the cart, the checkout and the order confirmation read the same fields. */
export const SHOP_CART_PRODUCT_FIELDS = /* GraphQL fields */ `
  productId
  name
  alias
  articleNumber
  brand { name }
  productImages { fileName }
  skus { skuId name stock { totalStock } }
`;

export const SHOP_CART_FIELDS = /* GraphQL fields */ `
  id
  isCompleted
  promoCode
  freeShipping
  appliedCampaigns { name hideTitle }
  items {
    id
    skuId
    quantity
    product { ${SHOP_CART_PRODUCT_FIELDS} }
    unitPrice { ${SHOP_CART_PRICE_FIELDS} }
    totalPrice { ${SHOP_CART_PRICE_FIELDS} }
    campaign { appliedCampaigns { name hideTitle } }
  }
  summary {
    fixedAmountDiscountIncVat
    fixedAmountDiscountExVat
    subTotal { ${SHOP_CART_PRICE_FIELDS} }
    total { ${SHOP_CART_PRICE_FIELDS} }
    vats { rate amount }
    shipping {
      feeIncVat
      feeExVat
      feeIncVatFormatted
      feeExVatFormatted
      isDefault
      amountLeftToFreeShipping
      amountLeftToFreeShippingFormatted
    }
    balance {
      pending
      pendingFormatted
      remaining
      remainingFormatted
      totalSellingPriceExBalanceIncVat
      totalSellingPriceExBalanceExVat
      totalSellingPriceExBalanceIncVatFormatted
      totalSellingPriceExBalanceExVatFormatted
    }
  }
`;

export interface ShopCartPrice {
  isDiscounted: boolean;
  discountPercentage: number;
  sellingPriceIncVat: number;
  sellingPriceExVat: number;
  regularPriceIncVat: number;
  sellingPriceIncVatFormatted: string | null;
  sellingPriceExVatFormatted: string | null;
  regularPriceIncVatFormatted: string | null;
  regularPriceExVatFormatted: string | null;
  discountIncVat: number;
  discountExVat: number;
  discountIncVatFormatted: string | null;
  discountExVatFormatted: string | null;
  vat: number;
  vatFormatted: string | null;
}

export interface ShopCartCampaign {
  name: string | null;
  hideTitle: boolean | null;
}

export interface ShopCartProduct {
  productId: number;
  name: string | null;
  alias: string;
  articleNumber: string | null;
  brand: { name: string | null } | null;
  productImages: { fileName: string }[] | null;
  skus: ({ skuId: number; name: string | null; stock: { totalStock: number } | null } | null)[] | null;
}

export interface ShopCartItem {
  id: string;
  skuId: number;
  quantity: number;
  product: ShopCartProduct | null;
  unitPrice: ShopCartPrice | null;
  totalPrice: ShopCartPrice | null;
  campaign: { appliedCampaigns: (ShopCartCampaign | null)[] | null } | null;
}

export interface ShopCart {
  id: string;
  isCompleted: boolean;
  promoCode: string | null;
  freeShipping: boolean;
  appliedCampaigns: (ShopCartCampaign | null)[] | null;
  items: (ShopCartItem | null)[] | null;
  summary: {
    fixedAmountDiscountIncVat: number;
    fixedAmountDiscountExVat: number;
    subTotal: ShopCartPrice | null;
    total: ShopCartPrice | null;
    vats: ({ rate: number; amount: number } | null)[] | null;
    shipping: {
      feeIncVat: number;
      feeExVat: number;
      feeIncVatFormatted: string | null;
      feeExVatFormatted: string | null;
      isDefault: boolean;
      amountLeftToFreeShipping: number;
      amountLeftToFreeShippingFormatted: string | null;
    } | null;
    balance: {
      pending: number;
      pendingFormatted: string | null;
      remaining: number;
      remainingFormatted: string | null;
      totalSellingPriceExBalanceIncVat: number;
      totalSellingPriceExBalanceExVat: number;
      totalSellingPriceExBalanceIncVatFormatted: string | null;
      totalSellingPriceExBalanceExVatFormatted: string | null;
    } | null;
  } | null;
}

/** The cart's lines without the holes GraphQL lists may have. */
export function cartLines(cart: ShopCart | null | undefined): ShopCartItem[] {
  return (cart?.items ?? []).filter((item): item is ShopCartItem => item !== null);
}

/** Units in a cart (the header's count). */
export function cartUnits(cart: Pick<ShopCart, 'items'> | null | undefined): number {
  let units = 0;
  for (const item of cart?.items ?? []) {
    if (item && typeof item.quantity === 'number' && item.quantity > 0) units += item.quantity;
  }
  return units;
}

/** The names of the campaigns a line gets that show their title (spec §3 'added': campaign). */
export function visibleCampaigns(campaigns: readonly (ShopCartCampaign | null)[] | null | undefined): string[] {
  return (campaigns ?? []).flatMap((campaign) => (campaign?.name && !campaign.hideTitle ? [campaign.name] : []));
}
