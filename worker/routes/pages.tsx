/**
 * Page routes (SSR): one handler per screen of the route table (locales/route-table.ts), each in its own
 * module under worker/pages/. The locale middleware matched the route (market prefix and all); a screen
 * without a handler falls through to the URL history and the 404 page (app.notFound).
 */
import { OFFLINE_COPY_HEADER, OFFLINE_SESSION_HEADER, type OfflineCopy } from '../../core/offline';
import { CACHED_SCREENS, ownPage } from './page-cache-key';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { notFound } from '../render/errors';
import { redirectWithFlash } from '../session/flash';
import { hrefFor } from '../urls/links';
import type { Screen } from '../../locales/routes';
import { defaultLoaders, type PageLoaders } from '../pages/loaders';
import { listPage } from '../pages/list/index';
import type { PageHandler } from '../pages/types';
import { homePage } from '../pages/home/index';
import { productPage } from '../pages/product/index';
import { brandsPage } from '../pages/brands/index';
import { contentPage } from '../pages/content/index';
import { previewWidgetsPage } from '../pages/preview-widgets/index';
import { favoritesPage } from '../pages/favorites/index';
import { checkoutConfirmPage } from '../pages/checkout-confirm/index';
import { checkoutFailPage } from '../pages/checkout-fail/index';
import { checkoutPage } from '../pages/checkout/index';
import { accountPage } from '../pages/account/index';
import { resetPasswordPage } from '../pages/account-reset-password/index';
import { accountOrdersPage } from '../pages/account-orders/index';
import { accountBalancePage } from '../pages/account-balance/index';
import { orderWithdrawalPage } from '../pages/order-withdrawal/index';
import { accountSettingsPage } from '../pages/account-settings/index';
import { cachedPage } from './page-cache';
import { startChrome } from '../render/chrome';

export { defaultLoaders, type PageLoaders };

/** Every screen this deployment renders, by the route table's screen name. */
const PAGES: Partial<Record<Screen, PageHandler>> = {
  index: homePage,
  product: productPage,
  'product-in-section': productPage,
  'product-in-subsection': productPage,
  'product-legacy': productPage,
  brands: brandsPage,
  category: listPage,
  'category-in-section': listPage,
  brand: listPage,
  'discount-campaign': listPage,
  search: listPage,
  news: listPage,
  'list-generic': listPage,
  list: listPage,
  content: contentPage,
  'content-page': contentPage,
  'preview-widgets': previewWidgetsPage,
  favorites: favoritesPage,
  'checkout-confirm': checkoutConfirmPage,
  'checkout-klarna-fail': checkoutFailPage,
  checkout: checkoutPage,
  account: accountPage,
  'account-reset-password': resetPasswordPage,
  'account-orders': accountOrdersPage,
  'account-balance': accountBalancePage,
  'order-withdrawal': orderWithdrawalPage,
  'account-settings': accountSettingsPage,
  'not-found': (c) => notFound(c),
};

/** The screens this deployment renders; the sitemap lists only these. */
export const BUILT_SCREENS = Object.keys(PAGES) as Screen[];

/** Screens only a logged-in customer may see (spec §2 guard): others go to the start page. */
const ACCOUNT_SCREENS = new Set<Screen>(['account-settings', 'account-orders', 'account-balance']);

/**
 * Spec §2: a visitor who is not logged in is sent to the start page of their locale, unless the query
 * has a `loginToken` (a link from an email to a page of my pages): then to the login, which lands back on
 * that page. The token itself proves nothing and grants nothing; only logging in does.
 */
function accountGuard(c: Context<AppEnv>): Response | null {
  const screen = c.get('route')?.screen;
  if (!screen || !ACCOUNT_SCREENS.has(screen) || c.get('customer')) return null;
  if (c.req.query('loginToken') === undefined) return c.redirect(hrefFor(c, 'index', c.get('locale')), 302);
  const account = hrefFor(c, 'account', c.get('locale'));
  return redirectWithFlash(c, `${account}?redirect=${encodeURIComponent(c.req.path)}`, {
    kind: 'error',
    key: 'forms.account.loginFirst',
    params: {},
  });
}

/** Runs a request through the whole app (the kept pages' own renders, worker/render/html-cache.ts). */
export type AppFetch = (
  request: Request,
  env: AppEnv['Bindings'],
  context?: Context<AppEnv>['executionCtx'],
) => Promise<Response>;

function executionContextOf(c: Context<AppEnv>): Context<AppEnv>['executionCtx'] | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined; // app.request() in tests
  }
}

/**
 * Whether the service worker may keep a copy of the page for offline reading (client/sw/offline-rules.ts,
 * docs/decisions/026): catalog and content pages (the kept pages' screens) as public copies when
 * they hold nothing of the viewer's own, else as personal ones; the checkout (the cart) always as the
 * shopper's own. Personal copies are forgotten at logout. My pages, confirmations and payments never.
 */
function offlineCopyOf(c: Context<AppEnv>, screen: Screen): OfflineCopy | null {
  if (screen === 'checkout') return 'personal';
  if (!CACHED_SCREENS.has(screen)) return null;
  // A customer's page (their name in the header, their prices, their review form) or one with a form's
  // state or a price token of the shopper's: theirs, and gone with their session.
  return c.get('customer') || ownPage(c) !== null ? 'personal' : 'public';
}

/**
 * The page's answer with what the service worker needs: may it be kept, and is a customer logged in. The
 * headers are set on the answer itself (every page's is made here, so they can be); only one whose headers
 * cannot change is copied first.
 */
function withOfflineHeaders(c: Context<AppEnv>, answer: Response, screen: Screen): Response {
  const copy = answer.status === 200 ? offlineCopyOf(c, screen) : null;
  const mark = (headers: Headers) => {
    headers.set(OFFLINE_SESSION_HEADER, c.get('customer') ? 'customer' : 'guest');
    if (copy) headers.set(OFFLINE_COPY_HEADER, copy);
    else headers.delete(OFFLINE_COPY_HEADER);
  };
  try {
    mark(answer.headers);
    return answer;
  } catch {
    const response = new Response(answer.body, answer);
    mark(response.headers);
    return response;
  }
}

export function pageRoutes(loaders: PageLoaders = defaultLoaders, appFetch?: AppFetch) {
  const pages = new Hono<AppEnv>();
  pages.get('*', async function page(c, next) {
    const guarded = accountGuard(c);
    if (guarded) return guarded;
    const screen = c.get('route')?.screen;
    const handler = screen ? PAGES[screen] : undefined;
    if (!screen || !handler) return next();
    const render = () => {
      startChrome(c);
      return handler(c, loaders);
    };
    const answer = !appFetch
      ? await render()
      : // Catalog pages come from the cache with the shopper's parts put in (issue 15).
        await cachedPage(c, render, (request) => appFetch(request, c.get('bindings') ?? c.env, executionContextOf(c)));
    return withOfflineHeaders(c, answer, screen);
  });
  return pages;
}
