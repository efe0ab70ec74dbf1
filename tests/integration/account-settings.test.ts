// Issue 14: the settings page of my pages (spec §3 Customer, §5, §6, §8) as plain forms: the details with
// the spec's messages, change password (a wrong current one logs out), delete the account (personal data
// gone, orders kept without it), the checkout prefilled from the settings, and "create an account from
// this order" for the guest's browser that placed it.
import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { CookieJar, flashNotice, getPage, postForm } from './forms-helpers';
import { countWhere } from './payments-helpers';
import { createProduct } from './factories';
import { ORGANISATIONSNUMMER, PERSONNUMMER, shopperWithCart, swedishPerson } from './checkout-page-helpers';

const PASSWORD = 'hemligt123';
const SETTINGS = '/mina-sidor/installningar';

let serial = 0;
const newEmail = (what: string) => `settings-${what}-${Date.now()}-${serial++}@example.com`;
let clients = 0;
const newClient = () => ({ 'CF-Connecting-IP': `10.14.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}` });

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** A customer who created an account with the plain form: their browser's cookies. */
async function customer(what: string): Promise<{ jar: CookieJar; email: string; id: number }> {
  const email = newEmail(what);
  const jar = new CookieJar();
  const made = await postForm(
    '/api/account/register',
    { page: '/account', customerType: 'PERSON', email, password: PASSWORD, passwordConfirm: PASSWORD },
    jar,
    newClient(),
  );
  expect(made.status).toBe(303);
  const row = await env.DB.prepare('SELECT id FROM customers WHERE email = ?').bind(email).first<{ id: number }>();
  return { jar, email, id: row!.id };
}

const PROFILE = {
  page: SETTINGS,
  customerType: 'PERSON',
  firstName: 'Anna',
  lastName: 'Svensson',
  phone: '0701234567',
  gender: 'WOMAN',
  careOf: 'Berg',
  addressLine1: 'Storgatan 1',
  addressLine2: 'Lägenhet 1102',
  zip: '114 55',
  city: 'Stockholm',
  country: 'SE',
  personalId: PERSONNUMMER,
  organizationId: '',
  company: '',
  entryCode: '1234',
  newsletter: 'on',
};

function saveSettings(jar: CookieJar, fields: Record<string, string>) {
  return postForm('/api/account/settings', fields, jar, newClient());
}

/** The value of the input named `name` on the page. */
function inputValue(html: string, name: string): string | undefined {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  return tag ? (/value="([^"]*)"/.exec(tag)?.[1] ?? '') : undefined;
}

/** The message under the field `id` (settings-<name>), or '' when it has none. */
function fieldError(html: string, id: string): string {
  const match = new RegExp(`<p class="field__error" id="${id}-error"[^>]*>([^<]*)</p>`).exec(html);
  return match ? textOf(match[1]!).trim() : '';
}

