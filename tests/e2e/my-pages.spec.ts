// Issue 14 in a browser (first steps): my orders with an order placed, opened, bought again; my balance;
// axe on both pages; the same pages without JavaScript.
import { expect, test } from './fixtures';
import { customerWithOrder } from './my-pages-helpers';
import { expectNoAxeViolations } from './axe';

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
