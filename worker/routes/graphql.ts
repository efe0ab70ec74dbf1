/**
 * The built-in commerce API at /graphql (spec §7). The caller is the customer of a valid Bearer token or auth
 * cookie; an `x-prices` header with a valid automated-discount token lowers that product's price.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { handleGraphQLRequest } from '../graphql/http';
import { requestContext } from '../graphql/request-context';
import { isMerchantKey } from '../commerce/crypto';
import { verifyAuthToken } from '../identity/built-in-token';
import { fromAllowedOrigin } from '../urls/same-site';
import { getCookie } from 'hono/cookie';
import { GAD_COOKIE } from '../session/cookies';

/** Whether the browser says the request comes from anywhere but this origin (Sec-Fetch-Site, else Origin). */
function isCrossSite(c: Context<AppEnv>): boolean {
  const site = c.req.header('Sec-Fetch-Site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = c.req.header('Origin');
  return origin !== undefined && origin !== new URL(c.req.url).origin;
}

/**
 * Whether the browser says the request comes from a page of this origin: the shop's own islands
 * (Sec-Fetch-Site: same-origin; a browser without it, Safari before 16.4, names the page's origin in
 * Origin). A server, or a request that says neither, is not taken for one; one that pretends gains only
 * card and Swish as STANDARD, which any caller may place through placeOrder anyway.
 */
function isOwnPage(c: Context<AppEnv>): boolean {
  const site = c.req.header('Sec-Fetch-Site');
  if (site) return site === 'same-origin';
  return c.req.header('Origin') === new URL(c.req.url).origin;
}

export function graphqlRoutes() {
  const routes = new Hono<AppEnv>();
  routes.on(['GET', 'POST'], '/graphql', async function graphqlEndpoint(c) {
    // A POST from another site that carries the shopper's cookies is refused (issue 12): the API is the
    // shop's own, or a server's with a Bearer token or API key and no cookies.
    // A storefront on an origin the merchant allows (CORS_ORIGINS, issue 25) is not another site here.
    if (
      c.req.method === 'POST' &&
      c.req.header('Cookie') &&
      isCrossSite(c) &&
      !fromAllowedOrigin(c.req.header('Origin'), c.get('config').corsOrigins)
    ) {
      return c.json(
        { errors: [{ message: 'Cross-site requests with cookies are refused', extensions: { code: 'FORBIDDEN' } }] },
        403,
      );
    }
    const bearer = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const secret = c.get('config').authSecret;
    const merchant = await isMerchantKey(c.req.header('X-ApiKey'), c.get('config').merchantApiKey);
    // A remote commerce API (issue 26) is asked with the shopper's own token, which it verifies.
    if (c.get('config').graphqlEndpoint) {
      const authToken = bearer ?? c.get('authToken');
      const priceToken = c.req.header('x-prices') ?? getCookie(c, GAD_COOKIE);
      return handleGraphQLRequest(
        c.req.raw,
        await requestContext(c, { customer: undefined, priceToken, merchant, authToken }),
      );
    }
    const customer = bearer
      ? secret
        ? await verifyAuthToken(bearer, secret, c.env.DB)
        : undefined
      : c.get('customer');
    return handleGraphQLRequest(
      c.req.raw,
      await requestContext(c, {
        customer,
        priceToken: c.req.header('x-prices'),
        merchant,
        ownStorefront: isOwnPage(c),
      }),
    );
  });
  return routes;
}
