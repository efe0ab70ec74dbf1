/**
 * The cart as the browser and the server-rendered cart view read it (spec §3 Cart, Cart summary): one
 * fragment for every cart query and mutation (`...ShopCart` with `[SHOP_CART]`), and its result type,
 * read from the schema.
 */
import { graphql, type ResultOf } from './tada';

export const SHOP_CART_PRICE = graphql(/* GraphQL */ `
  fragment ShopCartPrice on PriceType {
    isDiscounted
    sellingPriceIncVat
    sellingPriceIncVatFormatted
    sellingPriceExVatFormatted
    regularPriceIncVatFormatted
    regularPriceExVatFormatted
    discountIncVatFormatted
    discountExVatFormatted
    vatFormatted
  }
`);

/** A cart line's product: the cart, the checkout and the order confirmation read the same fields. */
export const SHOP_CART_PRODUCT = graphql(/* GraphQL */ `
  fragment ShopCartProduct on ProductType {
    productId
    name
    alias
    articleNumber
    brand {
      name
    }
    productImages {
      fileName
    }
    skus {
      skuId
      name
    }
  }
`);

export const SHOP_CART = graphql(
  /* GraphQL */ `
    fragment ShopCart on CartType {
      id
      isCompleted
      promoCode
      freeShipping
      appliedCampaigns {
        campaignId
        name
        ruleType
      }
      items {
        id
        skuId
        quantity
        product {
          ...ShopCartProduct
        }
        unitPrice {
          ...ShopCartPrice
        }
        totalPrice {
          ...ShopCartPrice
        }
        campaign {
          appliedCampaigns {
            name
            hideTitle
          }
        }
      }
      summary {
        fixedAmountDiscountIncVat
        subTotal {
          ...ShopCartPrice
        }
        total {
          ...ShopCartPrice
        }
        shipping {
          feeIncVat
          feeExVat
          feeIncVatFormatted
          feeExVatFormatted
          amountLeftToFreeShipping
          amountLeftToFreeShippingFormatted
        }
        balance {
          pending
          pendingFormatted
          totalSellingPriceExBalanceIncVatFormatted
          totalSellingPriceExBalanceExVatFormatted
        }
      }
    }
  `,
  [SHOP_CART_PRODUCT, SHOP_CART_PRICE],
);

/** A cart as the API answers it: the schema lets `id` be null, a cart the shop keeps always has one. */
export type ApiCart = ResultOf<typeof SHOP_CART>;
/** A cart the shop keeps and shows (cartWithId checks the id where the API's answer arrives). */
export type ShopCart = ApiCart & { id: string };

/** The API's cart when it names its id, else null (a cart without an id cannot be kept or changed). */
export function cartWithId(cart: ApiCart | null | undefined): ShopCart | null {
  return cart?.id ? (cart as ShopCart) : null;
}
export type ShopCartPrice = ResultOf<typeof SHOP_CART_PRICE>;
export type ShopCartProduct = ResultOf<typeof SHOP_CART_PRODUCT>;
export type ShopCartItem = NonNullable<NonNullable<ShopCart['items']>[number]>;
/** A campaign of a cart line (`campaign.appliedCampaigns`). */
export type ShopCartCampaign = NonNullable<
  NonNullable<NonNullable<ShopCartItem['campaign']>['appliedCampaigns']>[number]
>;

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

/**
 * `ruleType` of a gift card paying for the cart among the cart's `appliedCampaigns` (the Geins schema has no
 * gift card type; `campaignId` is 'gift-card:{code}'): its `name` is the API's sentence for the shopper in
 * the request's language ('Presentkort PRESENT-1000 betalar 174,10 kr, 175,90 kr finns kvar på kortet
 * efter köpet'). What it pays is also in `summary.balance.pending` (gift cards and balance together).
 */
export const GIFT_CARD_RULE = 'GIFT_CARD';

/** The `campaignId` of a gift card rule is this, then the card's code. */
export const GIFT_CARD_CAMPAIGN_PREFIX = 'gift-card:';

/**
 * What `setCartPromoCode` is sent to take one code off the cart, the promo code or one gift card, and leave
 * the others: '-' then the code ('-PRESENT-500'). The Geins schema has one string for every code; '' keeps
 * its meaning (the promo code, or when there is none the gift cards), and no code starts with '-'.
 */
export function removeCodeInput(code: string): string {
  return `-${code}`;
}

/** The code `setCartPromoCode` is asked to take off ('-PRESENT-500' → 'PRESENT-500'), or null for any other input. */
export function codeToRemove(input: string): string | null {
  return input.startsWith('-') && input.length > 1 ? input.slice(1).trim() : null;
}

/** The names of the campaigns a line gets that show their title (spec §3 'added': campaign). */
export function visibleCampaigns(campaigns: readonly (ShopCartCampaign | null)[] | null | undefined): string[] {
  return (campaigns ?? []).flatMap((campaign) => (campaign?.name && !campaign.hideTitle ? [campaign.name] : []));
}
