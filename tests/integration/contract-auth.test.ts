// Issue 25, the Geins contract, auth endpoint: what the reference storefront's own auth client
// (geins-io/ralph-ui plugins/auth-client.js) does with our answers. It POSTs `{ username }`, reads `{ sign }`,
// GETs its sign endpoint and parses the answer as JSON to use it as the signature, POSTs the credentials
// with it, and logs out with a GET carrying `x-auth-refresh-token`; its reset page reads `resetKey`.
import { describe, expect, test } from 'vitest';
import { fetchWorker } from '../helpers';
import { queuedMailText } from './mail-helpers';

const PASSWORD = 'Q2xpZW50U2lkZUhhc2hPZlRoZVBhc3N3b3Jk';
const JSON_HEADERS = { 'Content-Type': 'application/json' };
const newEmail = () => `ralph-${crypto.randomUUID().slice(0, 8)}@example.se`;

/** The reference client's connect(credentials, action), step by step, as its code does it. */
async function connect(action: 'login' | 'register', username: string, password = PASSWORD) {
  const url = `/api/auth/${action}`;
  const first = (await (
    await fetchWorker(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ username }) })
  ).json()) as { sign?: string };
  expect(first.sign).toMatch(/^\d{10}\.[0-9a-f]{32}\.[0-9a-f]{64}$/);
  const signed = await fetchWorker(`/api/auth/sign/${first.sign}`);
  expect(signed.headers.get('content-type')).toMatch(/^application\/json/);
  const signature: unknown = await signed.json(); // client.get(): response.json()
  expect(typeof signature).toBe('string');
  const answer = await fetchWorker(url, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ username, signature, password }),
  });
  return { answer, refreshToken: answer.headers.get('x-auth-refresh-token') };
}

describe('the auth endpoint, as the reference client uses it', () => {
  test('the sign endpoint answers JSON, and the signed flow registers and logs in', async () => {
    const email = newEmail();
    const registered = await connect('register', email);
    expect(registered.answer.status).toBe(200);
    const login = await connect('login', email);
    expect(login.answer.status).toBe(200);
    expect(await login.answer.json()).toMatchObject({ token: expect.stringMatching(/^eyJ/), maxAge: 3600 });
    expect(login.refreshToken).toMatch(/^[0-9a-f]{64}$/);
  });

  test('credentials without a signature are refused (before: accepted)', async () => {
    const email = newEmail();
    await connect('register', email);
    for (const action of ['login', 'register']) {
      const unsigned = await fetchWorker(`/api/auth/${action}`, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ username: action === 'login' ? email : newEmail(), password: PASSWORD }),
      });
      expect(unsigned.status).toBe(401);
      expect(((await unsigned.json()) as { error: { code: string } }).error.code).toBe('signatureInvalid');
    }
  });

  test('GET logout with the refresh token header ends the session (before: 404, and the token kept working)', async () => {
    const { refreshToken } = await connect('register', newEmail());
    const out = await fetchWorker('/api/auth/logout', { headers: { 'x-auth-refresh-token': refreshToken! } });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ success: true });
    const refreshed = await fetchWorker('/api/auth/login', { headers: { 'x-auth-refresh-token': refreshToken! } });
    expect(refreshed.status).toBe(401);
  });

  test('a bare cross-site GET of logout (an image on another site) ends nothing', async () => {
    const { refreshToken } = await connect('register', newEmail());
    const forged = await fetchWorker('/api/auth/logout', {
      headers: { 'Sec-Fetch-Site': 'cross-site', Cookie: `ralph-auth-refresh=${refreshToken}` },
    });
    expect(forged.status).toBe(403);
    expect((await fetchWorker('/api/auth/login', { headers: { 'x-auth-refresh-token': refreshToken! } })).status).toBe(
      200,
    );
  });

  test('the reset mail links with resetKey, the name the reference reset page reads', async () => {
    const email = newEmail();
    await connect('register', email);
    await fetchWorker('/graphql', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ query: `mutation { requestPasswordReset(email: "${email}") }` }),
    });
    expect(await queuedMailText(email, 'PASSWORD_RESET')).toMatch(/\/account\/reset-password\?resetKey=[0-9a-f]{48}\n/);
  });
});
