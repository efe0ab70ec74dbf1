/**
 * The app: middleware in the order of DESIGN.md (config -> security headers -> market -> locale -> auth -> route),
 * with the automated-discount landing (`?pv2=`) right after the security headers,
 * then the routes. `createApp` takes page loaders so tests can replace data sources.
 */
import { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { configuration } from './middleware/config';
import { providerCheckoutPolicy, securityHeaders } from './middleware/security-headers';
import { sameSiteRedirects } from './middleware/same-site-redirects';
import { secureCookies } from './middleware/secure-cookies';
import { d1Sessions } from './middleware/d1-session';
import { requestBodyLimit, urlLimit } from './middleware/request-limits';
import { gadLanding } from './middleware/gad-landing';
import { marketSelection } from './middleware/market';
import { localeSelection } from './middleware/locale';
import { storefrontTheme } from './render/theme';
import { authentication } from './middleware/auth';
import { graphqlClient } from './middleware/graphql-client';
import { onError } from './render/errors';
import { pageRenderer } from './render/renderer';
import { authRoutes } from './routes/api/auth';
import { gadRoutes } from './routes/api/gad';
import { graphqlRoutes } from './routes/graphql';
import { seoRoutes } from './routes/seo';
import { movedOrNotFound } from './pages/not-found/index';
import { preferenceRoutes } from './routes/api/preferences';
import { pageRoutes } from './routes/pages';
import { formRoutes } from './routes/forms/index';
import { benchRoutes } from './routes/api/bench';
import { devMailboxRoutes } from './routes/api/dev-mailbox';
import { defaultLoaders, type PageLoaders } from './pages/loaders';
import { orderClaims } from './middleware/order-claim';
import { impersonationLimits } from './middleware/impersonation';
import { merchantRoutes } from './routes/api/merchant';
import { merchantApiRoutes } from './routes/api/merchant-v1';
import { catalogSignalRoutes } from './routes/api/catalog-signal';
import { crossOrigin } from './middleware/cors';
import { productImageRoutes } from './routes/product-images';
import { adminRoutes } from './admin/index';
import { liveAnnouncements } from './middleware/live-announcements';
import { liveRoutes } from './routes/live';
import { installableRoutes } from './routes/installable';

export function createApp(options: { loaders?: PageLoaders } = {}) {
  const app = new Hono<AppEnv>();
  app.use(configuration());
  // Every redirect, whatever built it, passes the same-site rule on its way out (issue 12).
  app.use(sameSiteRedirects());
  // Every cookie set over HTTPS is Secure (issue 12).
  app.use(secureCookies());
  // Every D1 query of the request in one session, from the shopper's bookmark (issue 15). It wraps all
  // that follows, so its cookie joins the answer after a page cache below it has kept a copy.
  app.use(d1Sessions());
  // What a request changed that open pages show (stock, prices, carts, orders) reaches their live rooms.
  app.use(liveAnnouncements());
  app.use(providerCheckoutPolicy());
  app.use(securityHeaders());
  app.use(gadLanding());
  app.use(pageRenderer());
  // 414 and 413 before anything reads an oversized URL or body (issue 12), as the error page.
  app.use(urlLimit());
  app.use(requestBodyLimit());
  // Storefronts on the origins the merchant allows may call the API and the auth endpoint (issue 25).
  app.use('/graphql', crossOrigin());
  app.use('/api/auth/*', crossOrigin());
  // Liveness, for load balancers and the bench's static baseline: no data, no market.
  // The live API's sockets (graphql-ws), handed to their Durable Object: no market, no page.
  app.route('/graphql/live', liveRoutes());
  app.get('/api/health', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  // `npm run bench` only: a pre-rendered page copy as the rendered page's baseline (404 unless BENCH_ROUTES).
  app.route('/', benchRoutes());
  // Product images where the reference storefront looks for them (issue 25): no data, no market.
  app.route('/', productImageRoutes());
  // `npm run dev` only: every queued mail (404 unless DEV_MAILBOX).
  app.route('/', devMailboxRoutes());
  // The merchant's "the catalog changed" (issue 26): a signed server-to-server call, no market.
  app.route('/api/catalog/changed', catalogSignalRoutes());
  // The back office (issue 27): staff only, before the shop's market, locale and shopper session.
  app.route('/admin', adminRoutes());
  app.use(marketSelection());
  app.use(storefrontTheme());
  app.use(localeSelection());
  app.use(authentication());
  // Staff logged in as a customer never pay, change the password or passkeys, or delete the account.
  app.use(impersonationLimits());
  app.use(orderClaims());
  app.route('/api/auth', authRoutes());
  app.route('/api', preferenceRoutes());
  app.route('/api', gadRoutes());
  app.route('/api', merchantRoutes());
  // The merchant REST API for an ERP (issue 27): scoped keys from the back office, OpenAPI from its schemas.
  app.route('/api/merchant/v1', merchantApiRoutes());
  app.route('/', graphqlRoutes());
  // Only sitemaps, form posts and pages (and the 404 page) load data through the storefront's client:
  // the API routes above answer before it, so they never build one.
  app.use(graphqlClient());
  app.route('/', seoRoutes());
  app.route('/', formRoutes());
  // The web app manifest and the service worker's offline page (issue 28).
  app.route('/', installableRoutes());
  app.route(
    '/',
    pageRoutes(options.loaders ?? defaultLoaders, async (request, env, context) => app.fetch(request, env, context)),
  );
  // No route rendered: an old URL from the URL history answers 301, anything else the 404 page.
  app.notFound(movedOrNotFound);
  app.onError(onError);
  return app;
}
