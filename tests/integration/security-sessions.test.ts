// Issue 12, "Login throttle bypassed in parallel" and "Sessions survive a password reset or change": each
// test is the probe that got through before the fix.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { env, eventually, fetchWorker } from '../helpers';
import { signedAuthFetch } from './auth-helpers';
import { referenceOperation } from '../operations';
import { graphqlAs } from './cart-helpers';

const PASSWORD = 'Q2xpZW50U2lkZUhhc2hPZlRoZVBhc3N3b3Jk';
const WRONG = 'V3JvbmdQYXNzd29yZEhhc2g=';
const NEW_PASSWORD = 'TmV3UGFzc3dvcmRIYXNo';
const POST_REVIEW = referenceOperation('product/post-product-review.graphql');

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return signedAuthFetch(`/api/auth/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const refreshWith = (token: string) => fetchWorker('/api/auth/login', { headers: { 'x-auth-refresh-token': token } });

const newEmail = () => `s-${crypto.randomUUID().slice(0, 8)}@example.se`;

/** A new account's access token and refresh token. */
async function account(email = newEmail()) {
  const response = await post('register', { username: email, password: PASSWORD });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { email, token, refresh: response.headers.get('x-auth-refresh-token')! };
}

async function loginAgain(email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  const response = await post('login', { username: email, password }, headers);
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { token, refresh: response.headers.get('x-auth-refresh-token')! };
}

/** Who the API thinks a token is: the account's email, or null when the token no longer counts. */
async function whoIs(token: string): Promise<string | null> {
  const response = await fetchWorker('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ getUser { email } }' }),
  });
  const body = (await response.json()) as { data?: { getUser: { email: string } | null } };
  return body.data?.getUser?.email ?? null;
}

describe('login throttling', () => {
  afterEach(() => vi.useRealTimers());

  test('50 parallel wrong passwords: only the first few are checked, the rest get 429 with Retry-After', async () => {
    const { email } = await account();
    const attacker = { 'CF-Connecting-IP': '203.0.113.9' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post('login', { username: email, password: WRONG }, attacker)),
    );
    const statuses = answers.map((answer) => answer.status);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - checked);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('tooManyAttempts');
  });

  test('a stranger typing wrong passwords elsewhere does not lock the owner out', async () => {
    const { email } = await account();
    // The shop's clock stands still for the 62 attempts: the account-wide delay that starts past the 50th
    // guess is 2 s, and on a busy machine the attempts after it took longer than that, so the owner's
    // last try fell after the delay and was let in (a slow machine, not a weaker throttle).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    for (let i = 0; i < 30; i++)
      await post('login', { username: email, password: WRONG }, { 'CF-Connecting-IP': '203.0.113.10' });
    const owner = { 'CF-Connecting-IP': '198.51.100.7' };
    expect((await post('login', { username: email, password: PASSWORD }, owner)).status).toBe(200);
    // Past dozens of guesses from many addresses the account waits too, but a minute at most.
    for (let i = 0; i < 50; i++)
      await post('login', { username: email, password: WRONG }, { 'CF-Connecting-IP': `203.0.113.${100 + i}` });
    const slowed = await post('login', { username: email, password: PASSWORD }, owner);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
  });

  test('one address sending a wrong login every second for two minutes never keeps the owner out', async () => {
    const { email } = await account();
    const attacker = { 'CF-Connecting-IP': '203.0.113.12' };
    const owner = { 'CF-Connecting-IP': '198.51.100.8' };
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-11-27T13:00:00Z');
    const ownerAnswers: number[] = [];
    for (let second = 0; second < 121; second++) {
      vi.setSystemTime(new Date(start + second * 1000));
      await post('login', { username: email, password: WRONG }, attacker);
      if (second % 11 === 5)
        ownerAnswers.push((await post('login', { username: email, password: PASSWORD }, owner)).status);
    }
    // Before, 1 of these 11 got in: the attacker's refused guesses kept the whole account waiting.
    expect(ownerAnswers).toEqual(Array.from({ length: 11 }, () => 200));
    // The attacker itself is slowed: most of its 121 guesses were never checked.
    const row = await env.DB.prepare('SELECT failures FROM login_throttle WHERE key = ?')
      .bind(`account:${email}`)
      .first<{ failures: number }>();
    expect(row!.failures).toBeLessThan(30);
  });

  test('the guessing client itself waits longer and longer, up to 15 minutes', async () => {
    const attacker = { 'CF-Connecting-IP': '203.0.113.11' };
    for (let i = 0; i < 40; i++) {
      const answer = await post('login', { username: newEmail(), password: WRONG }, attacker);
      expect(answer.status).toBe(401);
      // Time passes between guesses (moved in the table): only the count of failures grows.
      await env.DB.prepare('UPDATE login_throttle SET not_before = 0 WHERE key = ?').bind('client:203.0.113.11').run();
    }
    const row = await env.DB.prepare('SELECT failures FROM login_throttle WHERE key = ?')
      .bind('client:203.0.113.11')
      .first<{ failures: number }>();
    expect(row!.failures).toBe(40);
    expect((await post('login', { username: newEmail(), password: WRONG }, attacker)).status).toBe(401);
    const now = await post('login', { username: newEmail(), password: WRONG }, attacker);
    expect(now.status).toBe(429);
    expect(Number(now.headers.get('Retry-After'))).toBeGreaterThan(60);
    expect(Number(now.headers.get('Retry-After'))).toBeLessThanOrEqual(900);
  });
});

describe('sessions end when they should', () => {
  test('a password change ends every session: old access and refresh tokens stop working at once', async () => {
    const { email, token, refresh } = await account();
    const other = await loginAgain(email);
    expect(await whoIs(token)).toBe(email);
    const changed = await post('password', { username: email, password: PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect(await whoIs(token)).toBeNull();
    expect(await whoIs(other.token)).toBeNull();
    expect((await refreshWith(refresh)).status).toBe(401);
    expect((await refreshWith(other.refresh)).status).toBe(401);
    // The session the change opened works.
    const { token: fresh } = (await changed.json()) as { token: string };
    expect(await whoIs(fresh)).toBe(email);
  });

  test('a password reset ends every session and spends every other reset key', async () => {
    const { email, token, refresh } = await account();
    const RESET_REQUEST = `mutation r($email: String!) { requestPasswordReset(email: $email) }`;
    const RESET_COMMIT = `mutation c($resetKey: String!, $password: String!) { commitReset(resetKey: $resetKey, password: $password) }`;
    const gql = async (query: string, variables: Record<string, unknown>) =>
      (await (
        await fetchWorker('/graphql', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        })
      ).json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
    await gql(RESET_REQUEST, { email });
    await gql(RESET_REQUEST, { email });
    const mails = await eventually(
      () =>
        env.DB.prepare("SELECT body FROM outgoing_emails WHERE recipient = ? AND kind = 'PASSWORD_RESET' ORDER BY id")
          .bind(email)
          .all<{ body: string }>(),
      (found) => found.results.length === 2,
    );
    const [firstKey, secondKey] = mails.results.map((mail) => /[?&]resetKey=([0-9a-f]{48})/.exec(mail.body)![1]!);
    expect((await gql(RESET_COMMIT, { resetKey: secondKey, password: NEW_PASSWORD })).data?.commitReset).toBe(true);
    expect(await whoIs(token)).toBeNull();
    expect((await refreshWith(refresh)).status).toBe(401);
    const other = await gql(RESET_COMMIT, { resetKey: firstKey, password: 'b3RoZXItcGFzc3dvcmQtaGFzaA==' });
    expect(other.errors?.[0]?.message).toBe(
      'Giltighetstiden för denna återställning har gått ut. Begär en ny återställning av ditt lösenord.',
    );
  });

  test('logout ends the access token at once, not an hour later', async () => {
    const { token, refresh } = await account();
    await post('logout', {}, { 'x-auth-refresh-token': refresh });
    expect(await whoIs(token)).toBeNull();
    // Also with only the login cookie, as a form without the refresh token sends it.
    const second = await account();
    await post('logout', {}, { Cookie: `ralph-auth=${second.token}` });
    expect(await whoIs(second.token)).toBeNull();
    expect((await refreshWith(second.refresh)).status).toBe(401);
  });

  test('a replayed refresh token ends the whole family, the thief’s new tokens included', async () => {
    const { email, token, refresh } = await account();
    const rotated = await refreshWith(refresh);
    expect(rotated.status).toBe(200);
    const thief = {
      refresh: rotated.headers.get('x-auth-refresh-token')!,
      token: ((await rotated.json()) as { token: string }).token,
    };
    expect(await whoIs(thief.token)).toBe(email);
    // The old token comes back a minute later (not a second tab refreshing at the same moment).
    await env.DB.prepare(
      "UPDATE auth_sessions SET rotated_at = '2000-01-01T00:00:00.000Z' WHERE rotated_at IS NOT NULL",
    ).run();
    expect((await refreshWith(refresh)).status).toBe(401);
    expect(await whoIs(thief.token)).toBeNull();
    expect(await whoIs(token)).toBeNull();
    expect((await refreshWith(thief.refresh)).status).toBe(401);
  });

  test("a deleted account's token can no longer post reviews", async () => {
    const { token } = await account();
    const product = await env.DB.prepare(
      "SELECT alias FROM product_texts WHERE language_id = 'sv-SE' ORDER BY product_id LIMIT 1",
    ).first<{ alias: string }>();
    const deleted = await graphqlAs(token, 'mutation { deleteUser }', {});
    expect(deleted.data?.deleteUser).toBe(true);
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM reviews').first<{ n: number }>();
    const review = await graphqlAs(token, POST_REVIEW, {
      alias: product!.alias,
      rating: 5,
      author: 'Borttagen',
      comment: 'Ska inte gå',
      languageId: 'sv-SE',
    });
    expect(review.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM reviews').first<{ n: number }>())!.n).toBe(before!.n);
  });

  test('a session opened while every session was being ended does not outlive it', async () => {
    const { email, refresh } = await account();
    // A refresh whose new session row lands after the password change bumped the version.
    const rotated = await refreshWith(refresh);
    const raced = rotated.headers.get('x-auth-refresh-token')!;
    await env.DB.prepare('UPDATE customers SET session_version = session_version + 1 WHERE email = ?')
      .bind(email)
      .run();
    expect((await refreshWith(raced)).status).toBe(401);
  });

  test('a second tab refreshing at the same moment is refused without clearing the first tab’s cookies', async () => {
    const { refresh } = await account();
    expect((await refreshWith(refresh)).status).toBe(200);
    const again = await refreshWith(refresh);
    expect(again.status).toBe(409);
    expect(again.headers.getSetCookie().join('\n')).not.toMatch(/ralph-auth=;/);
  });

  test('a rotated refresh token replayed within seconds by another client gets no session; the same browser’s second tab does', async () => {
    const { email, refresh } = await account();
    // The rightful browser holds the refresh token and its browser key in cookies.
    const login = await post('login', { username: email, password: PASSWORD });
    const cookies = Object.fromEntries(
      login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!.split('=') as [string, string]),
    );
    expect(cookies['ralph-auth-browser']).toMatch(/^[0-9a-f]{64}$/);
    expect(refresh).toMatch(/^[0-9a-f]{64}$/);
    const stolen = cookies['ralph-auth-refresh']!;
    const browser = `ralph-auth-refresh=${stolen}; ralph-auth-browser=${cookies['ralph-auth-browser']}`;
    const getUser = (cookie: string) =>
      fetchWorker('/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ query: '{ getUser { email } }' }),
      }).then(async (response) => ({
        email: ((await response.json()) as { data?: { getUser: { email: string } | null } }).data?.getUser?.email,
        cookies: response.headers.getSetCookie().join('\n'),
      }));
    // The browser's request with an expired access token rotates the refresh token.
    const first = await getUser(browser);
    expect(first.email).toBe(email);
    expect(first.cookies).toMatch(/ralph-auth-refresh=[0-9a-f]{64}/);
    // A copy of the old token, replayed at once from elsewhere, is a guest: before, it was the customer.
    const thief = await getUser(`ralph-auth-refresh=${stolen}`);
    expect(thief.email).toBeUndefined();
    expect(thief.cookies).not.toMatch(/ralph-auth=ey/);
    const thiefWithWrongKey = await getUser(`ralph-auth-refresh=${stolen}; ralph-auth-browser=${'a'.repeat(64)}`);
    expect(thiefWithWrongKey.email).toBeUndefined();
    expect((await refreshWith(stolen)).status).toBe(409);
    // The same browser's second tab, sent before the first answer arrived, is still the customer.
    expect((await getUser(browser)).email).toBe(email);
  });

  test('mutation { deleteUser } needs the password typed within 10 minutes, not only a session', async () => {
    const { email, refresh } = await account();
    // A refreshed token (the session alone, as a stolen refresh token or an unattended browser gives).
    const refreshed = await refreshWith(refresh);
    const { token } = (await refreshed.json()) as { token: string };
    const refused = await graphqlAs(token, 'mutation deleteUser { deleteUser }', {});
    expect(refused.data?.deleteUser ?? null).toBeNull();
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Bekräfta med ditt lösenord: logga in igen och radera sedan kontot inom 10 minuter.',
      extensions: { code: 'FORBIDDEN' },
    });
    const english = await graphqlAs(token, 'mutation { deleteUser(languageId: "en-US") }', {});
    expect(english.errors?.[0]?.message).toBe(
      'Confirm with your password: log in again, then delete the account within 10 minutes.',
    );
    expect(await whoIs(token)).toBe(email);
    // Logged in with the password 11 minutes ago: too long.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() - 11 * 60 * 1000));
    const client = { 'CF-Connecting-IP': '198.51.100.24' };
    const earlier = await loginAgain(email, PASSWORD, client);
    vi.useRealTimers();
    const stale = await graphqlAs(earlier.token, 'mutation { deleteUser }', {});
    expect(stale.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // Logged in with the password just now: deleted.
    const fresh = await loginAgain(email, PASSWORD, client);
    expect((await graphqlAs(fresh.token, 'mutation { deleteUser }', {})).data?.deleteUser).toBe(true);
    expect(await whoIs(fresh.token)).toBeNull();
  });
});

describe('passkey login options', () => {
  test('any number of anonymous requests for login options writes nothing to D1; each challenge is signed and expires', async () => {
    const rows = () =>
      env.DB.prepare('SELECT COUNT(*) AS n FROM passkey_challenges')
        .first<{ n: number }>()
        .then((row) => row!.n);
    const before = await rows();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetchWorker('/api/auth/passkey/login-options', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:8787' },
          body: '{}',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 40 }, () => 200));
    // Before, each answer was a new row.
    expect(await rows()).toBe(before);
    const { challenge } = (await answers[0]!.json()) as { challenge: string };
    const text = atob(challenge.replace(/-/g, '+').replace(/_/g, '/'));
    const [expires, nonce, mac] = text.split('.');
    expect(Number(expires) - Date.now()).toBeGreaterThan(4 * 60 * 1000);
    expect(Number(expires) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(mac).toMatch(/^[0-9a-f]{64}$/);
  });
});
