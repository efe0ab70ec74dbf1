// Favorites and the order confirmation as a shopper meets them: the heart on cards (with JavaScript in
// place, without it as a plain form), the favorites page, and the confirmation and failed-payment pages.
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './axe';

/** The first card of the new-items list: its product name. */
async function firstCardName(page: Page): Promise<string> {
  const name = await page.locator('.product-card').first().getAttribute('data-item-name');
  expect(name).toBeTruthy();
  return name!;
}

async function graphql(request: APIRequestContext, query: string, variables: Record<string, unknown>) {
  const response = await request.post('/graphql', { data: { query, variables } });
  const body = (await response.json()) as { data?: Record<string, any>; errors?: { message: string }[] };
  expect(body.errors).toBeUndefined();
  return body.data!;
}

/** Places an invoice order for one unit of an in-stock product with one sku; the confirmation page's path. */
async function placedOrderPath(request: APIRequestContext): Promise<string> {
  const scope = { channelId: '1|se', languageId: 'sv-SE', marketId: 'se' };
  const list = await graphql(
    request,
    `
      query ($languageId: String) {
        products(take: 100, languageId: $languageId) {
          products {
            productId
            skus {
              skuId
              stock {
                inStock
                oversellable
                static
              }
            }
          }
        }
      }
    `,
    scope,
  );
  const product = (
    list.products.products as {
      skus: { skuId: number; stock: { inStock: number; oversellable: number; static: number | null } }[];
    }[]
  ).find(
    (p) =>
      p.skus.length === 1 &&
      p.skus[0]!.stock.inStock > 5 &&
      p.skus[0]!.stock.oversellable === 0 &&
      p.skus[0]!.stock.static === null,
  )!;
  const cart = await graphql(
    request,
    `
      query ($channelId: String, $languageId: String, $marketId: String) {
        getCart(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
          id
        }
      }
    `,
    scope,
  );
  const cartId = cart.getCart.id as string;
  await graphql(
    request,
    `
      mutation ($id: String!, $item: CartItemInputType!, $channelId: String, $languageId: String, $marketId: String) {
        addToCart(id: $id, item: $item, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
          id
        }
      }
    `,
    { ...scope, id: cartId, item: { skuId: product.skus[0]!.skuId, quantity: 1 } },
  );
  const address = {
    firstName: 'Anna',
    lastName: 'Svensson',
    addressLine1: 'Storgatan 1',
    zip: '114 55',
    city: 'Stockholm',
    country: 'SE',
    mobile: '0701234567',
  };
  const placed = await graphql(
    request,
    `
      mutation (
        $cartId: String!
        $checkout: CheckoutInputType!
        $channelId: String
        $languageId: String
        $marketId: String
      ) {
        placeOrder(
          cartId: $cartId
          checkout: $checkout
          channelId: $channelId
          languageId: $languageId
          marketId: $marketId
        ) {
          orderId
          redirectUrl
        }
      }
    `,
    {
      ...scope,
      cartId,
      checkout: {
        email: 'anna@example.com',
        customerType: 'PERSON',
        billingAddress: address,
        shippingAddress: address,
        paymentId: 3,
        shippingId: 1,
        identityNumber: '19811218-9876',
      },
    },
  );
  return placed.placeOrder.redirectUrl as string;
}

