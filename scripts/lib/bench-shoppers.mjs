// Shoppers for `npm run bench` (issue 15): the cookies of a visitor with something in the cart and of a
// logged-in customer, made through the shop's own forms on the bench's own database, so Lighthouse can
// measure the checkout and an account page as those shoppers see them. The cookies go into the measuring
// browser's own jar (a Cookie header alone would hide them from the page's scripts, which read some).
import { URLSearchParams } from 'node:url';
import { loadTs } from './load-ts.mjs';

// Where the forms post: the shop's own tables (the views render them into `action`).
const { ACCOUNT_FORM_ACTIONS } = await loadTs('core/account-form-actions.ts');
const { FORM_ACTIONS } = await loadTs('core/form-actions.ts');

/** The bench's customer, registered on the first run against a fresh bench database. */
const BENCH_CUSTOMER = { email: 'bench-customer@example.com', password: 'bench-password-2468' };

/** The cookies a browser would keep from the shop's answers: set, replaced and deleted as Set-Cookie says. */
class CookieJar {
  #cookies = new Map();

  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const expired = attributes.some((attribute) => /^max-age\s*=\s*(0|-\d+)$/i.test(attribute));
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, { value, httpOnly: attributes.some((a) => /^httponly$/i.test(a)) });
    }
  }

  get header() {
    return [...this.#cookies].map(([name, { value }]) => `${name}=${value}`).join('; ');
  }

  /** The cookies as Playwright's `addCookies` takes them, for the site at `base`. */
  browserCookies(base) {
    return [...this.#cookies].map(([name, { value, httpOnly }]) => ({
      name,
      value,
      url: base,
      httpOnly,
      sameSite: 'Lax',
    }));
  }
}

/** A request as a browser on `base` makes it (same-origin, the jar's cookies), following redirects like one. */
async function browse(base, jar, path, form) {
  let response = await fetch(base + path, {
    method: form ? 'POST' : 'GET',
    headers: { Cookie: jar.header, Origin: base, ...(form && { 'Content-Type': 'application/x-www-form-urlencoded' }) },
    body: form ? new URLSearchParams(form).toString() : undefined,
    redirect: 'manual',
  });
  jar.take(response);
  for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 5; hops++) {
    await response.arrayBuffer();
    response = await fetch(new URL(response.headers.get('Location'), base + path), {
      headers: { Cookie: jar.header },
      redirect: 'manual',
    });
    jar.take(response);
  }
  return response.text();
}

/**
 * The cookies of a visitor who put `skuId` of `productId` in the cart with the product page's own form,
 * and then saw the page it led back to (which takes the one-time 'added' notice).
 */
export async function cartShopperCookies(base, { productId, skuId, productPath }) {
  const jar = new CookieJar();
  await browse(base, jar, FORM_ACTIONS.addToCart, {
    productId: String(productId),
    skuId: String(skuId),
    quantity: '1',
    redirect: productPath,
  });
  return jar.browserCookies(base);
}

/**
 * The cookies of a logged-in customer: the account page's login form, or on a fresh bench database its
 * registration form first. Checked on the account page itself (it offers to log out).
 */
export async function customerCookies(base) {
  const jar = new CookieJar();
  const { email, password } = BENCH_CUSTOMER;
  const loggedIn = (html) => html.includes(`action="${ACCOUNT_FORM_ACTIONS.accountLogout}"`);
  if (loggedIn(await browse(base, jar, ACCOUNT_FORM_ACTIONS.accountLogin, { email, password, remember: 'on' })))
    return jar.browserCookies(base);
  const registered = await browse(base, jar, ACCOUNT_FORM_ACTIONS.accountRegister, {
    email,
    password,
    passwordConfirm: password,
    customerType: 'PERSON',
    remember: 'on',
  });
  if (!loggedIn(registered)) throw new Error('the bench customer could neither log in nor register');
  return jar.browserCookies(base);
}
