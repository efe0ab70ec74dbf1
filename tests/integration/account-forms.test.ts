// Issue 13: the account screens as plain forms (no JavaScript), the password digest both paths agree on,
// the login cookies of spec §9, the server's transparent refresh, the reset link and the sign challenge.
import { describe, expect, test } from 'vitest';
import { env, eventually, fetchWorker } from '../helpers';
import { CookieJar, getPage, postForm, SAME_ORIGIN } from './forms-helpers';
import { signedAuthFetch } from './auth-helpers';
import { countWhere } from './payments-helpers';

const PLAIN = 'hemligt123';
/** base64(SHA-384('hemligt123' + spec §9's salt)), worked out with `openssl dgst -sha384 -binary | base64`. */
const DIGEST = '6CxFRXKN6C1DRC6VPFPLpAiLYL2SvU+IpUQVM2XO5IEbXBqmMi0VqKjsej1xtRF9';

let serial = 0;
const newEmail = () => `konto-${Date.now()}-${serial++}@example.com`;
/** Each call comes from its own address, so the per-client throttles of issue 12 stay out of the way. */
let clients = 0;
const newClient = () => ({ 'CF-Connecting-IP': `10.13.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}` });

function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return signedAuthFetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SAME_ORIGIN, ...newClient(), ...headers },
    body: JSON.stringify(body),
  });
}

function register(jar: CookieJar, fields: Record<string, string>) {
  return postForm('/api/account/register', { page: '/account', customerType: 'PERSON', ...fields }, jar, newClient());
}

function logIn(jar: CookieJar, fields: Record<string, string>) {
  return postForm('/api/account/login', { page: '/account', ...fields }, jar, newClient());
}

