// Issue 14 in a browser: the settings of my pages. Change the details and find them in the next checkout;
// a wrong current password logs out; deleting the account logs out for good. In Swedish and English, with
// JavaScript and without it, axe on the settings page.
import { expect, test } from './fixtures';
import { PASSWORD, registeredCustomer } from './my-pages-helpers';
import { expectNoAxeViolations } from './axe';

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('changed details are saved and fill in the next checkout', async ({ page, baseURL }) => {
      const email = await registeredCustomer(page, baseURL!, 'settings-checkout');
      // Spec §2: moving between the pages of my pages does not scroll to the top.
      await page.goto('/mina-sidor/saldo');
      await page.getByRole('navigation', { name: 'Mina sidor' }).getByRole('link', { name: 'Inställningar' }).click();
      await expect(page).toHaveURL(/\/mina-sidor\/installningar#account-title$/);
      if (javaScriptEnabled) expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const details = page.getByRole('region', { name: 'Dina uppgifter' });
      await details.getByLabel('Förnamn').fill('Greta');
      await details.getByLabel('Efternamn').fill('Lind');
      await details.getByLabel('Gatuadress').fill('Sveavägen 10');
      await details.getByLabel('Postnummer').fill('111 57');
      await details.getByLabel('Ort', { exact: true }).fill('Stockholm');
      await details.getByLabel('Personnummer').fill('811218-9876');
      await details.getByRole('radio', { name: 'Kvinna' }).check();
      await details.getByRole('button', { name: 'Spara uppgifterna' }).click();
      await expect(page.getByText('Dina uppgifter är sparade.')).toBeVisible();
      await expect(details.getByLabel('Förnamn')).toHaveValue('Greta');
      // axe runs as a script in the page: the runs with JavaScript check the same HTML.
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.request.post('/api/cart/add', {
        form: { productId: '630', skuId: '715', quantity: '1', redirect: '/' },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      await page.goto('/kassan');
      // The buyer's fields (the delivery address has its own, empty unless chosen).
      await expect(page.locator('#checkout-email')).toHaveValue(email);
      await expect(page.locator('#checkout-firstName')).toHaveValue('Greta');
      await expect(page.locator('#checkout-addressLine1')).toHaveValue('Sveavägen 10');
      await expect(page.locator('#checkout-zip')).toHaveValue('111 57');
    });

    test('a missing name is refused with the spec’s message, in English too', async ({ page, baseURL }) => {
      await registeredCustomer(page, baseURL!, 'settings-invalid');
      await page.goto('/en/my-account/settings');
      const details = page.getByRole('region', { name: 'Your details' });
      await details.getByLabel('City').fill('Uppsala');
      await details.getByRole('button', { name: 'Save details' }).click();
      await expect(details.getByText('Make sure all fields are valid')).toBeVisible();
      await expect(details.getByText('This field is required').first()).toBeVisible();
      await expect(details.getByLabel('City')).toHaveValue('Uppsala');
      // axe runs as a script in the page: the runs with JavaScript check the same HTML.
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    });

    test('a wrong current password logs out, with the reason', async ({ page, baseURL }) => {
      await registeredCustomer(page, baseURL!, 'settings-wrong');
      await page.goto('/mina-sidor/installningar');
      const password = page.getByRole('region', { name: 'Byt lösenord' });
      await password.getByLabel('Nuvarande lösenord').fill('felfelfel');
      await password.getByLabel('Nytt lösenord').fill('nyttlösen1');
      await password.getByLabel('Upprepa lösenordet').fill('nyttlösen1');
      await password.getByRole('button', { name: 'Byt lösenord' }).click();
      await expect(page.getByText('Du angav fel lösenord och har loggats ut av säkerhetsskäl')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Logga in', level: 2 })).toBeVisible();
      await page.goto('/mina-sidor/installningar');
      await expect(page).toHaveURL(/\/$/);
    });

    test('deleting the account logs out, and it cannot log in again', async ({ page, baseURL }) => {
      const email = await registeredCustomer(page, baseURL!, 'settings-delete');
      await page.goto('/en/my-account/settings');
      const danger = page.getByRole('region', { name: 'Delete account' });
      await danger.getByText('I want to delete my account').click();
      await danger.getByLabel('Your password').fill(PASSWORD);
      await danger.getByRole('button', { name: 'Delete my account' }).click();
      await expect(
        page.getByText('Your account is deleted and you are logged out. Your personal data has been removed.'),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/en$/);
      await page.goto('/en/account');
      const login = page.getByRole('form', { name: 'Log in' });
      await login.getByLabel('Email').fill(email);
      await login.getByLabel('Password').fill(PASSWORD);
      await login.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page.getByText('Wrong email or password, please try again').first()).toBeVisible();
    });
  });
}
