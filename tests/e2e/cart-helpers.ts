// The header's cart as the e2e specs reach for it.
import { expect, type Page } from '@playwright/test';

/** The header's cart: a link to the checkout until its island wakes, then the button that opens the panel. */
export const cartButton = (page: Page) => page.locator('[data-island="CartCounter"] [data-replay="cart"]');

/**
 * Opens the cart panel from the header after an add, as a shopper does: once the 'added' notice that
 * covers the header's cart has had its 5 s. Clicking through it raced it: the click landed on the notice,
 * which then stayed while the pointer rested on it.
 */
export async function openCartPanel(page: Page): Promise<void> {
  await expect(page.locator('[data-cart-notice]')).toBeHidden({ timeout: 7000 });
  await cartButton(page).click();
}