/** The text of the page's elements, without tags, for reading messages. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('create an account and log in without JavaScript', () => {
  test('the form hashes the plain password as the browser does: the API logs in with the digest', async () => {
    const email = newEmail();
    const jar = new CookieJar();
    const created = await register(jar, { email, password: PLAIN, passwordConfirm: PLAIN, redirect: '/kassan' });
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe('/kassan');
    expect(jar.get('ralph-user')).toBe(email);
    expect(jar.get('ralph-auth')).toMatch(/^eyJ/);
    const api = await postJson('/api/auth/login', { username: email, password: DIGEST });
    expect(api.status).toBe(200);
    // and the reverse: an account made by a script (digest) logs in through the plain form
    const other = newEmail();
    expect((await postJson('/api/auth/register', { username: other, password: DIGEST })).status).toBe(200);
    const form = await logIn(new CookieJar(), { email: other, password: PLAIN, redirect: '/en/brands' });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/en/brands');
  });

  test('a new account gets the welcome mail in the language of the page it was created on', async () => {
    const email = newEmail();
    await register(new CookieJar(), { email, password: PLAIN, passwordConfirm: PLAIN, page: '/en/account' });
    const mail = await eventually(
      () =>
        env.DB.prepare(
          "SELECT subject, language_id, body, html FROM outgoing_emails WHERE recipient = ? AND kind = 'WELCOME'",
        )
          .bind(email)
          .first<{ subject: string; language_id: string; body: string; html: string }>(),
      (row) => row !== null,
    );
    expect(mail?.subject).toBe('Welcome to Kontorsgiganten');
    expect(mail?.language_id).toBe('en-US');
    expect(mail?.body).toContain(`Your account has been created. You log in with ${email}.`);
    expect(mail?.html).toContain('<html');
  });

  test('after creating an account the page says so and the header shows “Mina sidor”', async () => {
    const jar = new CookieJar();
    await register(jar, { email: newEmail(), password: PLAIN, passwordConfirm: PLAIN, redirect: '/varumarken' });
    const html = await getPage('/varumarken', jar);
    expect(textOf(html)).toContain('Välkommen! Ditt konto är skapat och du är inloggad.');
    expect(html).toMatch(/<summary class="header-action" data-account-link="">[\s\S]*?Mina sidor</);
  });

  test('invalid fields come back with the messages of spec §5 and nothing is created', async () => {
    const jar = new CookieJar();
    const refused = await register(jar, {
      email: 'inte-en-adress',
      password: 'kort',
      passwordConfirm: 'kort',
      newsletter: 'on',
    });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/account#register');
    const text = textOf(await getPage('/account', jar));
    expect(text).toContain('Se till att alla fält är giltiga');
    expect(text).toContain('Du måste ange en giltig email');
    expect(text).toContain('Ditt lösenord måste innehålla minst 7 tecken');
    expect(await countWhere('customers WHERE email = ?', 'inte-en-adress')).toBe(0);

    const mismatch = new CookieJar();
    await register(mismatch, { email: 'ny@example.com', password: PLAIN, passwordConfirm: 'hemligt124' });
    const html = await getPage('/account', mismatch);
    expect(textOf(html)).toContain('Lösenorden matchar inte');
    // What was typed is kept, except the passwords.
    expect(html).toMatch(/id="register-email"[^>]*value="ny@example.com"/);
    expect(html).not.toContain(PLAIN);

    const empty = new CookieJar();
    await logIn(empty, { email: 'ny@example.com', password: '' });
    expect(textOf(await getPage('/account', empty))).toContain('Du måste ange ett lösenord');
  });

  test('an address with an account already, and a wrong password, get the messages of spec §8', async () => {
    const email = newEmail();
    await register(new CookieJar(), { email, password: PLAIN, passwordConfirm: PLAIN });
    const again = new CookieJar();
    await register(again, { email: email.toUpperCase(), password: PLAIN, passwordConfirm: PLAIN });
    expect(textOf(await getPage('/account', again))).toContain('Ett konto med denna email existerar redan');

    const wrong = new CookieJar();
    const answer = await logIn(wrong, { email, password: 'fel-lösenord' });
    expect(answer.headers.get('location')).toBe('/account#login');
    expect(wrong.get('ralph-auth')).toBeUndefined();
    const html = await getPage('/account', wrong);
    expect(textOf(html)).toContain('Fel email eller lösenord, försök gärna igen');
    expect(html).toMatch(new RegExp(`id="login-email"[^>]*value="${email}"`));
  });

  test('in English the messages are English', async () => {
    const jar = new CookieJar();
    await postForm('/api/account/login', { page: '/en/account', email: 'x', password: PLAIN }, jar);
    const text = textOf(await getPage('/en/account', jar));
    expect(text).toContain('Please enter a valid email address');
    expect(text).toContain('Make sure all fields are valid');
  });

  test('a login never lands on another site: a foreign redirect is refused and nothing is logged in', async () => {
    const email = newEmail();
    await register(new CookieJar(), { email, password: PLAIN, passwordConfirm: PLAIN });
    for (const redirect of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
      const jar = new CookieJar();
      const answer = await logIn(jar, { email, password: PLAIN, redirect });
      expect(answer.headers.get('location')).toBe('/account#login');
      expect(jar.get('ralph-auth')).toBeUndefined();
    }
    // The account page does not offer one either.
    const html = await getPage(`/account?redirect=${encodeURIComponent('https://evil.example/')}`, new CookieJar());
    expect(html).toContain('name="redirect" value="/account"');
  });

  test('“remember me” keeps the session 604,800 s; without it 1,800 s (spec §9)', async () => {
    const email = newEmail();
    await register(new CookieJar(), { email, password: PLAIN, passwordConfirm: PLAIN });
    const remembered = await logIn(new CookieJar(), { email, password: PLAIN, remember: 'on' });
    const long = remembered.headers.getSetCookie().join('\n');
    expect(long).toMatch(/ralph-auth-refresh=[0-9a-f]{64}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax/);
    expect(long).toContain('ralph-user-maxage=604800; Max-Age=604800; Path=/; SameSite=Lax');
    expect(long).toMatch(/ralph-auth=[^;]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax/);
    const session = await logIn(new CookieJar(), { email, password: PLAIN });
    const short = session.headers.getSetCookie().join('\n');
    expect(short).toMatch(/ralph-auth-refresh=[0-9a-f]{64}; Max-Age=1800; Path=\/; HttpOnly; SameSite=Lax/);
    expect(short).toContain('ralph-user-maxage=1800; Max-Age=1800; Path=/; SameSite=Lax');
    // A token never outlives its session.
    expect(short).toMatch(/ralph-auth=[^;]+; Max-Age=1800; Path=\/; HttpOnly; SameSite=Lax/);
  });

  test('the account’s customer type sets the VAT display after login', async () => {
    const email = newEmail();
    await register(new CookieJar(), { email, password: PLAIN, passwordConfirm: PLAIN, customerType: 'ORGANIZATION' });
    const jar = new CookieJar({ 'ralph-user-type': 'PERSON' });
    await logIn(jar, { email, password: PLAIN });
    expect(jar.get('ralph-user-type')).toBe('ORGANIZATION');
    expect(await getPage('/account', jar)).toContain('Priser visas för: Företag');
  });

  test('log out ends the session on the server and clears the cookies (spec §4)', async () => {
    const email = newEmail();
    const jar = new CookieJar();
    await register(jar, { email, password: PLAIN, passwordConfirm: PLAIN, remember: 'on' });
    const refreshToken = jar.get('ralph-auth-refresh')!;
    const out = await postForm('/api/account/logout', { redirect: '/en' }, jar);
    expect(out.headers.get('location')).toBe('/en');
    for (const name of ['ralph-auth', 'ralph-auth-refresh', 'ralph-user', 'ralph-user-maxage'])
      expect(jar.get(name)).toBeUndefined();
    expect(textOf(await getPage('/en', jar))).toContain('You are logged out.');
    const refreshed = await fetchWorker('/api/auth/login', { headers: { 'x-auth-refresh-token': refreshToken } });
    expect(refreshed.status).toBe(401);
  });

  test('a guest’s cart stays in the cart after logging in', async () => {
    const email = newEmail();
    await register(new CookieJar(), { email, password: PLAIN, passwordConfirm: PLAIN });
    const jar = new CookieJar();
    const added = await postForm(
      '/api/cart/add',
      { productId: '630', skuId: '715', quantity: '2', redirect: '/' },
      jar,
    );
    expect(added.status).toBe(303);
    const cart = jar.get('ralph-cart');
    await logIn(jar, { email, password: PLAIN });
    expect(jar.get('ralph-cart')).toBe(cart);
    expect(await getPage('/account', jar)).toContain('aria-label="Varukorg, 2 varor" data-count="2"');
  });
});

describe('staying logged in (spec §9)', () => {
  test('a page request with an expired access token and a valid refresh cookie is refreshed in place', async () => {
    const email = newEmail();
    const jar = new CookieJar();
    await register(jar, { email, password: PLAIN, passwordConfirm: PLAIN, remember: 'on' });
    const oldRefresh = jar.cookies.get('ralph-auth-refresh')!;
    // Tomorrow: the access cookie is gone (its Max-Age passed), the refresh cookie is still there.
    jar.cookies.delete('ralph-auth');
    const response = await fetchWorker('/account', { headers: { Cookie: jar.header() } });
    jar.take(response);
    expect(textOf(await response.text())).toContain(`Du är inloggad som ${email}.`);
    expect(jar.get('ralph-auth')).toMatch(/^eyJ/);
    expect(jar.get('ralph-auth-refresh')).not.toBe(oldRefresh);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // An expired token in the cookie is refreshed the same way.
    const expired =
      'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAZXhhbXBsZS5jb20iLCJzdiI6MCwic3ViIjoiMSIsImV4cCI6MTcwMDAwMDAwMH0.' +
      'c2lnbmF0dXJlLXRoYXQtZG9lcy1ub3QtbWF0dGVyLWhlcmU';
    jar.cookies.set('ralph-auth', expired);
    expect(textOf(await getPage('/account', jar))).toContain(`Du är inloggad som ${email}.`);
  });

  test('a GraphQL request refreshes too, and its answer carries the cookies, private and without the token', async () => {
    const jar = new CookieJar();
    const email = newEmail();
    await register(jar, { email, password: PLAIN, passwordConfirm: PLAIN, remember: 'on' });
    const other = new CookieJar();
    await logIn(other, { email, password: PLAIN, remember: 'on' });
    jar.cookies.delete('ralph-auth');
    const answer = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: jar.header() },
      body: JSON.stringify({ query: '{ getUser { email } }' }),
    });
    jar.take(answer);
    expect(((await answer.json()) as { data: { getUser: { email: string } } }).data.getUser.email).toBe(email);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('x-auth-refresh-token')).toBeNull();
    expect(jar.get('ralph-auth')).toMatch(/^eyJ/);
    // Later, both devices are still logged in (the rotated token was not lost, so no replay was seen).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(textOf(await getPage('/account', jar))).toContain(`Du är inloggad som ${email}.`);
    expect(textOf(await getPage('/account', other))).toContain(`Du är inloggad som ${email}.`);
  });

  test('parallel requests of one browser with an expired token all see the customer', async () => {
    const jar = new CookieJar();
    const email = newEmail();
    await register(jar, { email, password: PLAIN, passwordConfirm: PLAIN, remember: 'on' });
    jar.cookies.delete('ralph-auth');
    const pages = await Promise.all(
      ['/account', '/account', '/account'].map((path) =>
        fetchWorker(path, { headers: { Cookie: jar.header() } }).then((response) => response.text()),
      ),
    );
    for (const html of pages) expect(textOf(html)).toContain(`Du är inloggad som ${email}.`);
  });

  test('robots.txt and the sitemaps never refresh: they are the same for everybody and cached', async () => {
    const jar = new CookieJar();
    await register(jar, { email: newEmail(), password: PLAIN, passwordConfirm: PLAIN, remember: 'on' });
    jar.cookies.delete('ralph-auth');
    const robots = await fetchWorker('/robots.txt', { headers: { Cookie: jar.header() } });
    expect(robots.headers.getSetCookie()).toEqual([]);
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  test('a refresh by cookie alone answers how long, not the token; a client holding the refresh token gets both', async () => {
    const jar = new CookieJar();
    await register(jar, { email: newEmail(), password: PLAIN, passwordConfirm: PLAIN, remember: 'on' });
    const byCookie = await fetchWorker('/api/auth/login', { headers: { Cookie: jar.header() } });
    jar.take(byCookie);
    expect(await byCookie.json()).toEqual({ maxAge: 3600 });
    expect(byCookie.headers.get('x-auth-refresh-token')).toBeNull();
    const byHeader = await fetchWorker('/api/auth/login', {
      headers: { 'x-auth-refresh-token': jar.get('ralph-auth-refresh')! },
    });
    const body = (await byHeader.json()) as { token: string; maxAge: number };
    expect(body.token).toMatch(/^eyJ/);
    expect(byHeader.headers.get('x-auth-refresh-token')).toMatch(/^[0-9a-f]{64}$/);
  });

  test('a refresh keeps the customer type the shopper chose after logging in', async () => {
    const jar = new CookieJar();
    await register(jar, { email: newEmail(), password: PLAIN, passwordConfirm: PLAIN, remember: 'on' });
    expect(jar.get('ralph-user-type')).toBe('PERSON');
    jar.cookies.set('ralph-user-type', 'ORGANIZATION');
    jar.cookies.delete('ralph-auth');
    await getPage('/account', jar);
    expect(jar.get('ralph-auth')).toMatch(/^eyJ/);
    expect(jar.get('ralph-user-type')).toBe('ORGANIZATION');
  });

  test('a refresh cookie that no longer works leaves a guest and clears the login cookies', async () => {
    const jar = new CookieJar({ 'ralph-auth-refresh': 'f'.repeat(64), 'ralph-user': 'gammal%40example.com' });
    const response = await fetchWorker('/account', { headers: { Cookie: jar.header() } });
    jar.take(response);
    expect(await response.text()).toContain('id="login-title"');
    expect(jar.get('ralph-auth-refresh')).toBeUndefined();
    expect(jar.get('ralph-user')).toBeUndefined();
  });

  test('the page tells its script when to refresh: at 90 % of the token’s life', async () => {
    const jar = new CookieJar();
    const before = Date.now();
    await register(jar, { email: newEmail(), password: PLAIN, passwordConfirm: PLAIN, remember: 'on' });
    const html = await getPage('/account', jar);
    const scope = JSON.parse(/<script type="application\/json" id="shop-scope"[^>]*>([^<]*)</.exec(html)![1]!) as {
      authRefreshAt: number;
    };
    // 0.9 × 3,600 s = 3,240 s after the token was issued (to the second).
    expect(scope.authRefreshAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3_240_000);
    expect(scope.authRefreshAt).toBeLessThanOrEqual(Date.now() + 3_240_000);
  });
});

/** Opens the mail's reset link as a browser does: the key moves into a cookie, the page has a clean URL. */
async function openResetLink(jar: CookieJar, key: string, prefix = ''): Promise<string> {
  const response = await fetchWorker(`${prefix}/account/reset-password?key=${key}`, {
    headers: { Cookie: jar.header() },
    redirect: 'manual',
  });
  jar.take(response);
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(`${prefix}/account/reset-password`);
  return getPage(`${prefix}/account/reset-password`, jar);
}

