// The auth endpoint insists on spec §7's signed flow (issue 25): a test that logs in, registers or changes a
// password through it sends its credentials as a client does, after the challenge and the sign endpoint.
import { fetchWorker } from '../helpers';

const SIGNED = /^\/api\/auth\/(login|register|password)$/;

/**
 * fetchWorker, with a credentials POST to the auth endpoint signed first: the username alone gets the
 * challenge, `GET /api/auth/sign/{sign}` signs it (a JSON string), and the body goes with that signature.
 * A body that carries its own `signature` (or no password, or is not JSON) is sent as it is; a username
 * the endpoint refuses to challenge gets that refusal.
 */
export async function signedAuthFetch(path: string, init: RequestInit = {}): Promise<Response> {
  if (!SIGNED.test(path) || init.method !== 'POST' || typeof init.body !== 'string') return fetchWorker(path, init);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(init.body) as Record<string, unknown>;
  } catch {
    return fetchWorker(path, init); // not JSON: the endpoint's own answer to that
  }
  if (
    typeof body !== 'object' ||
    body === null ||
    !('password' in body) ||
    'signature' in body ||
    typeof body.username !== 'string'
  )
    return fetchWorker(path, init);
  const challenge = await fetchWorker(path, {
    ...init,
    body: JSON.stringify({ username: body.username, languageId: body.languageId }),
  });
  const { sign } = (await challenge.clone().json()) as { sign?: string };
  // No challenge (a username that is not an e-mail): that refusal is the answer.
  if (!sign) return challenge;
  const signature = (await (await fetchWorker(`/api/auth/sign/${encodeURIComponent(sign)}`)).json()) as string;
  return fetchWorker(path, { ...init, body: JSON.stringify({ ...body, signature }) });
}