test.describe('favorites with JavaScript', () => {
  for (const { locale, list, favorites, toggle, headerOne, empty } of [
    {
      locale: 'sv',
      list: '/nyheter',
      favorites: '/favoriter',
      toggle: (name: string) => `Spara ${name} som favorit`,
      headerOne: 'Favoriter, 1 produkt',
      empty: 'Du har inga favoriter ännu',
    },
    {
      locale: 'en',
      list: '/en/news',
      favorites: '/en/favorites',
      toggle: (name: string) => `Save ${name} as a favorite`,
      headerOne: 'Favorites, 1 product',
      empty: 'You have no favorites yet',
    },
  ]) {
    test(`the heart on a card saves in place, and the favorites page lists and removes it (${locale})`, async ({
      page,
    }) => {
      await page.goto(list);
      const name = await firstCardName(page);
      const heart = page.getByRole('button', { name: toggle(name), exact: true });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      // A page load would lose this mark.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('link', { name: headerOne })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      const wishlist = await page.evaluate(() =>
        (window.dataLayer ?? []).filter((entry) => entry.event === 'add_to_wishlist'),
      );
      expect(wishlist).toHaveLength(1);
      expect(wishlist[0]).toMatchObject({ ecommerce: { items: [{ item_name: name }] } });

      await page.getByRole('link', { name: headerOne }).click();
      await expect(page).toHaveURL(new RegExp(`${favorites}$`));
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      // The page's script (an async module, run by the load event) must be there for the removal to be
      // in place: a click before it is a plain form post, which removes too, with a page load.
      await page.waitForLoadState('load');
      await expectNoAxeViolations(page);

      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await page.getByRole('button', { name: toggle(name), exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: empty })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      await page.reload();
      await expect(page.getByRole('heading', { name: empty })).toBeVisible();
    });
  }

  test("a card's heart whose script cannot load is posted the plain way and comes back pressed", async ({ page }) => {
    // The favorites script never arrives (a deploy that took it away, a network that dropped it).
    await page.route('**/assets/chunk-favorite-toggle-*.js', (route) => route.abort('failed'));
    await page.goto('/nyheter');
    await page.waitForLoadState('load');
    const name = await firstCardName(page);
    const heart = page.getByRole('button', { name: `Spara ${name} som favorit`, exact: true });
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await heart.click();
    // The grid's form with the heart's product and formaction: back on the list, with the heart pressed.
    await expect(page.getByRole('link', { name: 'Favoriter, 1 produkt' })).toBeVisible();
    await expect(page).toHaveURL(/\/nyheter$/);
    await expect(page.getByRole('button', { name: `Spara ${name} som favorit`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBeUndefined();
  });

  test('the heart on the product page saves in place too', async ({ page }) => {
    await page.goto('/nyheter');
    const href = await page.locator('.product-card__link').first().getAttribute('href');
    await page.goto(href!);
    const heart = page.getByRole('button', { name: 'Spara som favorit', exact: true });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: 'Favoriter, 1 produkt' })).toBeVisible();
  });
});

test.describe('favorites without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the heart on a card is a form that saves and comes back; the favorites page removes it the same way', async ({
    page,
  }) => {
    await page.goto('/nyheter');
    const name = await firstCardName(page);
    await page.getByRole('button', { name: `Spara ${name} som favorit`, exact: true }).click();
    await expect(page).toHaveURL(/\/nyheter$/);
    await expect(page.getByRole('status').filter({ hasText: `${name} har sparats i dina favoriter` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Spara ${name} som favorit`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.goto('/favoriter');
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await page.getByRole('button', { name: `Spara ${name} som favorit`, exact: true }).click();
    await expect(page).toHaveURL(/\/favoriter$/);
    await expect(page.getByRole('heading', { name: 'Du har inga favoriter ännu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upptäck våra nyheter' })).toHaveAttribute('href', '/nyheter');
  });
});

test.describe('order confirmation and failed payment', () => {
  test('the confirmation shows the order, sends purchase once, and passes axe', async ({ page }) => {
    const path = await placedOrderPath(page.request);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Tack för din beställning!' })).toBeVisible();
    await expect(page.getByText('Storgatan 1').first()).toBeVisible();
    const purchases = () => page.evaluate(() => (window.dataLayer ?? []).filter((entry) => entry.event === 'purchase'));
    await expect.poll(purchases).toHaveLength(1);
    const [purchase] = await purchases();
    expect(purchase).toMatchObject({
      ecommerce: { currency: 'SEK', user_data: { email: expect.stringMatching(/^[0-9a-f]{64}$/) } },
    });
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Tack för din beställning!' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await purchases()).toHaveLength(0);
  });

  test('the failed-payment page explains the reason, leads back to the checkout and passes axe', async ({ page }) => {
    await page.goto('/checkout/klarna-fail?reason=declined');
    await expect(page.getByRole('heading', { level: 1, name: 'Betalningen gick inte igenom' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Betalningen godkändes inte');
    await expect(page.getByRole('link', { name: 'Tillbaka till kassan' })).toHaveAttribute('href', '/kassan');
    await expectNoAxeViolations(page);
  });
});