describe('the settings page', () => {
  test('a guest is sent to the start page; a guest post changes nothing and asks to log in', async () => {
    const page = await fetchWorker('/en/my-account/settings', { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/en');
    const post = await saveSettings(new CookieJar(), PROFILE);
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe('/account?redirect=%2Fmina-sidor%2Finstallningar');
  });

  test('every field of spec §3 is saved, shown again, and the newsletter consent subscribes', async () => {
    const { jar, email, id } = await customer('save');
    const empty = await getPage(SETTINGS, jar);
    expect(textOf(empty)).toContain(email);
    expect(empty).toContain('aria-current="page"');
    expect(textOf(empty)).toContain('Passkeys');

    const saved = await saveSettings(jar, PROFILE);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`${SETTINGS}#profile`);
    const html = await getPage(SETTINGS, jar);
    expect(flashNotice(html)?.text).toBe('Dina uppgifter är sparade.');
    expect(inputValue(html, 'firstName')).toBe('Anna');
    expect(inputValue(html, 'addressLine2')).toBe('Lägenhet 1102');
    expect(inputValue(html, 'entryCode')).toBe('1234');
    expect(inputValue(html, 'personalId')).toBe(PERSONNUMMER);
    expect(html).toMatch(/<input type="radio" name="gender" checked="" value="WOMAN"\/>/);
    expect(html).toMatch(/<input[^>]*id="settings-newsletter"[^>]*checked=""/);
    const row = await env.DB.prepare('SELECT * FROM customers WHERE id = ?').bind(id).first<Record<string, unknown>>();
    expect(row).toMatchObject({
      first_name: 'Anna',
      last_name: 'Svensson',
      phone: '0701234567',
      gender: 'WOMAN',
      care_of: 'Berg',
      address1: 'Storgatan 1',
      address2: 'Lägenhet 1102',
      zip: '114 55',
      city: 'Stockholm',
      country: 'SE',
      personal_id: PERSONNUMMER,
      entry_code: '1234',
      newsletter: 1,
    });
    expect(await countWhere('newsletter_subscriptions WHERE email = ?', email)).toBe(1);

    // Consent withdrawn: the subscription ends.
    const { newsletter: _consent, ...withoutNewsletter } = PROFILE;
    await saveSettings(jar, withoutNewsletter);
    expect(await countWhere('newsletter_subscriptions WHERE email = ?', email)).toBe(0);
  });

  test('spec §5 messages under the fields; what was typed comes back and nothing is saved', async () => {
    const { jar, id } = await customer('invalid');
    const refused = await saveSettings(jar, { ...PROFILE, firstName: '', personalId: '811218-9877', city: 'Uppsala' });
    expect(refused.headers.get('location')).toBe(`${SETTINGS}#profile`);
    const html = await getPage(SETTINGS, jar);
    expect(textOf(html)).toContain('Se till att alla fält är giltiga');
    expect(fieldError(html, 'settings-firstName')).toBe('Detta fält är obligatoriskt');
    expect(fieldError(html, 'settings-personalId')).toBe('Du måste ange ett giltigt personnummer');
    expect(fieldError(html, 'settings-lastName')).toBe('');
    expect(inputValue(html, 'city')).toBe('Uppsala');
    const row = await env.DB.prepare('SELECT city, first_name FROM customers WHERE id = ?').bind(id).first();
    expect(row).toEqual({ city: null, first_name: null });

    // A country the shop does not sell to, and a business without its company name or a valid number.
    await saveSettings(jar, { ...PROFILE, country: 'US' });
    expect(fieldError(await getPage(SETTINGS, jar), 'settings-country')).toBe('Välj ett av länderna i listan');
    await saveSettings(jar, { ...PROFILE, customerType: 'ORGANIZATION', organizationId: '556036-0794' });
    const business = await getPage(SETTINGS, jar);
    expect(fieldError(business, 'settings-company')).toBe('Detta fält är obligatoriskt');
    expect(fieldError(business, 'settings-organizationId')).toBe('Du måste ange ett giltigt organisationsnummer');

    // What was typed waits for this customer only: a logout drops it.
    await saveSettings(jar, { ...PROFILE, firstName: '' });
    expect(jar.get('ralph-settings-form')).toContain('811218-9876');
    const other = new CookieJar(Object.fromEntries(jar.cookies));
    await postForm('/api/account/logout', { redirect: '/' }, other);
    expect(other.get('ralph-settings-form')).toBeUndefined();
  });

  test('a business: company and organisationsnummer are kept apart from the personnummer; prices go ex VAT', async () => {
    const { jar, id } = await customer('business');
    await saveSettings(jar, PROFILE);
    const saved = await saveSettings(jar, {
      ...PROFILE,
      customerType: 'ORGANIZATION',
      company: 'Kontorsbolaget AB',
      organizationId: ORGANISATIONSNUMMER,
      personalId: '',
    });
    expect(jar.get('ralph-user-type')).toBe('ORGANIZATION');
    expect(saved.status).toBe(303);
    const row = await env.DB.prepare(
      'SELECT customer_type, company, organization_id, personal_id FROM customers WHERE id = ?',
    )
      .bind(id)
      .first();
    expect(row).toEqual({
      customer_type: 'ORGANIZATION',
      company: 'Kontorsbolaget AB',
      organization_id: ORGANISATIONSNUMMER,
      personal_id: PERSONNUMMER,
    });
    const html = await getPage(SETTINGS, jar);
    expect(inputValue(html, 'organizationId')).toBe(ORGANISATIONSNUMMER);
    expect(inputValue(html, 'company')).toBe('Kontorsbolaget AB');
  });
});

describe('change password', () => {
  test('the right current password: the new one works, other sessions end, this browser stays in', async () => {
    const { jar, email } = await customer('password');
    const other = new CookieJar();
    await postForm('/api/account/login', { page: '/account', email, password: PASSWORD }, other, newClient());
    const changed = await postForm(
      '/api/account/password',
      { page: SETTINGS, currentPassword: PASSWORD, password: 'nyttlösen1', passwordConfirm: 'nyttlösen1' },
      jar,
      newClient(),
    );
    expect(changed.headers.get('location')).toBe(`${SETTINGS}#password`);
    expect(flashNotice(await getPage(SETTINGS, jar))?.text).toBe(
      'Ditt nya lösenord är sparat. Alla andra inloggningar är avslutade.',
    );
    // The other browser's session is over: my pages send it away.
    other.cookies.delete('ralph-auth');
    const otherPage = await fetchWorker(SETTINGS, { headers: { Cookie: other.header() }, redirect: 'manual' });
    expect(otherPage.status).toBe(302);
    const login = await postForm(
      '/api/account/login',
      { page: '/account', email, password: 'nyttlösen1' },
      new CookieJar(),
      newClient(),
    );
    expect(login.headers.get('location')).toBe('/account');
  });

  test('spec §8: a wrong current password logs the customer out everywhere, with the message', async () => {
    const { jar, email } = await customer('wrong');
    const refresh = jar.get('ralph-auth-refresh');
    const answer = await postForm(
      '/api/account/password',
      { page: SETTINGS, currentPassword: 'felfelfel', password: 'nyttlösen1', passwordConfirm: 'nyttlösen1' },
      jar,
      newClient(),
    );
    expect(answer.headers.get('location')).toBe('/account');
    expect(jar.get('ralph-auth')).toBeUndefined();
    expect(flashNotice(await getPage('/account', jar))?.text).toBe(
      'Du angav fel lösenord och har loggats ut av säkerhetsskäl',
    );
    // The refresh token this browser had is dead too, and the old password still the one.
    const replay = await fetchWorker(SETTINGS, {
      headers: { Cookie: `ralph-auth-refresh=${refresh}` },
      redirect: 'manual',
    });
    expect(replay.status).toBe(302);
    const login = await postForm('/api/account/login', { email, password: PASSWORD }, new CookieJar(), newClient());
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/account');
  });

  test('the new password twice, by spec §5; nothing changes when it is refused', async () => {
    const { jar } = await customer('mismatch');
    await postForm(
      '/api/account/password',
      { page: SETTINGS, currentPassword: PASSWORD, password: 'nyttlösen1', passwordConfirm: 'nyttlösen2' },
      jar,
      newClient(),
    );
    const html = await getPage(SETTINGS, jar);
    expect(fieldError(html, 'settings-password-confirm')).toBe('Lösenorden matchar inte');
    await postForm('/api/account/password', { page: SETTINGS, currentPassword: PASSWORD, password: 'kort' }, jar);
    expect(fieldError(await getPage(SETTINGS, jar), 'settings-password')).toBe(
      'Ditt lösenord måste innehålla minst 7 tecken',
    );
    expect(jar.get('ralph-auth')).toMatch(/^eyJ/);
  });
});

describe('delete my account', () => {
  test('a wrong password deletes nothing; the right one removes the person, keeps the order without them', async () => {
    const { jar, email, id } = await customer('delete');
    await saveSettings(jar, PROFILE);
    const product = await createProduct({ name: 'Raderingsgummi Konto', prices: { '1|se': 2900 } });
    const { jar: shop } = await shopperWithCart(product.skuId);
    for (const [name, value] of jar.cookies) if (name.startsWith('ralph-auth')) shop.cookies.set(name, value);
    const placed = await postForm('/api/checkout', swedishPerson({ email }), shop);
    expect(placed.headers.get('location')).toContain('/checkout/confirm');

    const wrong = await postForm('/api/account/delete', { page: SETTINGS, password: 'felfelfel' }, jar, newClient());
    expect(wrong.headers.get('location')).toBe(`${SETTINGS}#delete`);
    expect(fieldError(await getPage(SETTINGS, jar), 'settings-delete-password')).toBe(
      'Lösenordet stämmer inte. Kontot är inte raderat.',
    );
    expect(await countWhere('customers WHERE id = ? AND deleted_at IS NULL', id)).toBe(1);

    const deleted = await postForm('/api/account/delete', { page: SETTINGS, password: PASSWORD }, jar, newClient());
    expect(deleted.headers.get('location')).toBe('/');
    expect(jar.get('ralph-auth')).toBeUndefined();
    expect(jar.get('ralph-auth-refresh')).toBeUndefined();
    expect(jar.get('ralph-user')).toBeUndefined();
    expect(flashNotice(await getPage('/', jar))?.text).toBe(
      'Ditt konto är raderat och du är utloggad. Dina personuppgifter är borttagna.',
    );
    const row = await env.DB.prepare('SELECT email, first_name, personal_id, deleted_at FROM customers WHERE id = ?')
      .bind(id)
      .first<Record<string, string | null>>();
    expect(row).toMatchObject({ email: `deleted-${id}@deleted.invalid`, first_name: null, personal_id: null });
    expect(row!.deleted_at).not.toBeNull();
    const order = await env.DB.prepare(
      'SELECT email, phone, personal_id, billing_address, total_inc_vat FROM orders WHERE customer_id = ?',
    )
      .bind(id)
      .first<Record<string, string | number | null>>();
    // 29 kr + 49 kr shipping: the amounts stay for the books; nothing names the person.
    expect(order).toMatchObject({ email: `deleted-${id}@deleted.invalid`, phone: null, personal_id: null });
    expect(order!.total_inc_vat).toBe(7800);
    expect(JSON.parse(order!.billing_address as string)).toMatchObject({
      firstName: '',
      lastName: '',
      addressLine1: '',
      zip: '',
      country: 'SE',
    });
    const again = await postForm('/api/account/login', { email, password: PASSWORD }, new CookieJar(), newClient());
    expect(again.headers.get('location')).toBe('/account#login');
  });
});

describe('checkout for customers', () => {
  test("a logged-in customer's checkout is prefilled from their settings", async () => {
    const { jar, email } = await customer('prefill');
    await saveSettings(jar, PROFILE);
    const product = await createProduct({ prices: { '1|se': 9900 } });
    const { jar: shop } = await shopperWithCart(product.skuId);
    for (const [name, value] of jar.cookies) if (name.startsWith('ralph-auth')) shop.cookies.set(name, value);
    const html = await getPage('/kassan', shop);
    expect(inputValue(html, 'email')).toBe(email);
    expect(inputValue(html, 'firstName')).toBe('Anna');
    expect(inputValue(html, 'lastName')).toBe('Svensson');
    expect(inputValue(html, 'addressLine1')).toBe('Storgatan 1');
    expect(inputValue(html, 'zip')).toBe('114 55');
    expect(inputValue(html, 'city')).toBe('Stockholm');
    expect(inputValue(html, 'phone')).toBe('0701234567');
    expect(inputValue(html, 'personalId')).toBe(PERSONNUMMER);
  });

  test("the settings fill the page, not the cart: after logging out the browser's checkout is empty", async () => {
    const { jar } = await customer('prefill-logout');
    await saveSettings(jar, PROFILE);
    const product = await createProduct({ prices: { '1|se': 9900 } });
    const { jar: shop, cartId } = await shopperWithCart(product.skuId);
    for (const [name, value] of jar.cookies) if (name.startsWith('ralph-auth')) shop.cookies.set(name, value);
    expect(inputValue(await getPage('/kassan', shop), 'personalId')).toBe(PERSONNUMMER);
    const saved = await env.DB.prepare('SELECT checkout FROM carts WHERE id = ?')
      .bind(cartId)
      .first<{ checkout: string | null }>();
    expect(saved?.checkout ?? '').not.toContain(PERSONNUMMER);
    await postForm('/api/account/logout', { redirect: '/' }, shop);
    const after = await getPage('/kassan', shop);
    expect(inputValue(after, 'personalId')).toBe('');
    expect(inputValue(after, 'firstName')).toBe('');
  });

  test('a guest without settings gets an empty checkout', async () => {
    const product = await createProduct({ prices: { '1|se': 9900 } });
    const { jar } = await shopperWithCart(product.skuId);
    const html = await getPage('/kassan', jar);
    expect(inputValue(html, 'email')).toBe('');
    expect(inputValue(html, 'firstName')).toBe('');
  });
});

describe('create an account from this order', () => {
  async function guestOrder(email: string) {
    const product = await createProduct({ name: 'Gem Gästorder', prices: { '1|se': 4900 } });
    const { jar } = await shopperWithCart(product.skuId);
    const placed = await postForm('/api/checkout', swedishPerson({ email }), jar);
    const confirm = placed.headers.get('location')!;
    expect(confirm).toContain('/checkout/confirm');
    return { jar, confirm };
  }

  test('the guest who placed it chooses a password: the order is in the new account, details in settings', async () => {
    const email = newEmail('guest');
    const { jar, confirm } = await guestOrder(email);
    // The placing request handed this browser the order's claim.
    expect(jar.get('ralph-order-claim')).toMatch(/^eyJ/);
    const page = await getPage(confirm, jar);
    expect(textOf(page)).toContain('Skapa konto med dina uppgifter');
    // Anyone else with the link is offered nothing.
    expect(textOf(await getPage(confirm, new CookieJar()))).not.toContain('Skapa konto med dina uppgifter');

    const mismatch = await postForm(
      '/api/account/register-from-order',
      { page: confirm, password: PASSWORD, passwordConfirm: 'annat123' },
      jar,
      newClient(),
    );
    expect(mismatch.headers.get('location')).toBe(`${confirm}#account-from-order`);
    expect(textOf(await getPage(confirm, jar))).toContain('Lösenorden matchar inte');

    const made = await postForm(
      '/api/account/register-from-order',
      { page: confirm, password: PASSWORD, passwordConfirm: PASSWORD },
      jar,
      newClient(),
    );
    expect(made.headers.get('location')).toBe('/mina-sidor/ordrar');
    expect(jar.get('ralph-user')).toBe(email);
    const orders = textOf(await getPage('/mina-sidor/ordrar', jar));
    expect(orders).toContain('Ditt konto är skapat och du är inloggad. Här är din order.');
    expect(orders).toContain('Gem Gästorder');
    const settings = await getPage(SETTINGS, jar);
    expect(inputValue(settings, 'firstName')).toBe('Anna');
    expect(inputValue(settings, 'addressLine1')).toBe('Storgatan 1');
    expect(inputValue(settings, 'personalId')).toBe(PERSONNUMMER);
  });

  test('the confirmation link and the cart cookie it names are no claim: no offer, no account', async () => {
    const email = newEmail('link');
    const { confirm } = await guestOrder(email);
    // The link carries the cart id; a browser that sets it as its cart cookie still gets no claim.
    const cartId = new URL(confirm, 'http://127.0.0.1').searchParams.get('cartId')!;
    const stranger = new CookieJar({ 'ralph-cart': cartId });
    const page = await getPage(confirm, stranger);
    expect(textOf(page)).not.toContain('Skapa konto med dina uppgifter');
    expect(stranger.get('ralph-order-claim')).toBeUndefined();
    // Placing the same cart again answers with the order, and no claim either.
    const again = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation($cartId: String!) { placeOrder(cartId: $cartId, checkout: {}) { orderId } }',
        variables: { cartId },
      }),
    });
    expect(again.headers.getSetCookie().join('\n')).not.toContain('ralph-order-claim');
    expect(await countWhere('customers WHERE email = ?', email)).toBe(0);
  });

  test('a guest order placed through the API hands its caller the claim', async () => {
    const product = await createProduct({ prices: { '1|se': 4900 } });
    const { cartId } = await shopperWithCart(product.skuId);
    const placed = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: `mutation($cartId: String!, $checkout: CheckoutInputType!) {
          placeOrder(cartId: $cartId, checkout: $checkout, channelId: "1|se", languageId: "sv-SE", marketId: "se") { orderId }
        }`,
        variables: {
          cartId,
          checkout: {
            email: newEmail('api'),
            customerType: 'PERSON',
            billingAddress: {
              firstName: 'Anna',
              lastName: 'Svensson',
              addressLine1: 'Storgatan 1',
              zip: '114 55',
              city: 'Stockholm',
              country: 'SE',
            },
            paymentId: 3,
            shippingId: 1,
            identityNumber: PERSONNUMMER,
          },
        },
      }),
    });
    expect(((await placed.json()) as { errors?: unknown }).errors).toBeUndefined();
    expect(placed.headers.getSetCookie().join('\n')).toMatch(/ralph-order-claim=eyJ[^;]*;.*HttpOnly/i);
  });

  test('without the claim of the browser that placed it, or with a forged one, no account is made', async () => {
    const email = newEmail('stranger');
    const { confirm } = await guestOrder(email);
    const stranger = new CookieJar({ 'ralph-order-claim': 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' });
    const answer = await postForm(
      '/api/account/register-from-order',
      { page: confirm, password: PASSWORD, passwordConfirm: PASSWORD },
      stranger,
      newClient(),
    );
    expect(answer.headers.get('location')).toBe(confirm);
    expect(await countWhere('customers WHERE email = ?', email)).toBe(0);
    expect(flashNotice(await getPage(confirm, stranger))?.text).toBe(
      'Kontot kan inte längre skapas härifrån. Skapa ett konto på kontosidan i stället.',
    );
  });
});
