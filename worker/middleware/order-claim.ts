/**
 * "Create an account from this order" (issue 14): the request that placed a guest's order, and only that
 * one, hands its browser the order's claim: a signed token naming the order
 * (worker/commerce/orders/order-tokens.ts) in the httpOnly `ralph-order-claim` cookie for an hour. The
 * order's confirmation page reads it; its URL (which can be forwarded, logged or seen over a shoulder)
 * proves nothing. Whichever door placed the order (the checkout island's GraphQL call or the plain
 * checkout form) says so through the GraphQL context (`guestOrderPlaced`, worker/graphql/request-context.ts).
 */
import { createMiddleware } from 'hono/factory';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { ORDER_CLAIM } from '../commerce/orders/order-tokens';
import { ORDER_CLAIM_COOKIE, ORDER_CLAIM_COOKIE_MAX_AGE_S } from '../session/cookies';

export function orderClaims() {
  return createMiddleware<AppEnv>(async function orderClaims(c, next) {
    await next();
    const publicId = c.get('placedGuestOrder');
    const secret = c.get('config').authSecret;
    if (!publicId || !secret) return;
    const token = await ORDER_CLAIM.sign(await ORDER_CLAIM.key(secret), publicId, new Date());

    setCookie(c, ORDER_CLAIM_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: ORDER_CLAIM_COOKIE_MAX_AGE_S,
    });
  });
}
