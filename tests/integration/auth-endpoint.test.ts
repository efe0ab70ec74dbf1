import { afterEach, describe, expect, test, vi } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { signedAuthFetch } from './auth-helpers';

const PASSWORD = 'Q2xpZW50U2lkZUhhc2hPZlRoZVBhc3N3b3Jk'; // as the browser sends it: a hash, never the password

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return signedAuthFetch(`/api/auth/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const newEmail = () => `ny-${crypto.randomUUID().slice(0, 8)}@example.se`;

async function getUser(token: string) {
  const response = await fetchWorker('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ getUser { email customerType } }' }),
  });
  return ((await response.json()) as { data: { getUser: { email: string; customerType: string } | null } }).data
    .getUser;
}

describe('the auth endpoint', () => {
  afterEach(() => vi.useRealTimers());
  test('register creates an account and returns a token the API accepts, with a refresh token and cookies', async () => {
    const email = newEmail();
    const response = await post('register', { username: email, password: PASSWORD, customerType: 'ORGANIZATION' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; maxAge: number };
    expect(body.maxAge).toBe(3600);
    expect(response.headers.get('x-auth-refresh-token')).toMatch(/^[0-9a-f]{64}$/);
    const cookies = response.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/ralph-auth=[^;]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax/);
    // Path / so a page request can refresh an expired token in place (issue 13); Lax so a link from a mail counts.
    expect(cookies).toMatch(/ralph-auth-refresh=[0-9a-f]{64}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax/);
    // Spec §9's user cookies, readable by page scripts, and the account's customer type.
    expect(cookies).toContain(`ralph-user=${encodeURIComponent(email)}; Max-Age=604800; Path=/; SameSite=Lax`);
    expect(cookies).toContain('ralph-user-maxage=604800; Max-Age=604800; Path=/; SameSite=Lax');
    expect(cookies).toContain('ralph-user-type=ORGANIZATION; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(await getUser(body.token)).toEqual({ email, customerType: 'ORGANIZATION' });
    const stored = await env.DB.prepare('SELECT password_hash FROM customers WHERE email = ?')
      .bind(email)
      .first<{ password_hash: string }>();
    expect(stored?.password_hash).toMatch(/^pbkdf2\$/);
  });

  test('an address can hold one account only', async () => {
    const email = newEmail();
    await post('register', { username: email, password: PASSWORD });
    const again = await post('register', { username: email.toUpperCase(), password: PASSWORD });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: { code: 'accountExists', message: 'Ett konto med denna email existerar redan' },
    });
  });

  test('login with the right password works; a wrong one gets the message of spec §8, in the language asked for', async () => {
    const email = newEmail();
    await post('register', { username: email, password: PASSWORD });
    const ok = await post('login', { username: email, password: PASSWORD, sessionLifetime: 30 });
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie().join('\n')).toMatch(/ralph-auth-refresh=[0-9a-f]{64}; Max-Age=1800;/);
    const wrong = await post('login', { username: email, password: 'V3JvbmdQYXNzd29yZEhhc2g=' });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      'Fel email eller lösenord, försök gärna igen',
    );
    const english = await post('login', { username: 'nobody@example.se', password: PASSWORD, languageId: 'en-US' });
    expect(((await english.json()) as { error: { message: string } }).error.message).toBe(
      'Wrong email or password, please try again',
    );
  });

  test('ten failed logins in a row make the address wait', async () => {
    const email = newEmail();
    await post('register', { username: email, password: PASSWORD });
    // The shop's clock stands still for the attempts: the delay the last wrong ones earn is seconds, and on
    // a busy machine it ran out before the right password came (a slow machine, not a weaker throttle).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    for (let i = 0; i < 10; i++) await post('login', { username: email, password: 'V3JvbmdQYXNzd29yZEhhc2g=' });
    const blocked = await post('login', { username: email, password: PASSWORD });
    expect(blocked.status).toBe(429);
  });

  test('a refresh token gives a new token once; the rotated one works, the old one does not', async () => {
    const email = newEmail();
    const registered = await post('register', { username: email, password: PASSWORD });
    const first = registered.headers.get('x-auth-refresh-token')!;
    const refreshed = await fetchWorker('/api/auth/login', { headers: { 'x-auth-refresh-token': first } });
    expect(refreshed.status).toBe(200);
    const second = refreshed.headers.get('x-auth-refresh-token')!;
    expect(second).not.toBe(first);
    expect(await getUser(((await refreshed.json()) as { token: string }).token)).toMatchObject({ email });
    // Within seconds the old one is another tab refreshing at the same moment: 409, nothing ended.
    expect((await fetchWorker('/api/auth/login', { headers: { 'x-auth-refresh-token': first } })).status).toBe(409);
    expect((await fetchWorker('/api/auth/login', { headers: { 'x-auth-refresh-token': second } })).status).toBe(200);
  });

  test('logout ends the session and clears the cookies', async () => {
    const registered = await post('register', { username: newEmail(), password: PASSWORD });
    const refreshToken = registered.headers.get('x-auth-refresh-token')!;
    const out = await post('logout', {}, { 'x-auth-refresh-token': refreshToken });
    expect(out.headers.getSetCookie().join('\n')).toMatch(/ralph-auth=; Max-Age=0/);
    expect((await fetchWorker('/api/auth/login', { headers: { 'x-auth-refresh-token': refreshToken } })).status).toBe(
      401,
    );
  });

  test('changing the password needs the current one; a wrong one logs the customer out (spec §8)', async () => {
    const email = newEmail();
    const registered = await post('register', { username: email, password: PASSWORD });
    const refreshToken = registered.headers.get('x-auth-refresh-token')!;
    const { token } = (await registered.json()) as { token: string };
    const wrong = await post(
      'password',
      { username: email, password: 'V3JvbmdQYXNzd29yZEhhc2g=', newPassword: 'TmV3UGFzc3dvcmRIYXNo' },
      { Cookie: `ralph-auth=${token}` },
    );
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      'Du angav fel lösenord och har loggats ut av säkerhetsskäl',
    );
    expect((await fetchWorker('/api/auth/login', { headers: { 'x-auth-refresh-token': refreshToken } })).status).toBe(
      401,
    );
    const changed = await post('password', {
      username: email,
      password: PASSWORD,
      newPassword: 'TmV3UGFzc3dvcmRIYXNo',
    });
    expect(changed.status).toBe(200);
    expect((await post('login', { username: email, password: 'TmV3UGFzc3dvcmRIYXNo' })).status).toBe(200);
    expect((await post('login', { username: email, password: PASSWORD })).status).toBe(401);
  });

  test('bad bodies get the validation messages of spec §5 and create nothing', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM customers').first<{ n: number }>();
    const cases: [unknown, string][] = [
      [{ username: 'inte-en-email', password: PASSWORD }, 'Du måste ange en giltig email'],
      [{ username: newEmail(), password: '' }, 'Du måste ange ett lösenord'],
      [{ username: newEmail(), password: 'kort' }, 'Ditt lösenord måste innehålla minst 7 tecken'],
      ['not json', 'Du måste ange en giltig email'],
    ];
    for (const [body, message] of cases) {
      const response = await post('register', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM customers').first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });
});
