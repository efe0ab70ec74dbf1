/**
 * Plain HTML form endpoints of the shop's pages (they work without JavaScript): each area mounts its own
 * router here. They run after the storefront's GraphQL client middleware, so `c.get('graphql')` is there;
 * every POST is CSRF-checked (hono/csrf) and answers with a 303 back to a page on this site.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { cartFormRoutes } from './cart-add';
import { customerTypeRoutes } from './customer-type';
import { newsletterRoutes } from './newsletter';
import { newsletterConfirmRoutes } from '../api/newsletter-confirm';
import { favoriteFormRoutes } from './favorites';
import { stockNotificationRoutes } from './stock-notification';
import { searchRedirectRoutes } from '../api/search-redirect';
import { checkoutFormRoutes } from './checkout';
import { paymentRoutes } from '../payments/index';
import { consentRoutes } from './consent';
import { accountFormRoutes } from './account';
import { withdrawalFormRoutes } from './withdrawal';
import { reviewFormRoutes } from './reviews';
import { accountSettingsRoutes } from './account-settings';
import { accountFromOrderRoutes } from './account-from-order';
import { hostedCheckoutRoutes, payLinkRoutes } from '../api/hosted-checkout';
import { HOSTED_CHECKOUT_PATH, PAY_LINK_PATH } from '../../payments/hosted-checkout';

export function formRoutes() {
  const forms = new Hono<AppEnv>();
  // Each router registers its forms at their paths in core/form-actions.ts, the table the views render.
  forms.route('/', cartFormRoutes());
  forms.route('/', favoriteFormRoutes());
  forms.route('/', stockNotificationRoutes());
  forms.route('/', customerTypeRoutes());
  forms.route('/', newsletterRoutes());
  forms.route('/', newsletterConfirmRoutes());
  forms.route('/', searchRedirectRoutes());
  forms.route('/', checkoutFormRoutes());
  forms.route('/', paymentRoutes());
  forms.route(HOSTED_CHECKOUT_PATH, hostedCheckoutRoutes());
  forms.route(PAY_LINK_PATH, payLinkRoutes());
  forms.route('/', consentRoutes());
  forms.route('/', accountFormRoutes());
  forms.route('/', withdrawalFormRoutes());
  forms.route('/', reviewFormRoutes());
  forms.route('/', accountSettingsRoutes());
  forms.route('/', accountFromOrderRoutes());
  return forms;
}
