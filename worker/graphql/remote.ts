/**
 * The configured commerce API when it is not the built-in one (issue 26: GRAPHQL_ENDPOINT, a merchant's
 * Geins Merchant API). An operation the storefront's pages or the shopper's browser send is read, checked
 * against our schema and its abuse limits and looked up in the KV response cache exactly as for the
 * built-in API (http.ts); only its execution happens here: a POST to the endpoint with the deployment's
 * API key (`X-ApiKey`, never the browser's), the shopper's token as Bearer, and the automated-discount
 * token as `x-prices` (spec §7).
 *
 * The answer is the API's, passed on: its data and its errors. An API that cannot be reached, is too slow
 * or answers something that is not GraphQL becomes the generic error in the shopper's language (status
 * 502), never stored in the cache; the cache may still serve the last good answer meanwhile (cache.ts).
 */
import { createTranslator, localeOfLanguageId } from '../../locales';
import type { GraphQLContext } from './context';
import type { PreparedOperation } from './executor';
import type { RenderedBody } from './cache';
import { rootFieldNames, worthKeeping } from './cache';

/** How long the storefront waits for the API before it answers with the generic error. */
export const REMOTE_TIMEOUT_MS = 10_000;

/**
 * Root fields only the merchant's own systems may send (issue 12: no price a shopper pays comes from the
 * shopper). The storefront's key may be a privileged one, so a shopper's request never carries it there.
 */
const MERCHANT_ONLY_FIELDS = new Set(['setCartShippingFee']);

function failure(languageId: unknown, code: string, status: number): RenderedBody {
  const t = createTranslator(localeOfLanguageId(typeof languageId === 'string' ? languageId : undefined));
  const message = code === 'FORBIDDEN' ? t('api.checkout.shippingFeeForbidden') : t('errors.generic');
  return { body: JSON.stringify({ errors: [{ message, extensions: { code } }] }), status, storable: false };
}

/** Executes `prepared` at the configured API (see above). */
export async function executeRemote(prepared: PreparedOperation, context: GraphQLContext): Promise<RenderedBody> {
  const endpoint = context.config.graphqlEndpoint!;
  const { request } = prepared;
  const languageId = request.variables?.languageId;
  if (!context.merchantCaller) {
    for (const name of rootFieldNames(prepared.operation.selectionSet, prepared.document))
      if (MERCHANT_ONLY_FIELDS.has(name)) return failure(languageId, 'FORBIDDEN', 403);
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (context.config.graphqlApiKey) headers['X-ApiKey'] = context.config.graphqlApiKey;
  if (context.authToken) headers.Authorization = `Bearer ${context.authToken}`;
  if (context.priceToken) headers['x-prices'] = context.priceToken;
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        query: request.query,
        variables: request.variables ?? {},
        operationName: request.operationName ?? undefined,
      }),
      signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
    });
  } catch (error) {
    console.error('commerce API unreachable', endpoint, error instanceof Error ? error.message : error);
    return failure(languageId, 'UPSTREAM_UNAVAILABLE', 502);
  }
  const text = await response.text();
  let result: { data?: unknown; errors?: unknown[] } | null;
  try {
    const parsed: unknown = JSON.parse(text);
    result = parsed && typeof parsed === 'object' ? (parsed as { data?: unknown; errors?: unknown[] }) : null;
  } catch {
    result = null;
  }
  if (!result || !('data' in result || 'errors' in result)) {
    console.error('commerce API answered no GraphQL', endpoint, response.status, text.slice(0, 200));
    return failure(languageId, 'UPSTREAM_UNAVAILABLE', 502);
  }
  const status = 'data' in result ? 200 : response.status >= 400 && response.status < 500 ? response.status : 400;
  return { body: text, status, storable: worthKeeping(status, result) };
}
