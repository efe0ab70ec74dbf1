/** The Hono environment of the app: bindings and the typed per-request variables middleware sets. */
import type { Locale, Translate } from '../locales';
import type { Config } from './config';
import type { Channel, Market } from './commerce/channel';
import type { StorefrontClient } from './graphql/client';

export type CustomerType = 'PERSON' | 'ORGANIZATION';

export interface Customer {
  id: number;
  email: string;
}

export interface AppVariables {
  config: Config;
  channel: Channel;
  market: Market;
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
