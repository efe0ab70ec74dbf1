// The stand-in for a merchant's Geins API (issue 26): another instance of our worker, answering at an
// origin of the test file's own (its /graphql, its /api/auth, its payment pages) from the same database,
// with the test env's AUTH_SECRET. The storefront's fetch reaches it in process; every call is recorded.
// Each file has its own origin: the storefront keeps what an API answered (KV, the isolate's channel) per
// API, and the files share the KV namespace and may share an isolate.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { createApp } from '../../worker/app';
import { env } from '../helpers';
import { CookieJar, SAME_ORIGIN } from './forms-helpers';

const standIn = createApp();

export interface StandInCall {
  method: string;
  path: string;
  authorization: string | null;
  refresh: string | null;
  body: string;
}

/**
 * The env of a storefront in front of the stand-in at `api`: its GraphQL, its auth and sign endpoints, and
 * an AUTH_SECRET of the storefront's own, so no token either side could make is believed by the other.
 */
export function storefrontEnvFor(api: string, extra: Record<string, unknown> = {}) {
  return {
    ...env,
    GRAPHQL_ENDPOINT: `${api}/graphql`,
    GRAPHQL_API_KEY: 'stand-in-channel-key-0123456789',
    AUTH_ENDPOINT: `${api}/api/auth/`,
    SIGN_ENDPOINT: `${api}/api/auth/sign/`,
    AUTH_SECRET: 'the-storefronts-own-secret-which-the-api-never-sees-0123',
    ...extra,
  };
}

/**
 * Routes the storefront's requests to `api` (an origin) through the stand-in (with `apiEnv` over the test
 * env) until `stop`; `calls` records them, `down` makes the API unreachable.
 */
export function standInApi(api: string, apiEnv: Record<string, unknown> = {}) {
  const realFetch = globalThis.fetch;
  const state = { calls: [] as StandInCall[], down: false };
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(`${api}/`)) return realFetch(input, init);
    if (state.down) throw new TypeError('Network connection lost.');
    const url = new URL(request.url);
    state.calls.push({
      method: request.method,
      path: url.pathname,
      authorization: request.headers.get('Authorization'),
      refresh: request.headers.get('x-auth-refresh-token'),
      body: request.method === 'GET' ? '' : await request.clone().text(),
    });
    const forwarded = new Request(request);
    // The storefront server's own address, as the API sees it.
    forwarded.headers.set('CF-Connecting-IP', '10.99.0.1');
    return standInRequest(forwarded, apiEnv);
  };
  return { state, stop: () => (globalThis.fetch = realFetch) };
}

/** A request straight to the stand-in (a shopper's browser on the API's origin). */
export async function standInRequest(request: Request, apiEnv: Record<string, unknown> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const answer = await standIn.fetch(request, { ...env, ...apiEnv }, ctx);
  await waitOnExecutionContext(ctx);
  return answer;
}

const storefrontApp = createApp();

/**
 * A request of the shopper's browser to the storefront (same origin, `shopEnv` its configuration), with the
 * jar's cookies, keeping the ones it sets; `address` is the shopper's (CF-Connecting-IP).
 */
export async function storefrontRequest(
  shopEnv: Record<string, unknown>,
  path: string,
  jar: CookieJar,
  init: RequestInit = {},
  address?: string,
): Promise<Response> {
  const ctx = createExecutionContext();
  const headers = new Headers(init.headers);
  if (jar.cookies.size) headers.set('Cookie', jar.header());
  if (address) headers.set('CF-Connecting-IP', address);
  const response = await storefrontApp.request(
    `${SAME_ORIGIN}${path}`,
    { redirect: 'manual', ...init, headers },
    shopEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  jar.take(response);
  return response;
}
