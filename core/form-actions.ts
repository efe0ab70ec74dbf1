/**
 * Where the shop's plain HTML forms post (they work without JavaScript, worker/routes/forms/): one table
 * that the views render into `action` attributes and the worker registers its routes at, so a form and
 * its endpoint can never drift apart.
 */
export const FORM_ACTIONS = {
  addToCart: '/api/cart/add',
  cartUpdate: '/api/cart/update',
  cartRemove: '/api/cart/remove',
  cartPromoCode: '/api/cart/promo-code',
  favoriteToggle: '/api/favorites/toggle',
  stockNotification: '/api/stock-notification',
  customerType: '/api/customer-type',
  newsletter: '/api/newsletter',
  search: '/api/search',
  checkout: '/api/checkout',
  consent: '/api/consent',
  productReview: '/api/reviews',
} as const;

/** Where shared cart links live: `{SHARE_CART_PATH}/{token}`, a signed snapshot, never the cart id (worker/routes/api/cart-share.ts). */
export const SHARE_CART_PATH = '/api/cart/share';

/** What `POST /api/favorites/toggle` answers a script (`Accept: application/json`) instead of a redirect. */
export interface FavoriteToggleAnswer {
  productId: number;
  /** True when the product is a favorite now. */
  favorite: boolean;
  /** How many favorites the shopper has now (the header's count). */
  count: number;
  /** The same message the no-JS answer shows, in the language of the page the form was on. */
  message: string;
}
