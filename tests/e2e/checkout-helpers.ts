// Shared by the specs that go through the checkout: a Swedish private shopper paying by invoice, typed in
// as the shopper would, once the checkout's island has woken.
import { expect, type Page } from '@playwright/test';

export const SWEDISH_PERSON = {
  'E-post': 'anna.svensson@example.com',
  Mobilnummer: '0701234567',
  Förnamn: 'Anna',
  Efternamn: 'Svensson',
  Gatuadress: 'Storgatan 1',
  Postnummer: '114 55',
  Ort: 'Stockholm',
};

/** Fills the checkout's text fields by their labels. */
export async function fill(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields))
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
}

/** Fills in a Privatperson in Stockholm paying by invoice and accepts the terms. */
export async function fillSwedishInvoice(page: Page, person: Record<string, string> = SWEDISH_PERSON): Promise<void> {
  // Invoice first: with an external checkout chosen (a remote API's card, issue 26) the address form is hidden.
  await page.getByRole('radio', { name: 'Faktura' }).check();
  await fill(page, person);
  await page.getByRole('textbox', { name: 'Personnummer' }).fill('811218-9876');
  await page.getByRole('checkbox', { name: 'Jag har läst och godkänner köpvillkoren' }).check();
}

/**
 * The shopper reaches for the form, which wakes its island (issue 15: islands load on intent), and the
 * island takes it over (it is marked hydrated; the no-JS save buttons step aside).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('[data-island="Checkout"]').hover();
  await expect(page.locator('[data-island="Checkout"][data-hydrated]')).toBeAttached();
  await expect(page.locator('.checkout-form__save')).toBeHidden();
}
