/**
 * The market and language switches (spec §4), plain links and forms that work without JavaScript:
 * - `GET /api/market?alias=fi&redirect=/fi` or a form POST of `alias` and `redirect`: stores the market
 *   and the checkout market (spec §4 "checkout market set to same value") and reloads `redirect` in the
 *   new currency.
 * - `GET /api/locale?locale=en&path=/kassan`: stores the language and redirects to the same page in it
 *   (/en/checkout); the cookie is left alone when the choice is unchanged.
 * - `POST /api/checkout-market` (`alias`, `redirect`), the checkout's own picker: stores the checkout
 *   market alone (spec §4) and goes back to the checkout, where the cart is read again in the new
 *   market's currency, prices and shipping; the page that loads tells the other tabs
 *   (client/store/tab-sync.ts). A market the channel does not have changes nothing and says so.
 * A link from another site (Sec-Fetch-Site: cross-site) leads to the page but stores nothing (issue 24).
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { getCookie, setCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';
import { LOCALES, type Locale } from '../../../locales';
import { matchRoute, matchRouteIn, pathFor, pathInLocale } from '../../../locales/routes';
import { findMarket, type Market } from '../../commerce/channel/channel';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, preferenceCookie } from '../../session/cookies';
import { canonicalMarketPath, joinMarketPath, marketDefaultLocale, splitMarketPath } from '../../urls/market-paths';
import { fromAnotherSite, SameSitePath } from '../../urls/same-site';
import type { AppEnv } from '../../app-env';
import { storeCheckoutMarket, storeMarket } from '../../session/market';
import { redirectWithFlash } from '../../session/flash';
import { hrefFor } from '../../urls/links';

const MarketChoice = v.object({
  alias: v.pipe(v.string(), v.regex(/^[a-z]{2,8}$/)),
  redirect: v.optional(SameSitePath, '/'),
});

const LocaleChoice = v.object({
  locale: v.picklist(LOCALES),
  path: v.optional(SameSitePath, '/'),
});

function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new HTTPException(400, { message: 'Invalid choice' });
  return result.output;
}

function redirectNoStore(c: Context<AppEnv>, location: string): Response {
  c.header('Cache-Control', 'no-store');
  return c.redirect(location, 303);
}

/** `redirect` for the new market: with markets in the path, its market segment becomes the new one. */
function pathInMarket(c: Context<AppEnv>, redirect: string, market: Market): string {
  if (!c.get('config').marketInPath) return redirect;
  const url = new URL(redirect, 'http://localhost');
  const split = splitMarketPath(c.get('channel'), url.pathname);
  const moved = split ? joinMarketPath(market.alias, split.locale, split.rest) : url.pathname;
  const options = {
    channel: c.get('channel'),
    current: market,
    fallbackAlias: c.get('config').fallbackMarketAlias,
    rootLocale: marketDefaultLocale(market),
  };
  return (canonicalMarketPath(moved, options) ?? moved) + url.search;
}

/** The same page as `path` in `locale` (the route table's path), query kept; unknown pages go home. */
function pathInNewLocale(c: Context<AppEnv>, path: string, locale: Locale): string {
  const url = new URL(path, 'http://localhost');
  if (!c.get('config').marketInPath) {
    const match = matchRoute(url.pathname);
    return (match ? pathFor(match.screen, locale, match.params as never) : pathFor('index', locale)) + url.search;
  }
  const split = splitMarketPath(c.get('channel'), url.pathname);
  const match = split ? matchRouteIn(split.locale, split.rest) : null;
  const rest = match ? pathInLocale(match.screen, locale, match.params as never) : '/';
  return joinMarketPath((split?.market ?? c.get('market')).alias, locale, rest) + url.search;
}

export function preferenceRoutes() {
  const preferences = new Hono<AppEnv>();

  async function changeMarket(c: Context<AppEnv>, input: unknown): Promise<Response> {
    const choice = parse(MarketChoice, input);
    const market = findMarket(c.get('channel'), choice.alias);
    if (!market || market.alias !== choice.alias) throw new HTTPException(400, { message: 'Unknown market' });
    // A link on another site leads to the page but changes no choice (a form from there never gets here).
    if (!fromAnotherSite(c.req.raw.headers)) storeMarket(c, market);
    return redirectNoStore(c, pathInMarket(c, choice.redirect, market));
  }

  preferences.get('/market', (c) => changeMarket(c, c.req.query()));
  preferences.post('/market', csrf(), async (c) => changeMarket(c, await c.req.parseBody()));

  // A form of the checkout's own (csrf: the form's Origin must be this site), never a link: a link from
  // anywhere could change the currency of someone's checkout.
  preferences.post('/checkout-market', csrf(), async function changeCheckoutMarket(c) {
    const body = await c.req.parseBody();
    const fallback = hrefFor(c, 'checkout', c.get('locale'));
    const redirect = v.safeParse(SameSitePath, body.redirect);
    const back = redirect.success ? redirect.output : fallback;
    const choice = v.safeParse(MarketChoice.entries.alias, body.alias);
    const market = choice.success ? findMarket(c.get('channel'), choice.output) : undefined;
    if (!market || market.alias !== choice.output || market.virtual)
      return redirectWithFlash(c, back, { kind: 'error', key: 'forms.checkoutMarket.invalid', params: {} });
    storeCheckoutMarket(c, market, c.get('market'));
    const country = market.countryNames[c.get('languageId')] ?? market.countryCode;
    return redirectWithFlash(c, back, {
      kind: 'success',
      key: 'forms.checkoutMarket.changed',
      params: { country, currency: market.currency.code },
    });
  });

  preferences.get('/locale', (c) => {
    const choice = parse(LocaleChoice, c.req.query());
    // Spec §4: a switch to the language already chosen stores nothing.
    if (getCookie(c, LOCALE_COOKIE) !== choice.locale && !fromAnotherSite(c.req.raw.headers)) {
      setCookie(c, LOCALE_COOKIE, choice.locale, preferenceCookie(LOCALE_COOKIE_MAX_AGE_S));
    }
    return redirectNoStore(c, pathInNewLocale(c, choice.path, choice.locale));
  });

  return preferences;
}
