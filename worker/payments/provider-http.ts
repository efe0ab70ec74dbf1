/**
 * The HTTP both external checkouts (Kustom, Avarda) speak: JSON requests to a path under the provider's
 * API URL with its authorization, and answers read as JSON only when they say they succeeded. A failed
 * answer is a PaymentProviderError naming the call and its status; a 400 on creating the provider's
 * order means the provider refused the order's data ('order-failed'), anything else is an 'error'.
 */
import { PaymentProviderError, type PaymentFetch } from './types';

export interface ProviderApi {
  apiUrl: string;
  fetch: PaymentFetch;
}

/** Sends `body` (if any) as JSON to `path` under the API URL, with `authorization` (a header value). */
export function providerRequest(
  api: ProviderApi,
  method: 'GET' | 'POST',
  path: string,
  authorization: string | undefined,
  body?: unknown,
): Promise<Response> {
  return api.fetch(new URL(path, api.apiUrl).href, {
    method,
    headers: {
      ...(authorization ? { Authorization: authorization } : {}),
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * The answer's JSON when it succeeded (`ok`); otherwise a PaymentProviderError "`call`: HTTP <status>",
 * whose reason is 'order-failed' for a 400 when `refusalIsOrderFailure` (the provider refused the
 * order's data, so trying again cannot help).
 */
export async function providerJson<T>(response: Response, call: string, refusalIsOrderFailure = false): Promise<T> {
  if (!response.ok) {
    throw new PaymentProviderError(
      `${call}: HTTP ${response.status}`,
      refusalIsOrderFailure && response.status === 400 ? 'order-failed' : 'error',
    );
  }
  return (await response.json()) as T;
}

/** Throws like providerJson when the answer did not succeed; its body is not needed. */
export async function providerOk(response: Response, call: string): Promise<void> {
  if (!response.ok) throw new PaymentProviderError(`${call}: HTTP ${response.status}`);
}