describe('forgot password through the mail', () => {
  async function keyFromMail(address: string): Promise<string> {
    const mail = await eventually(
      () =>
        env.DB.prepare(
          "SELECT body FROM outgoing_emails WHERE recipient = ? AND kind = 'PASSWORD_RESET' ORDER BY id DESC",
        )
          .bind(address)
          .first<{ body: string }>(),
      (row) => row !== null,
    );
    const link = /http:\/\/127\.0\.0\.1(\/[a-z]{2})?\/account\/reset-password\?resetKey=([0-9a-f]{48})/.exec(
      mail?.body ?? '',
    );
    if (!link) throw new Error(`no reset link in ${mail?.body}`);
    return link[2]!;
  }

  test('the form sends a link; the new password logs in, the old one does not, the key works once', async () => {
    const email = newEmail();
    await register(new CookieJar(), { email, password: PLAIN, passwordConfirm: PLAIN });
    const asked = new CookieJar();
    const sent = await postForm('/api/account/forgot-password', { page: '/account', email }, asked);
    expect(sent.headers.get('location')).toBe('/account#forgot');
    expect(textOf(await getPage('/account', asked))).toContain(`Om det finns ett konto för ${email} har vi skickat`);
    const key = await keyFromMail(email);

    const jar = new CookieJar();
    const page = await openResetLink(jar, key);
    expect(page).toContain('action="/api/account/reset-password"');
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    // The key is in no link, field or script of the page: only in its httpOnly cookie.
    expect(page).not.toContain(key);

    await postForm('/api/account/reset-password', { password: 'nytt-losen-1', passwordConfirm: 'nytt' }, jar);
    expect(textOf(await getPage('/account/reset-password', jar))).toContain('Lösenorden matchar inte');

    const done = await postForm(
      '/api/account/reset-password',
      { password: 'nytt-losen-1', passwordConfirm: 'nytt-losen-1' },
      jar,
    );
    expect(done.headers.get('location')).toBe('/account');
    expect(jar.get('ralph-auth')).toMatch(/^eyJ/);
    expect(textOf(await getPage('/account', jar))).toContain('Ditt nya lösenord är sparat och du är inloggad.');

    expect((await logIn(new CookieJar(), { email, password: PLAIN })).headers.get('location')).toBe('/account#login');
    expect((await logIn(new CookieJar(), { email, password: 'nytt-losen-1' })).headers.get('location')).toBe(
      '/account',
    );
    expect(jar.get('ralph-reset-key')).toBeUndefined();
    const used = await openResetLink(new CookieJar(), key);
    expect(textOf(used)).toContain('Giltighetstiden för denna återställning har gått ut.');
    expect(used).toContain('action="/api/account/forgot-password"');
  });

  test('the English page links the English reset page; a script may post the digest instead', async () => {
    const email = newEmail();
    await register(new CookieJar(), { email, password: PLAIN, passwordConfirm: PLAIN });
    await postForm('/api/account/forgot-password', { page: '/en/account', email }, new CookieJar());
    const mail = await eventually(
      () =>
        env.DB.prepare("SELECT body FROM outgoing_emails WHERE recipient = ? AND kind = 'PASSWORD_RESET'")
          .bind(email)
          .first<{ body: string }>(),
      (row) => row !== null,
    );
    expect(mail?.body).toMatch(/http:\/\/127\.0\.0\.1\/en\/account\/reset-password\?resetKey=[0-9a-f]{48}/);
    const key = await keyFromMail(email);
    const jar = new CookieJar();
    await openResetLink(jar, key, '/en');
    await postForm('/api/account/reset-password', { passwordDigest: DIGEST, page: '/en/account/reset-password' }, jar);
    expect(jar.get('ralph-auth')).toMatch(/^eyJ/);
    expect((await postJson('/api/auth/login', { username: email, password: DIGEST })).status).toBe(200);
  });

  test('a made-up key says the link has expired and offers a new one', async () => {
    const refused = new CookieJar();
    const html = await openResetLink(refused, 'a'.repeat(48));
    expect(textOf(html)).toContain('Giltighetstiden för denna återställning har gått ut.');
    expect(html).toContain('action="/api/account/forgot-password"');
    await postForm('/api/account/reset-password', { password: PLAIN, passwordConfirm: PLAIN }, refused);
    expect(refused.get('ralph-auth')).toBeUndefined();
    // Without any key the page offers a new link too.
    const none = await getPage('/account/reset-password', new CookieJar());
    expect(textOf(none)).toContain('Giltighetstiden för denna återställning har gått ut.');
  });
});

