// Issue 14 in a browser: "Ångra köp" from my pages, in Swedish with JavaScript and in English without:
// log in, place an invoice order, see it Mottagen, open its detail, withdraw one item in two steps, and find
// the acknowledgement in the dev mailbox; axe on the new screens.
import { expect, test } from './fixtures';
import { customerWithOrder } from './my-pages-helpers';
import { expectNoAxeViolations } from './axe';

test('Ångra köp: one of two pens withdrawn from my pages, acknowledged on the page and in the mailbox', async ({
  page,
  baseURL,
}) => {
  const number = await customerWithOrder(page, baseURL!, 'angra');
  await page.goto('/mina-sidor/ordrar');
  const inProgress = page.getByRole('region', { name: 'Pågående' });
  await inProgress.getByText(`Order ${number}`).click();
  await expect(inProgress.getByText('Mottagen').first()).toBeVisible();
  await expect(inProgress.getByRole('region', { name: 'Orderhistorik' })).toContainText('Mottagen');
  await expectNoAxeViolations(page);
  await inProgress.getByRole('link', { name: `Ångra köp i order ${number}` }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Ångra köp' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Antal att ångra av Pilot G-Tec-C4 Gelpenna 0,4 mm blå').selectOption('1');
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(page.getByRole('heading', { name: 'Bekräfta ditt ångerköp' })).toBeVisible();
  await expect(page.getByText('1 × Pilot G-Tec-C4 Gelpenna 0,4 mm blå')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Bekräfta ångerköp' }).click();
  await expect(
    page.getByText('Ditt ångerköp är registrerat. Vi har skickat en bekräftelse till din e-post.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Så skickar du tillbaka varorna' })).toBeVisible();
  await expect(page.getByText('2 köpta, 1 kvar att ångra')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/_dev/mailbox');
  await expect(page.getByText(`Bekräftelse på ditt ångerköp – order ${number}`).first()).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('withdraw from purchase in English as plain HTML forms', async ({ page, baseURL }) => {
    const number = await customerWithOrder(page, baseURL!, 'angra');
    await page.goto('/en/my-account/orders');
    await page.getByText(`Order ${number}`).click();
    await expect(page.getByText('Received').first()).toBeVisible();
    await page.getByRole('link', { name: `Withdraw from purchase in order ${number}` }).click();
    await expect(page).toHaveURL(/\/en\/withdrawal\?t=/);
    await page.getByLabel(/Quantity of .* to withdraw/).selectOption('1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(
      page.getByText('Your withdrawal is registered. We have sent a confirmation to your email.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to send the goods back' })).toBeVisible();

    await page.goto('/_dev/mailbox');
    await expect(page.getByText(`Bekräftelse på ditt ångerköp – order ${number}`).first()).toBeVisible();
  });
});
