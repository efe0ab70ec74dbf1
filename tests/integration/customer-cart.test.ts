// Issue 28: the customer's cart follows them between browsers (worker/session/customer-cart.ts). A login in a
// browser with no cart takes over the cart the customer last changed; a browser with a cart of its own keeps
// it, and it becomes the customer's; a cart that was ordered is not taken over.
import { describe, expect, test } from 'vitest';
import { CookieJar, postForm } from './forms-helpers';
import { createProduct } from './factories';
import { placeOrder, swedishInvoiceCheckout } from './checkout-helpers';

const PASSWORD = 'hemligt123';
let clients = 0;
const newClient = () => ({ 'CF-Connecting-IP': `10.28.${Math.floor(clients / 250)}.${(clients++ % 250) + 1}` });

async function registered(): Promise<{ email: string; computer: CookieJar }> {
  const email = `korg-${Date.now()}-${clients}@example.com`;
  const computer = new CookieJar();
  const made = await postForm(
    '/api/account/register',
    { page: '/account', customerType: 'PERSON', email, password: PASSWORD, passwordConfirm: PASSWORD },
    computer,
    newClient(),
  );
  expect(computer.get('ralph-auth'), String(made.status)).toBeTruthy();
  return { email, computer };
}

const addToCart = (jar: CookieJar, productId: number, skuId: number) =>
  postForm('/api/cart/add', { productId: String(productId), skuId: String(skuId), quantity: '1', redirect: '/' }, jar);

const logIn = (jar: CookieJar, email: string) =>
  postForm('/api/account/login', { page: '/account', email, password: PASSWORD }, jar, newClient());

describe("the customer's cart in another browser", () => {
  test('a login with no cart takes the cart the customer filled elsewhere', async () => {
    const product = await createProduct();
    const { email, computer } = await registered();
    await addToCart(computer, product.id, product.skuId);
    const cartId = computer.get('ralph-cart');
    expect(cartId).toMatch(/^[0-9a-f]{32}$/);

    const phone = new CookieJar();
    await logIn(phone, email);
    expect(phone.get('ralph-auth')).toBeTruthy();
    expect(phone.get('ralph-cart')).toBe(cartId);
  });

  test('a browser with a cart of its own keeps it, and that cart is the one the next browser gets', async () => {
    const [pen, notebook] = [await createProduct(), await createProduct()];
    const { email, computer } = await registered();
    await addToCart(computer, pen.id, pen.skuId);
    const tablet = new CookieJar();
    await addToCart(tablet, notebook.id, notebook.skuId);
    const tabletCart = tablet.get('ralph-cart');
    await logIn(tablet, email);
    expect(tablet.get('ralph-cart')).toBe(tabletCart);

    const phone = new CookieJar();
    await logIn(phone, email);
    expect(phone.get('ralph-cart')).toBe(tabletCart);
  });

  test('a cart that was ordered is not taken over', async () => {
    const product = await createProduct();
    const { email, computer } = await registered();
    await addToCart(computer, product.id, product.skuId);
    const placed = await placeOrder(computer.get('ralph-cart')!, swedishInvoiceCheckout({ email }));
    expect(placed.errors).toBeUndefined();

    const phone = new CookieJar();
    await logIn(phone, email);
    expect(phone.get('ralph-auth')).toBeTruthy();
    expect(phone.get('ralph-cart')).toBeUndefined();
  });
});
