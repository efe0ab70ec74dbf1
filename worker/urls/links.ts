/**
 * Links of the request's shop: the route table's path of a screen (spec §2) in the form this
 * deployment uses, with `/{market}/{locale}` in front when markets are in the path.
 */
import type { Context } from 'hono';
import type { Locale } from '../../locales';
import { pathFor, pathInLocale, type ParamsArgument, type Screen } from '../../locales/routes';
import { joinMarketPath } from './market-paths';
import { publicOrigin } from './request';
import { CONFIRMATION_QUERY } from '../payments/urls';
import { shellVariables, type AppEnv } from '../app-env';

/** The path of `screen` in `locale` for this request's market, e.g. /en/checkout or /se/en/checkout. */
export function hrefFor<S extends Screen>(
  c: Context<AppEnv>,
  screen: S,
  locale: Locale,
  ...args: ParamsArgument<S>
): string {
  const { config, market } = shellVariables(c);
  if (!config?.marketInPath || !market) return pathFor(screen, locale, ...args);
  return joinMarketPath(market.alias, locale, pathInLocale(screen, locale, ...args));
}

/**
 * The confirmation page placeOrder is given (contract 7, with the API's placeholders for the order and the
 * cart): a path for the built-in API; absolute in front of a remote one (issue 26), whose payment step
 * runs on its own origin and ends here.
 */
export function checkoutConfirmUrl(c: Context<AppEnv>, locale: Locale): string {
  const path = hrefFor(c, 'checkout-confirm', locale) + CONFIRMATION_QUERY;
  return c.get('config').graphqlEndpoint ? `${publicOrigin(c)}${path}` : path;
}