describe('the sign challenge of spec §7', () => {
  test('username only → sign; the sign endpoint signs it; the signed body logs in', async () => {
    const email = newEmail();
    await postJson('/api/auth/register', { username: email, password: DIGEST });
    const challenge = await postJson('/api/auth/login', { username: email });
    expect(challenge.status).toBe(200);
    const { sign } = (await challenge.json()) as { sign: string };
    expect(sign).toMatch(/^\d{10}\.[0-9a-f]{32}\.[0-9a-f]{64}$/);
    const signed = await fetchWorker(`/api/auth/sign/${sign}`);
    expect(signed.status).toBe(200);
    const signature = (await signed.json()) as string;
    const login = await postJson('/api/auth/login', { username: email, signature, password: DIGEST });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { maxAge: number }).maxAge).toBe(3600);
    // A signature for one account does not log in another, and a forged one does nothing.
    const other = newEmail();
    await postJson('/api/auth/register', { username: other, password: DIGEST });
    expect((await postJson('/api/auth/login', { username: other, signature, password: DIGEST })).status).toBe(401);
    const forged = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect((await postJson('/api/auth/login', { username: email, signature: forged, password: DIGEST })).status).toBe(
      401,
    );
    // A made-up challenge may be signed, but its signature logs nobody in; expired or malformed ones are not.
    const madeUp = await fetchWorker(`/api/auth/sign/1999999999.${'0'.repeat(32)}.${'0'.repeat(64)}`);
    const madeUpSignature = (await madeUp.json()) as string;
    expect(
      (await postJson('/api/auth/login', { username: email, signature: madeUpSignature, password: DIGEST })).status,
    ).toBe(401);
    expect((await fetchWorker(`/api/auth/sign/1600000000.${'0'.repeat(32)}.${'0'.repeat(64)}`)).status).toBe(400);
    expect((await fetchWorker('/api/auth/sign/anything')).status).toBe(400);
  });
});

