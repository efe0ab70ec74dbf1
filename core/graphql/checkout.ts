/**
 * The checkout's GraphQL documents, shared by the server page, the no-JS route and the island: save the
 * shopper's details and choices (createOrUpdateCheckout, which answers with the shipping options for the
 * zip and the market's payment options), validateOrderCreation (spec §7 operation 1) and placeOrder.
 * Every one names the cart's market itself: the checkout market (spec §2).
 */
import type { SavedCheckout } from '../checkout/input';

const ADDRESS_FIELDS = /* GraphQL fields */ `
  firstName lastName careOf addressLine1 zip city country company mobile
`;

/** The shopper's saved details and the options their market and zip give. */
export const CHECKOUT_CHOICE_FIELDS = /* GraphQL fields */ `
  email
  identityNumber
  billingAddress { ${ADDRESS_FIELDS} }
  shippingAddress { ${ADDRESS_FIELDS} }
  shippingData
  shippingOptions {
    id
    name
    displayName
    feeIncVat
    feeIncVatFormatted
    feeExVatFormatted
    isSelected
    shippingData
  }
  paymentOptions {
    id
    name
    displayName
    isSelected
  }
`;

/** The totals the island shows beside 'Slutför köp' after a change of carrier. */
export const CHECKOUT_TOTAL_FIELDS = /* GraphQL fields */ `
  cart {
    id
    summary {
      total { sellingPriceIncVat sellingPriceIncVatFormatted sellingPriceExVatFormatted vatFormatted }
      shipping { feeIncVat feeIncVatFormatted feeExVatFormatted }
      balance { totalSellingPriceExBalanceIncVatFormatted totalSellingPriceExBalanceExVatFormatted }
    }
  }
`;

export const SAVE_CHECKOUT = /* GraphQL */ `
  mutation checkoutSaveDetails($cartId: String!, $checkout: CheckoutInputType, $channelId: String, $languageId: String, $marketId: String) {
    createOrUpdateCheckout(cartId: $cartId, checkout: $checkout, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      ${CHECKOUT_CHOICE_FIELDS}
      ${CHECKOUT_TOTAL_FIELDS}
    }
  }
`;

export const VALIDATE_ORDER = /* GraphQL */ `
  query checkoutValidateOrder(
    $cartId: String!
    $checkout: CheckoutInputType!
    $channelId: String
    $languageId: String
    $marketId: String
  ) {
    validateOrderCreation(
      cartId: $cartId
      checkout: $checkout
      channelId: $channelId
      languageId: $languageId
      marketId: $marketId
    ) {
      isValid
      message
      memberType
    }
  }
`;

export const PLACE_ORDER = /* GraphQL */ `
  mutation checkoutPlaceOrder(
    $cartId: String!
    $checkout: CheckoutInputType!
    $channelId: String
    $languageId: String
    $marketId: String
  ) {
    placeOrder(
      cartId: $cartId
      checkout: $checkout
      channelId: $channelId
      languageId: $languageId
      marketId: $marketId
    ) {
      orderId
      redirectUrl
      status
    }
  }
`;

export interface ApiShippingOption {
  id: number;
  name: string | null;
  displayName: string | null;
  feeIncVat: number;
  feeIncVatFormatted: string | null;
  feeExVatFormatted: string | null;
  isSelected: boolean;
  /** JSON: { carrier, deliveryDays, deliveryEstimate }. */
  shippingData: string | null;
}

export interface ApiPaymentOption {
  id: number;
  /** Our payment method code: CARD, SWISH, INVOICE, INSTALMENT. */
  name: string | null;
  displayName: string | null;
  isSelected: boolean;
}

export interface CheckoutTotals {
  cart: {
    id: string | null;
    summary: {
      total: {
        sellingPriceIncVat: number;
        sellingPriceIncVatFormatted: string | null;
        sellingPriceExVatFormatted: string | null;
        vatFormatted: string | null;
      } | null;
      shipping: { feeIncVat: number; feeIncVatFormatted: string | null; feeExVatFormatted: string | null } | null;
      balance: {
        totalSellingPriceExBalanceIncVatFormatted: string | null;
        totalSellingPriceExBalanceExVatFormatted: string | null;
      } | null;
    } | null;
  } | null;
}

/** createOrUpdateCheckout as the checkout reads it. */
export interface CheckoutChoices extends SavedCheckout {
  /** JSON: { zip, options }; zip is null until the shopper gave one. */
  shippingData: string | null;
  shippingOptions: (ApiShippingOption | null)[] | null;
  paymentOptions: (ApiPaymentOption | null)[] | null;
}

export interface OrderValidation {
  isValid: boolean;
  message: string | null;
  memberType: string | null;
}

export interface PlacedOrder {
  orderId: string | null;
  redirectUrl: string | null;
  status: string | null;
}
