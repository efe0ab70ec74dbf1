/**
 * The checkout's GraphQL documents, shared by the server page, the no-JS route and the island: save the
 * shopper's details and choices (createOrUpdateCheckout, which answers with the shipping options for the
 * zip and the market's payment options), validateOrderCreation (spec §7 operation 1) and placeOrder.
 * Every one names the cart's market itself: the checkout market (spec §2).
 */
import { graphql, type ResultOf } from './tada';

/** An address as the checkout keeps it (billing and delivery alike). */
export const CHECKOUT_ADDRESS = graphql(/* GraphQL */ `
  fragment CheckoutAddress on AddressType {
    firstName
    lastName
    careOf
    addressLine1
    zip
    city
    country
    company
    mobile
  }
`);

/** The shopper's saved details and the options their market and zip give. */
export const CHECKOUT_CHOICES = graphql(
  /* GraphQL */ `
    fragment CheckoutChoices on CheckoutType {
      email
      identityNumber
      billingAddress {
        ...CheckoutAddress
      }
      shippingAddress {
        ...CheckoutAddress
      }
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
        paymentType
        paymentData
        newCheckoutSession
      }
    }
  `,
  [CHECKOUT_ADDRESS],
);

/** The totals the island shows beside 'Slutför köp' after a change of carrier. */
export const CHECKOUT_TOTALS = graphql(/* GraphQL */ `
  fragment CheckoutTotals on CheckoutType {
    cart {
      id
      summary {
        total {
          sellingPriceIncVat
          sellingPriceIncVatFormatted
          sellingPriceExVatFormatted
          vatFormatted
        }
        shipping {
          feeIncVat
          feeIncVatFormatted
          feeExVatFormatted
        }
        balance {
          pendingFormatted
          totalSellingPriceExBalanceIncVatFormatted
          totalSellingPriceExBalanceExVatFormatted
        }
      }
    }
  }
`);

export const SAVE_CHECKOUT = graphql(
  /* GraphQL */ `
    mutation checkoutSaveDetails(
      $cartId: String!
      $checkout: CheckoutInputType
      $channelId: String
      $languageId: String
      $marketId: String
    ) {
      createOrUpdateCheckout(
        cartId: $cartId
        checkout: $checkout
        channelId: $channelId
        languageId: $languageId
        marketId: $marketId
      ) {
        ...CheckoutChoices
        ...CheckoutTotals
      }
    }
  `,
  [CHECKOUT_CHOICES, CHECKOUT_TOTALS],
);

export const VALIDATE_ORDER = graphql(/* GraphQL */ `
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
`);

export const PLACE_ORDER = graphql(/* GraphQL */ `
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
`);

/** createOrUpdateCheckout as the checkout reads it: the saved details and the options. */
export type CheckoutChoices = ResultOf<typeof CHECKOUT_CHOICES>;
/** The totals of a save. */
export type CheckoutTotals = ResultOf<typeof CHECKOUT_TOTALS>;
export type ApiShippingOption = NonNullable<NonNullable<CheckoutChoices['shippingOptions']>[number]>;
export type ApiPaymentOption = NonNullable<NonNullable<CheckoutChoices['paymentOptions']>[number]>;
export type OrderValidation = NonNullable<ResultOf<typeof VALIDATE_ORDER>['validateOrderCreation']>;
export type PlacedOrder = NonNullable<ResultOf<typeof PLACE_ORDER>['placeOrder']>;
