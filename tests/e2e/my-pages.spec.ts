// Issue 14 in a browser (first steps): my orders with an order placed, opened, bought again; my balance;
// axe on both pages; the same pages without JavaScript.
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const STOCKHOLM = {
  firstName: 'Anna',
  lastName: 'Svensson',
  addressLine1: 'Storgatan 1',
  zip: '114 55',
  city: 'Stockholm',
  country: 'SE',
  mobile: '0701234567',
};

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** A customer with one invoice order of two gel pens, placed through the API as the checkout does. */
async function customerWithOrder(page: Page, baseURL: string): Promise<string> {
  const email = `e2e-orders-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const headers = { Origin: baseURL };
  await page.request.post('/api/account/register', {
    form: { email, password: 'hemligt123', passwordConfirm: 'hemligt123', customerType: 'PERSON', page: '/account' },
    headers,
    maxRedirects: 0,
  });
  await page.request.post('/api/cart/add', {
    form: { productId: '630', skuId: '715', quantity: '2', redirect: '/' },
    headers,
    maxRedirects: 0,
  });
  const cartId = (await page.context().cookies()).find((cookie) => cookie.name === 'ralph-cart')!.value;
  const placed = await page.request.post('/graphql', {
    headers,
    data: {
      query: `mutation placeOrder($cartId: String!, $checkout: CheckoutInputType!) {
        placeOrder(cartId: $cartId, checkout: $checkout, channelId: "1|se", languageId: "sv-SE", marketId: "se") { orderId }
      }`,
      variables: {
        cartId,
        checkout: {
          email,
          customerType: 'PERSON',
          billingAddress: STOCKHOLM,
          shippingAddress: STOCKHOLM,
          paymentId: 3,
          shippingId: 1,
          identityNumber: '19811218-9876',
        },
      },
    },
  });
  const body = (await placed.json()) as { data: { placeOrder: { orderId: string } } };
  return body.data.placeOrder.orderId;
}

test('my orders: the order in progress opens to its lines, and "Köp igen" fills the cart', async ({
  page,
  baseURL,
}) => {
  const number = await customerWithOrder(page, baseURL!);
  await page.goto('/mina-sidor/ordrar');
  const inProgress = page.getByRole('region', { name: 'Pågående' });
  await inProgress.getByText(`Order ${number}`).click();
  await expect(inProgress.getByText('Pilot G-Tec-C4 Gelpenna 0,4 mm blå')).toBeVisible();
  await expect(inProgress.getByText('Mottagen').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await inProgress.getByRole('button', { name: `Köp varorna i order ${number} igen` }).click();
  await expect(page).toHaveURL(/\/kassan$/);
  await expect(
    page.getByText(`Varorna från order ${number} ligger nu i varukorgen, till dagens priser.`),
  ).toBeVisible();

  await page.goto('/mina-sidor/ordrar');
  await page.getByRole('navigation', { name: 'Mina sidor' }).getByRole('link', { name: 'Saldo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mitt saldo' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the order opens and buys again as plain HTML (en)', async ({ page, baseURL }) => {
    const number = await customerWithOrder(page, baseURL!);
    await page.goto('/en/my-account/orders');
    await page.getByText(`Order ${number}`).click();
    await expect(page.getByText('Pilot G-Tec-C4 Gel pen 0.4 mm blue')).toBeVisible();
    await page.getByRole('button', { name: `Buy the items of order ${number} again` }).click();
    await expect(page).toHaveURL(/\/en\/checkout$/);
    await expect(page.getByText(`The items of order ${number} are in your cart, at today’s prices.`)).toBeVisible();
  });
});
