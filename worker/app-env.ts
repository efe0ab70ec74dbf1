/** The Hono environment of the app: bindings and the typed per-request variables middleware sets. */
import type { Context } from 'hono';
import type { Locale, Translate } from '../locales';
import type { RouteMatch } from '../locales/routes';
import type { Config } from './config';
import type { Channel, Market } from './commerce/channel/channel';
import type { StorefrontClient } from './graphql/client';
import type { CustomerType } from '../core/customer-type';
import type { Customer } from './commerce/customers/customers';
import type { Theme } from '../core/theme';

export interface AppVariables {
  config: Config;
  channel: Channel;
  market: Market;
  /** The market of the cart and checkout (`ralph-checkout-market`), for routes named '*checkout*' (spec §2). */
  checkoutMarket: Market;
  /** The page route of the request (route table, spec §2); undefined for APIs and unknown paths. */
  route: RouteMatch | undefined;
  locale: Locale;
  /** Locale iso, the API's languageId. */
  languageId: string;
  t: Translate;
  customer: Customer | undefined;
  /**
   * In front of a remote API (issue 26): the customer's token for that API (worker/middleware/auth.ts),
   * the refreshed one when this request refreshed it.
   */
  authToken?: string;
  customerType: CustomerType;
  graphql: StorefrontClient;
  secureHeadersNonce?: string;
  /**
   * The worker's bindings as the runtime gave them (`c.env` is a copy whose DB is the request's D1
   * session, worker/middleware/d1-session.ts): for a request the app makes of itself, which opens its own.
   */
  bindings?: Env;
  /** A guest's order this request placed (its public id): the answer carries its claim (middleware/order-claim.ts). */
  placedGuestOrder?: string;
  /**
   * This response lets go of the visitor's cart (the confirmation of its order): the header counts none
   * and asks for none, so no new cart is started for the page that says the order is placed.
   */
  cartLetGo?: boolean;
  /** The channel's theme (spec §3, worker/render/theme.ts): set for pages, absent for APIs. */
  theme?: Theme;
  /** The products a page being rendered to keep shows (worker/render/kept-fill.ts, docs/decisions/015). */
  keptPageProducts?: Set<number>;
}

export interface AppEnv {
  Bindings: Env;
  Variables: AppVariables;
}

/**
 * The variables as the page shell sees them. A route runs behind every middleware and reads `c.var` as
 * `AppVariables`, all set. The shell (render/) also draws the error pages, which can come before any
 * middleware ran (an invalid configuration, an unknown market, a failing locale): there any variable may
 * be missing, and this type says so, so every read in the shell handles the missing case.
 */
export type ShellVariables = Partial<AppVariables>;

const shellViews = new WeakMap<Context<AppEnv>, ShellVariables>();

/**
 * The request's variables typed for the page shell and the error pages (see `ShellVariables`): a view
 * that reads each with `c.get`. Hono's `c.var` copies every variable into a new object on each read,
 * and the shell reads it a dozen times per page.
 */
export function shellVariables(c: Context<AppEnv>): ShellVariables {
  let view = shellViews.get(c);
  if (!view) {
    view = new Proxy({} as ShellVariables, {
      get: (_, name) => (typeof name === 'string' ? c.get(name as keyof AppVariables) : undefined),
    });
    shellViews.set(c, view);
  }
  return view;
}
