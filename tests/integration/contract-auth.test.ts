// Issue 25, the Geins contract, auth endpoint: what the reference storefront's own auth client
// (geins-io/ralph-ui plugins/auth-client.js) does with our answers. It POSTs `{ username }`, reads `{ sign }`,
// GETs its sign endpoint and parses the answer as JSON to use it as the signature, POSTs the credentials
// with it, and logs out with a GET carrying `x-auth-refresh-token`; its reset page reads `resetKey`.
import { afterEach, describe, expect, test, vi } from 'vitest';
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

/** The cookie a response set, by name (its value). */
function cookieOf(response: Response, name: string): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const [key, value] = pair!.split('=');
    if (key === name) return value;
  }
  return undefined;
}

/** Who an access token belongs to, as getUser answers it (null: nobody). */
async function whoIs(token: string): Promise<string | null> {
  const response = await fetchWorker('/graphql', {
    method: 'POST',
    headers: { ...JSON_HEADERS, Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ getUser { email } }' }),
  });
  return ((await response.json()) as { data?: { getUser: { email: string } | null } }).data?.getUser?.email ?? null;
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

describe('two tabs of the reference client, a day long', () => {
  afterEach(() => vi.useRealTimers());

  test('each tab refreshes on its own timer with the token it holds; neither logs the other out', async () => {
    // Its auth client keeps the refresh token per tab (AuthClient.refreshToken) and refreshes each tab at
    // 90 % of the token's life; `credentials: 'include'` brings the browser's cookies. Before, the second
    // tab's token, already rotated by the first, counted as a replay: every session ended within the hour.
    const email = newEmail();
    const login = await connect('register', email);
    const browserKey = cookieOf(login.answer, 'ralph-auth-browser')!;
    expect(browserKey).toMatch(/^[0-9a-f]{64}$/);
    const tabs = { a: login.refreshToken!, b: login.refreshToken! };
    const refreshTab = async (tab: 'a' | 'b') => {
      const response = await fetchWorker('/api/auth/login', {
        headers: { 'x-auth-refresh-token': tabs[tab], Cookie: `ralph-auth-browser=${browserKey}` },
      });
      expect(response.status).toBe(200);
      const { token } = (await response.json()) as { token: string };
      tabs[tab] = response.headers.get('x-auth-refresh-token')!;
      // The browser keeps its key: the other tab's token stays this browser's.
      expect(cookieOf(response, 'ralph-auth-browser')).toBe(browserKey);
      return token;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    for (let hour = 0; hour < 24; hour++) {
      vi.setSystemTime(start + (hour * 60 + 54) * 60_000);
      expect(await whoIs(await refreshTab('a'))).toBe(email);
      vi.setSystemTime(start + (hour * 60 + 57) * 60_000);
      expect(await whoIs(await refreshTab('b'))).toBe(email);
    }
    expect(tabs.a).not.toBe(tabs.b);
  });

  test('a token the first tab rotated, replayed later without the browser’s key, still ends every session', async () => {
    const email = newEmail();
    const login = await connect('register', email);
    const browserKey = cookieOf(login.answer, 'ralph-auth-browser')!;
    const first = await fetchWorker('/api/auth/login', {
      headers: { 'x-auth-refresh-token': login.refreshToken!, Cookie: `ralph-auth-browser=${browserKey}` },
    });
    const current = first.headers.get('x-auth-refresh-token')!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const copy = await fetchWorker('/api/auth/login', { headers: { 'x-auth-refresh-token': login.refreshToken! } });
    expect(copy.status).toBe(401);
    const wrongKey = `ralph-auth-browser=${'0'.repeat(64)}`;
    expect(
      (await fetchWorker('/api/auth/login', { headers: { 'x-auth-refresh-token': current, Cookie: wrongKey } })).status,
    ).toBe(401);
  });

  test('after a logout, a token the other tab still holds gets nothing, even with the browser’s key', async () => {
    const login = await connect('register', newEmail());
    const browserKey = cookieOf(login.answer, 'ralph-auth-browser')!;
    const withKey = (token: string) =>
      fetchWorker('/api/auth/login', {
        headers: { 'x-auth-refresh-token': token, Cookie: `ralph-auth-browser=${browserKey}` },
      });
    const rotated = await withKey(login.refreshToken!);
    const current = rotated.headers.get('x-auth-refresh-token')!;
    const out = await fetchWorker('/api/auth/logout', {
      headers: { 'x-auth-refresh-token': current, Cookie: `ralph-auth-browser=${browserKey}` },
    });
    expect(out.status).toBe(200);
    expect((await withKey(login.refreshToken!)).status).toBe(401);
    expect((await withKey(current)).status).toBe(401);
  });
});