describe('passkeys (the ceremonies themselves run in Chromium: tests/e2e/account.spec.ts)', () => {
  async function customerJar(): Promise<{ jar: CookieJar; id: number }> {
    const jar = new CookieJar();
    const email = newEmail();
    await register(jar, { email, password: PLAIN, passwordConfirm: PLAIN });
    const row = await env.DB.prepare('SELECT id FROM customers WHERE email = ?').bind(email).first<{ id: number }>();
    return { jar, id: row!.id };
  }

  function postAsShopper(path: string, jar: CookieJar, body: unknown) {
    return postJson(path, body, { Cookie: jar.header() });
  }

  test('only a logged-in customer gets registration options, for this shop and this account', async () => {
    const guest = await postJson('/api/auth/passkey/register-options', {});
    expect(guest.status).toBe(401);
    expect(((await guest.json()) as { error: { message: string } }).error.message).toBe(
      'Du måste vara inloggad för att göra detta',
    );
    const { jar, id } = await customerJar();
    const answer = await postAsShopper('/api/auth/passkey/register-options', jar, {});
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const options = (await answer.json()) as {
      challenge: string;
      rp: { id: string; name: string };
      user: { name: string };
      authenticatorSelection: { residentKey: string };
    };
    expect(options.rp).toEqual({ id: '127.0.0.1', name: 'Kontorsgiganten' });
    expect(options.authenticatorSelection.residentKey).toBe('required');
    expect(await countWhere('passkey_challenges WHERE challenge = ? AND customer_id = ?', options.challenge, id)).toBe(
      1,
    );
  });

  test('a made-up or malformed answer logs nobody in', async () => {
    const made = await postJson('/api/auth/passkey/login', {
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
      },
      languageId: 'en-US',
    });
    expect(made.status).toBe(401);
    expect(made.headers.getSetCookie().join('\n')).not.toContain('ralph-auth=');
    expect(((await made.json()) as { error: { message: string } }).error.message).toBe(
      'Logging in with a passkey failed. Try again or log in with your password.',
    );
    expect((await postJson('/api/auth/passkey/login', { response: 'nope' })).status).toBe(400);
  });

  test('a customer removes only their own passkey; a deleted account keeps none', async () => {
    const owner = await customerJar();
    const stranger = await customerJar();
    await env.DB.prepare(
      "INSERT INTO passkeys (id, customer_id, public_key, name, created_at) VALUES ('cred-owner', ?, 'AAAA', 'Passkey 1', ?)",
    )
      .bind(owner.id, new Date().toISOString())
      .run();
    await postForm('/api/account/passkeys/remove', { id: 'cred-owner' }, stranger.jar);
    expect(await countWhere("passkeys WHERE id = 'cred-owner'")).toBe(1);
    expect(await getPage('/mina-sidor/installningar', owner.jar)).toContain('Passkey 1');
    const removed = await postForm('/api/account/passkeys/remove', { id: 'cred-owner' }, owner.jar);
    expect(removed.headers.get('location')).toBe('/mina-sidor/installningar#passkeys');
    expect(await countWhere("passkeys WHERE id = 'cred-owner'")).toBe(0);

    await env.DB.prepare(
      "INSERT INTO passkeys (id, customer_id, public_key, name, created_at) VALUES ('cred-deleted', ?, 'AAAA', 'Passkey 2', ?)",
    )
      .bind(owner.id, new Date().toISOString())
      .run();
    const deleted = await postAsShopper('/graphql', owner.jar, { query: 'mutation { deleteUser }' });
    expect(((await deleted.json()) as { data: { deleteUser: boolean } }).data.deleteUser).toBe(true);
    expect(await countWhere('passkeys WHERE customer_id = ?', owner.id)).toBe(0);
  });
});
