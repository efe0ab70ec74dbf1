/** The Hono environment of the app: bindings and the typed per-request variables middleware sets. */
import type { Locale, Translate } from '../locales';
import type { RouteMatch } from '../locales/routes';
import type { Config } from './config';
import type { Channel, Market } from './commerce/channel/channel';
import type { StorefrontClient } from './graphql/client';
import type { CustomerType } from '../core/customer-type';
import type { Customer } from './commerce/customers/customers';

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
  customerType: CustomerType;
  graphql: StorefrontClient;
  secureHeadersNonce?: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: AppVariables;
}
